package io.c2spark.core.porep.seal;

import io.c2spark.core.porep.RegisteredSealProof;
import io.c2spark.core.porep.SectorShape;
import io.c2spark.core.porep.graph.BucketGraph;
import io.c2spark.core.porep.graph.FeistelExpander;
import io.c2spark.core.porep.graph.StackedGraph;
import io.c2spark.core.field.FrBytes;
import io.c2spark.core.porep.vanilla.proof.ColumnProof;
import io.c2spark.core.porep.vanilla.proof.EncodingProof;
import io.c2spark.core.porep.vanilla.proof.LabelingProof;
import io.c2spark.core.porep.vanilla.proof.MerkleProof;
import io.c2spark.core.porep.vanilla.proof.ReplicaColumnProof;
import io.c2spark.core.porep.vanilla.proof.TreeShape;
import io.c2spark.core.porep.vanilla.proof.VanillaProof;
import io.c2spark.core.porep.vanilla.proof.VanillaProofException;
import java.util.Arrays;
import java.util.Objects;
import java.util.stream.IntStream;

/**
 * Native verification of C1 vanilla proofs, following rfp stacked/vanilla/proof_scheme.rs
 * verify_all_partitions and params.rs Proof::verify, with stricter checks: every Merkle path has
 * the tree's shape and is recomputed to its root, every value is a field element, and every
 * labeling proof's parents must equal the labels in the parents' columns (which is what the
 * circuit uses). The first failure is reported with its partition, challenge index and field.
 */
public final class VanillaVerifier {
    private VanillaVerifier() {
    }

    public static void verify(RegisteredSealProof proof, byte[] replicaId, byte[] commD, byte[] commR, byte[] seed,
                              VanillaProof[][] partitions) throws VanillaProofException {
        proof.requireInteractive();
        SectorShape shape = proof.shape();
        if (partitions.length != shape.partitions()) {
            throw new VanillaProofException(partitions.length, -1, "vanilla_proofs",
                    shape.partitions() + " partitions expected, found " + partitions.length);
        }
        StackedGraph graph = StackedGraph.of(proof);
        int perPartition = shape.challengesPerPartition();
        long[][] challenges = new long[partitions.length][];
        for (int k = 0; k < partitions.length; k++) {
            VanillaProof[] proofs = partitions[k];
            challenges[k] = Challenges.partition(proof, replicaId, seed, k);
            if (proofs.length != challenges[k].length) {
                throw new VanillaProofException(k, -1, "vanilla_proofs[" + k + "]",
                        challenges[k].length + " challenge proofs expected, found " + proofs.length);
            }
            byte[] commC = proofs[0].replicaColumnProofs().cX().inclusionProof().root();
            byte[] commRLast = proofs[0].commRLastProof().root();
            if (!Arrays.equals(Sealer.commR(commC, commRLast), commR)) {
                throw new VanillaProofException(k, 0, "comm_r",
                        "Poseidon(comm_c, comm_r_last) of the proofs differs from comm_r " + Sealer.hex(commR));
            }
        }
        // Challenges are independent: check them in parallel, then report the first failure in file order.
        VanillaProofException first = IntStream.range(0, partitions.length * perPartition).parallel()
                .mapToObj(n -> {
                    int k = n / perPartition;
                    int i = n % perPartition;
                    VanillaProof[] proofs = partitions[k];
                    try {
                        verifyChallenge(proof, graph, replicaId, commD,
                                proofs[0].replicaColumnProofs().cX().inclusionProof().root(),
                                proofs[0].commRLastProof().root(), challenges[k][i], proofs[i], k, i);
                        return null;
                    } catch (VanillaProofException e) {
                        return e;
                    } catch (RuntimeException e) {
                        return new VanillaProofException(k, i, "vanilla_proof", "malformed: " + e);
                    }
                })
                .filter(Objects::nonNull).findFirst().orElse(null);
        if (first != null) {
            throw first;
        }
    }

