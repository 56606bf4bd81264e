package io.c2spark.core.porep.seal;

import io.c2spark.core.porep.RegisteredSealProof;
import io.c2spark.core.porep.graph.StackedGraph;
import java.util.function.Consumer;

/**
 * Seals a sector in memory (PreCommit phases 1 and 2 of rfp filecoin-proofs seal.rs): tree_d and
 * comm_d over the padded data, replica_id, the parent graph, the labels of every layer, tree_c
 * over the column hashes, the replica (last label + data), tree_r_last, and
 * comm_r = Poseidon-2(comm_c, comm_r_last). Holds everything in the Java heap, so it is for sizes
 * up to 512MiB.
 */
public final class Sealer {
    private Sealer() {
    }

    /**
     * @param data the fr32-padded sector, exactly the sector size
     * @param progress receives one line per step; may be null
     */
    public static SealedSector seal(RegisteredSealProof proof, byte[] data, byte[] proverId, long sectorId,
                                    byte[] ticket, Consumer<String> progress) {
        proof.requireInteractive();
        long sectorBytes = proof.shape().sectorBytes();
        if (data.length != sectorBytes) {
            throw new IllegalArgumentException("sector data has " + data.length + " bytes, " + proof + " needs "
                    + sectorBytes);
        }
        if (sectorBytes > (1L << 30)) {
            throw new IllegalArgumentException("in-memory sealing supports sectors up to 512MiB, not " + proof);
        }
        Consumer<String> log = progress == null ? s -> { } : progress;
        int nodes = (int) proof.shape().nodes();
        int layers = proof.shape().layers();
        long t0 = System.nanoTime();

        MerkleTree treeD = MerkleTree.sha256Binary(data);
        log.accept(step(t0, "tree_d built, comm_d " + hex(treeD.root())));
        byte[] replicaId = ReplicaId.compute(proverId, sectorId, ticket, treeD.root(), proof.porepId());

        StackedGraph graph = StackedGraph.of(proof);
        int[] parents = graph.generate();
        log.accept(step(t0, "parent graph generated (" + nodes + " nodes)"));

        byte[][] labels = Labeler.labelAll(parents, nodes, layers, replicaId,
                layer -> log.accept(step(t0, "layer " + layer + "/" + layers + " labelled")));
        parents = null;

        MerkleTree treeC = MerkleTree.poseidon(proof.shape().treeR(), Columns.hashAll(labels, nodes));
        log.accept(step(t0, "tree_c built, comm_c " + hex(treeC.root())));

        byte[] replica = Encoding.encodeAll(labels[labels.length - 1], data);
        MerkleTree treeR = MerkleTree.poseidon(proof.shape().treeR(), replica);
        log.accept(step(t0, "replica encoded, tree_r_last built, comm_r_last " + hex(treeR.root())));

        byte[] commR = commR(treeC.root(), treeR.root());
        log.accept(step(t0, "comm_r " + hex(commR)));
        return new SealedSector(proof, graph, proverId.clone(), sectorId, ticket.clone(), replicaId, data, labels,
                replica, treeD, treeC, treeR, commR);
    }

    /** comm_r = Poseidon arity 2 (Merkle tag) of comm_c and comm_r_last (rfp stacked/vanilla/proof.rs). */
    public static byte[] commR(byte[] commC, byte[] commRLast) {
        byte[] in = new byte[64];
        System.arraycopy(commC, 0, in, 0, 32);
        System.arraycopy(commRLast, 0, in, 32, 32);
        byte[] out = new byte[32];
        NodeHasher.POSEIDON.hash(in, 0, 2, out, 0);
        return out;
    }

    static String hex(byte[] b) {
        return java.util.HexFormat.of().formatHex(b);
    }

    private static String step(long t0, String what) {
        return String.format("[%7.1f s] %s", (System.nanoTime() - t0) / 1e9, what);
    }
}
