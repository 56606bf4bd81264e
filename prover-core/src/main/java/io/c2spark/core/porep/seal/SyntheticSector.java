package io.c2spark.core.porep.seal;

import io.c2spark.core.porep.RegisteredSealProof;
import io.c2spark.core.porep.SectorShape;
import io.c2spark.core.porep.c1.C1Output;
import io.c2spark.core.porep.graph.StackedGraph;
import io.c2spark.core.porep.hash.FilecoinSha256;
import io.c2spark.core.porep.vanilla.proof.VanillaProof;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.Consumer;

/**
 * A SYNTHETIC sector, not a sealed one: for testing and benchmarking C2 at any size (32GiB and
 * 64GiB included) without sealing. Its data is all zero (so comm_d is the real empty-sector
 * comm_d). Only the challenged nodes are real: their labels in every layer are computed from
 * their parents' labels exactly as sealing does, and their replica nodes are label + data. Every
 * other node's column is a fixed filler (a hash of the node and layer), and every unopened leaf of
 * tree_c and tree_r_last is zero; the trees are built sparsely, in O(challenges x depth) hashes.
 * Its vanilla proofs therefore pass native verification and are consistent for the circuit, but
 * no real replica stands behind comm_r. Nothing in it is random: the same proof, prover id, sector
 * id, ticket and seed give the same sector and C1 ({@link SyntheticInputs} derives those values
 * from one generator seed).
 */
public final class SyntheticSector implements SectorOpenings {
    private static final byte[] FILLER_TAG = "c2spark synthetic filler label".getBytes(StandardCharsets.US_ASCII);

    private final RegisteredSealProof proof;
    private final StackedGraph graph;
    private final byte[] replicaId;
    private final int layers;
    private final Map<Long, byte[][]> columns = new HashMap<>();
    private final SparseMerkleTree treeD;
    private final SparseMerkleTree treeC;
    private final SparseMerkleTree treeR;
    private final byte[] commR;

    public SyntheticSector(RegisteredSealProof proof, byte[] proverId, long sectorId, byte[] ticket, byte[] seed,
                           Consumer<String> progress) {
        proof.requireInteractive();
        Consumer<String> log = progress == null ? s -> { } : progress;
        long t0 = System.nanoTime();
        this.proof = proof;
        SectorShape shape = proof.shape();
        this.layers = shape.layers();
        this.graph = StackedGraph.of(proof);

        treeD = new SparseMerkleTree(shape.treeD(), NodeHasher.SHA256, new byte[32], Map.of());
        replicaId = ReplicaId.compute(proverId, sectorId, ticket, treeD.root(), proof.porepId());

        TreeSet<Long> challenged = new TreeSet<>();
        for (int k = 0; k < shape.partitions(); k++) {
            for (long c : Challenges.partition(proof, replicaId, seed, k)) {
                challenged.add(c);
            }
        }
        Map<Long, int[]> parents = new HashMap<>();
        for (long c : challenged) {
            int[] p = new int[StackedGraph.DEGREE];
            graph.parents(c, p, 0);
            parents.put(c, p);
            for (int q : p) {
                columns.computeIfAbsent(Integer.toUnsignedLong(q), this::fillerColumn);
            }
            columns.computeIfAbsent(c, this::fillerColumn);
        }
        log.accept(step(t0, challenged.size() + " challenged nodes, " + columns.size() + " columns opened"));

        byte[] parentLabels = new byte[32 * Labeler.TOTAL_PARENTS];
        for (int layer = 1; layer <= layers; layer++) {
            int distinct = layer == 1 ? 6 : StackedGraph.DEGREE;
            for (long c : challenged) {
                int[] p = parents.get(c);
                for (int k = 0; k < Labeler.TOTAL_PARENTS; k++) {
                    int j = k % distinct;
                    byte[][] col = columns.get(Integer.toUnsignedLong(p[j]));
                    System.arraycopy(col[j < 6 ? layer - 1 : layer - 2], 0, parentLabels, 32 * k, 32);
                }
                columns.get(c)[layer - 1] = Labeler.label(replicaId, layer, c, parentLabels);
            }
        }

        Map<Long, byte[]> cLeaves = new HashMap<>();
        columns.forEach((node, col) -> {
            byte[] rows = new byte[32 * layers];
            for (int l = 0; l < layers; l++) {
                System.arraycopy(col[l], 0, rows, 32 * l, 32);
            }
            cLeaves.put(node, Columns.hash(rows, layers));
        });
        treeC = new SparseMerkleTree(shape.treeR(), NodeHasher.POSEIDON, new byte[32], cLeaves);
        log.accept(step(t0, "tree_c built (sparse), comm_c " + Sealer.hex(treeC.root())));

        Map<Long, byte[]> rLeaves = new HashMap<>();
        for (long c : challenged) {
            rLeaves.put(c, Encoding.encode(columns.get(c)[layers - 1], new byte[32]));
        }
        treeR = new SparseMerkleTree(shape.treeR(), NodeHasher.POSEIDON, new byte[32], rLeaves);
        commR = Sealer.commR(treeC.root(), treeR.root());
        log.accept(step(t0, "tree_r_last built (sparse), comm_r " + Sealer.hex(commR)));
    }

    /** Builds a synthetic sector and its C1 output, whose vanilla proofs pass native verification. */
    public static C1Output c1(RegisteredSealProof proof, byte[] proverId, long sectorId, byte[] ticket, byte[] seed,
                              Consumer<String> progress) {
        SyntheticSector s = new SyntheticSector(proof, proverId, sectorId, ticket, seed, progress);
        VanillaProof[][] proofs = VanillaProver.prove(s, seed);
        return new C1Output(proof, proofs, s.commR(), s.commD(), s.replicaId(), seed.clone(), ticket.clone());
    }

    private byte[][] fillerColumn(long node) {
        byte[][] col = new byte[layers][];
        byte[] id = new byte[12];
        for (int j = 0; j < 8; j++) {
            id[j] = (byte) (node >>> (56 - 8 * j));
        }
        for (int l = 0; l < layers; l++) {
            id[8] = (byte) (l >>> 24);
            id[9] = (byte) (l >>> 16);
            id[10] = (byte) (l >>> 8);
            id[11] = (byte) l;
            col[l] = FilecoinSha256.hash(FILLER_TAG, replicaId, id);
        }
        return col;
    }

    private static String step(long t0, String what) {
        return String.format("[%7.1f s] %s", (System.nanoTime() - t0) / 1e9, what);
    }

    public byte[] commD() {
        return treeD.root();
    }

    public byte[] commR() {
        return commR.clone();
    }

    @Override
    public RegisteredSealProof proof() {
        return proof;
    }

    @Override
    public StackedGraph graph() {
        return graph;
    }

    @Override
    public byte[] replicaId() {
        return replicaId.clone();
    }

    @Override
    public int layers() {
        return layers;
    }

    @Override
    public byte[] label(long node, int layer) {
        byte[][] col = columns.get(node);
        if (col == null) {
            throw new IllegalArgumentException("node " + node + " is not opened in this synthetic sector");
        }
        return col[layer - 1].clone();
    }

    @Override
    public OpeningTree treeD() {
        return treeD;
    }

    @Override
    public OpeningTree treeC() {
        return treeC;
    }

    @Override
    public OpeningTree treeRLast() {
        return treeR;
    }
}