    private static void verifyChallenge(RegisteredSealProof proof, StackedGraph graph, byte[] replicaId, byte[] commD,
                                        byte[] commC, byte[] commRLast, long challenge, VanillaProof p, int k, int i)
            throws VanillaProofException {
        SectorShape shape = proof.shape();
        checkTree(p.commDProofs(), shape.treeD(), NodeHasher.SHA256, challenge, commD, k, i, "comm_d_proofs");
        checkTree(p.commRLastProof(), shape.treeR(), NodeHasher.POSEIDON, challenge, commRLast, k, i, "comm_r_last_proof");

        int[] parents = new int[StackedGraph.DEGREE];
        graph.parents(challenge, parents, 0);
        ReplicaColumnProof columns = p.replicaColumnProofs();
        checkColumn(shape, columns.cX(), challenge, commC, k, i, "replica_column_proofs.c_x");
        if (columns.drgParents().length != BucketGraph.DEGREE || columns.expParents().length != FeistelExpander.DEGREE) {
            throw new VanillaProofException(k, i, "replica_column_proofs",
                    "6 drg_parents and 8 exp_parents expected, found " + columns.drgParents().length + " and "
                            + columns.expParents().length);
        }
        for (int j = 0; j < StackedGraph.DEGREE; j++) {
            boolean drg = j < BucketGraph.DEGREE;
            ColumnProof cp = drg ? columns.drgParents()[j] : columns.expParents()[j - BucketGraph.DEGREE];
            String name = drg ? "replica_column_proofs.drg_parents[" + j + "]"
                    : "replica_column_proofs.exp_parents[" + (j - BucketGraph.DEGREE) + "]";
            checkColumn(shape, cp, Integer.toUnsignedLong(parents[j]), commC, k, i, name);
        }

        int layers = shape.layers();
        if (p.labelingProofs().length != layers) {
            throw new VanillaProofException(k, i, "labeling_proofs", layers + " expected, found " + p.labelingProofs().length);
        }
        byte[] cx = columns.cX().rows();
        for (int layer = 1; layer <= layers; layer++) {
            LabelingProof lp = p.labelingProofs()[layer - 1];
            String name = "labeling_proofs[" + (layer - 1) + "]";
            checkParents(lp.parents(), lp.layerIndex(), lp.node(), layer, challenge,
                    VanillaProver.parentLabels(columns, layer), k, i, name);
            byte[] label = Labeler.label(replicaId, layer, challenge, lp.parents());
            if (!Arrays.equals(label, 0, 32, cx, 32 * (layer - 1), 32 * layer)) {
                throw new VanillaProofException(k, i, name, "label of node " + challenge + " in layer " + layer
                        + " differs from the challenged column's row");
            }
        }
        EncodingProof ep = p.encodingProof();
        checkParents(ep.parents(), ep.layerIndex(), ep.node(), layers, challenge,
                VanillaProver.parentLabels(columns, layers), k, i, "encoding_proof");
        byte[] key = Labeler.label(replicaId, layers, challenge, ep.parents());
        if (!Arrays.equals(Encoding.encode(key, p.commDProofs().leaf()), p.commRLastProof().leaf())) {
            throw new VanillaProofException(k, i, "encoding_proof",
                    "key + data node differs from the replica leaf of comm_r_last_proof");
        }
    }

    private static void checkParents(byte[] parents, int layerIndex, long node, int layer, long challenge,
                                     byte[] expected, int k, int i, String name) throws VanillaProofException {
        if (layerIndex != layer || node != challenge) {
            throw new VanillaProofException(k, i, name, "layer_index " + layerIndex + " node " + node
                    + " expected layer " + layer + " node " + challenge);
        }
        if (!Arrays.equals(parents, expected)) {
            throw new VanillaProofException(k, i, name + ".parents",
                    "parent labels differ from the parents' columns (" + parents.length / 32 + " given)");
        }
    }

    private static void checkColumn(SectorShape shape, ColumnProof cp, long node, byte[] commC, int k, int i,
                                    String name) throws VanillaProofException {
        if (cp.index() != node) {
            throw new VanillaProofException(k, i, name + ".column.index", "column of node " + cp.index()
                    + ", expected " + node);
        }
        if (cp.layers() != shape.layers()) {
            throw new VanillaProofException(k, i, name + ".column.rows",
                    shape.layers() + " rows expected, found " + cp.layers());
        }
        for (int r = 0; r < cp.layers(); r++) {
            if (!FrBytes.isCanonical(cp.rows(), 32 * r)) {
                throw new VanillaProofException(k, i, name + ".column.rows[" + r + "]", "not a field element");
            }
        }
        if (!Arrays.equals(Columns.hash(cp.rows(), shape.layers()), cp.inclusionProof().leaf())) {
            throw new VanillaProofException(k, i, name + ".inclusion_proof.leaf", "differs from the column hash");
        }
        checkTree(cp.inclusionProof(), shape.treeR(), NodeHasher.POSEIDON, node, commC, k, i, name + ".inclusion_proof");
    }

    private static void checkTree(MerkleProof mp, TreeShape expected, NodeHasher hasher, long index,
                                  byte[] expectedRoot, int k, int i, String name) throws VanillaProofException {
        if (!mp.shape().equals(expected)) {
            throw new VanillaProofException(k, i, name, "tree shape " + mp.shape() + ", expected " + expected);
        }
        if (!FrBytes.isCanonical(mp.leaf(), 0)) {
            throw new VanillaProofException(k, i, name + ".leaf", "not a field element");
        }
        if (!FrBytes.isCanonical(mp.root(), 0)) {
            throw new VanillaProofException(k, i, name + ".root", "not a field element");
        }
        for (int s = 0; s < expected.siblingCount(); s++) {
            if (!FrBytes.isCanonical(mp.siblings(), 32 * s)) {
                throw new VanillaProofException(k, i, name + ".path", "sibling " + s + " is not a field element");
            }
        }
        for (int l = 0; l < expected.levels(); l++) {
            if (mp.indices()[l] < 0 || mp.indices()[l] >= expected.arityAt(l)) {
                throw new VanillaProofException(k, i, name + ".path", "index " + mp.indices()[l] + " at level " + l
                        + " outside the arity " + expected.arityAt(l));
            }
        }
        if (mp.leafIndex() != index) {
            throw new VanillaProofException(k, i, name, "proves leaf " + mp.leafIndex() + ", expected " + index);
        }
        if (!Arrays.equals(mp.root(), expectedRoot)) {
            throw new VanillaProofException(k, i, name + ".root", "root " + Sealer.hex(mp.root()) + " expected "
                    + Sealer.hex(expectedRoot));
        }
        if (!Arrays.equals(MerkleTree.computeRoot(mp, hasher), mp.root())) {
            throw new VanillaProofException(k, i, name, "path does not hash to its root");
        }
    }
}
