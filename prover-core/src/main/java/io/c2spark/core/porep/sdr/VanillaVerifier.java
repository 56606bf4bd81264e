package io.c2spark.core.porep.sdr;

import io.c2spark.core.porep.RegisteredSealProof;
import io.c2spark.core.porep.TreeShape;
import io.c2spark.core.porep.graph.BucketGraph;
import io.c2spark.core.porep.graph.FeistelExpander;
import io.c2spark.core.porep.graph.StackedGraph;
import io.c2spark.core.porep.hash.FrBytes;
import io.c2spark.core.porep.vanilla.ColumnProof;
import io.c2spark.core.porep.vanilla.Domain;
import io.c2spark.core.porep.vanilla.EncodingProof;
import io.c2spark.core.porep.vanilla.InclusionPath;
import io.c2spark.core.porep.vanilla.LabelingProof;
import io.c2spark.core.porep.vanilla.MerkleProof;
import io.c2spark.core.porep.vanilla.PathElement;
import io.c2spark.core.porep.vanilla.VanillaProof;
import io.c2spark.core.porep.vanilla.VanillaProofException;
import java.util.List;

/**
 * Native verification of C1 vanilla proofs, following rfp stacked/vanilla/proof_scheme.rs
 * verify_all_partitions and params.rs Proof::verify, with stricter shape checks: every Merkle path
 * is recomputed to its root and has the tree's depth and arities, and every labeling proof's
 * parents must equal the labels in the parents' columns (what the circuit uses). The first
 * failure is reported with its partition, challenge index and field.
 */
public final class VanillaVerifier {
    private VanillaVerifier() {
    }

    public static void verify(RegisteredSealProof proof, byte[] replicaId, Domain commD, Domain commR, byte[] seed,
                              List<List<VanillaProof>> partitions) throws VanillaProofException {
        proof.requireSupported();
        if (partitions.size() != proof.partitions()) {
            throw new VanillaProofException(partitions.size(), -1, "vanilla_proofs",
                    proof.partitions() + " partitions expected, found " + partitions.size());
        }
        StackedGraph graph = StackedGraph.of(proof);
        for (int k = 0; k < partitions.size(); k++) {
            List<VanillaProof> proofs = partitions.get(k);
            long[] challenges = Challenges.partition(proof, replicaId, seed, k);
            if (proofs.size() != challenges.length) {
                throw new VanillaProofException(k, -1, "vanilla_proofs[" + k + "]",
                        challenges.length + " challenge proofs expected, found " + proofs.size());
            }
            Domain commC = proofs.get(0).replicaColumnProofs().cX().inclusionProof().root();
            Domain commRLast = proofs.get(0).commRLastProof().root();
            if (!Sealer.commR(commC, commRLast).equals(commR)) {
                throw new VanillaProofException(k, 0, "comm_r",
                        "Poseidon(comm_c, comm_r_last) of the proofs differs from comm_r " + commR);
            }
            for (int i = 0; i < proofs.size(); i++) {
                verifyChallenge(proof, graph, replicaId, commD, commC, commRLast, challenges[i], proofs.get(i), k, i);
            }
        }
    }

    private static void verifyChallenge(RegisteredSealProof proof, StackedGraph graph, byte[] replicaId, Domain commD,
                                        Domain commC, Domain commRLast, long challenge, VanillaProof p, int k, int i)
            throws VanillaProofException {
        long nodes = proof.nodes();
        TreeShape shape = proof.treeShape();
        TreeShape binary = new TreeShape(2, 0, 0);

        checkTree(p.commDProofs(), binary, nodes, NodeHasher.SHA256, challenge, commD, k, i, "comm_d_proofs");
        checkTree(p.commRLastProof(), shape, nodes, NodeHasher.POSEIDON, challenge, commRLast, k, i, "comm_r_last_proof");

        int[] parents = new int[StackedGraph.DEGREE];
        graph.parents(challenge, parents, 0);
        var columns = p.replicaColumnProofs();
        checkColumn(proof, columns.cX(), challenge, commC, k, i, "replica_column_proofs.c_x");
        if (columns.drgParents().size() != BucketGraph.DEGREE || columns.expParents().size() != FeistelExpander.DEGREE) {
            throw new VanillaProofException(k, i, "replica_column_proofs",
                    "6 drg_parents and 8 exp_parents expected, found " + columns.drgParents().size() + " and "
                            + columns.expParents().size());
        }
        for (int j = 0; j < StackedGraph.DEGREE; j++) {
            boolean drg = j < BucketGraph.DEGREE;
            ColumnProof cp = drg ? columns.drgParents().get(j) : columns.expParents().get(j - BucketGraph.DEGREE);
            String name = drg ? "replica_column_proofs.drg_parents[" + j + "]"
                    : "replica_column_proofs.exp_parents[" + (j - BucketGraph.DEGREE) + "]";
            checkColumn(proof, cp, Integer.toUnsignedLong(parents[j]), commC, k, i, name);
        }

        int layers = proof.layers();
        if (p.labelingProofs().size() != layers) {
            throw new VanillaProofException(k, i, "labeling_proofs", layers + " expected, found " + p.labelingProofs().size());
        }
        for (int layer = 1; layer <= layers; layer++) {
            LabelingProof lp = p.labelingProofs().get(layer - 1);
            String name = "labeling_proofs[" + (layer - 1) + "]";
            checkParents(lp.parents(), lp.layerIndex(), lp.node(), layer, challenge,
                    VanillaProver.parentLabels(columns, layer), k, i, name);
            byte[] label = Labeler.label(replicaId, layer, challenge, concat(lp.parents()));
            if (!new Domain(label).equals(columns.cX().column().nodeAtLayer(layer))) {
                throw new VanillaProofException(k, i, name, "label of node " + challenge + " in layer " + layer
                        + " differs from the challenged column's row");
            }
        }
        EncodingProof ep = p.encodingProof();
        checkParents(ep.parents(), ep.layerIndex(), ep.node(), layers, challenge,
                VanillaProver.parentLabels(columns, layers), k, i, "encoding_proof");
        byte[] key = Labeler.label(replicaId, layers, challenge, concat(ep.parents()));
        byte[] dataNode = p.commDProofs().leaf().bytes();
        if (!FrBytes.isCanonical(dataNode, 0)) {
            throw new VanillaProofException(k, i, "comm_d_proofs.leaf", "not a field element");
        }
        if (!new Domain(Encoding.encode(key, dataNode)).equals(p.commRLastProof().leaf())) {
            throw new VanillaProofException(k, i, "encoding_proof",
                    "key + data node differs from the replica leaf of comm_r_last_proof");
        }
    }

    private static void checkParents(List<Domain> parents, int layerIndex, long node, int layer, long challenge,
                                     List<Domain> expected, int k, int i, String name) throws VanillaProofException {
        if (layerIndex != layer || node != challenge) {
            throw new VanillaProofException(k, i, name, "layer_index " + layerIndex + " node " + node
                    + " expected layer " + layer + " node " + challenge);
        }
        if (!parents.equals(expected)) {
            throw new VanillaProofException(k, i, name + ".parents",
                    "parent labels differ from the parents' columns (" + parents.size() + " given)");
        }
    }

    private static void checkColumn(RegisteredSealProof proof, ColumnProof cp, long node, Domain commC, int k, int i,
                                    String name) throws VanillaProofException {
        if (Integer.toUnsignedLong(cp.column().index()) != node) {
            throw new VanillaProofException(k, i, name + ".column.index",
                    "column of node " + Integer.toUnsignedLong(cp.column().index()) + ", expected " + node);
        }
        if (cp.column().rows().size() != proof.layers()) {
            throw new VanillaProofException(k, i, name + ".column.rows",
                    proof.layers() + " rows expected, found " + cp.column().rows().size());
        }
        for (Domain row : cp.column().rows()) {
            if (!FrBytes.isCanonical(row.bytes(), 0)) {
                throw new VanillaProofException(k, i, name + ".column.rows", "a label is not a field element");
            }
        }
        byte[] hash = Columns.hash(concat(cp.column().rows()), proof.layers());
        if (!new Domain(hash).equals(cp.inclusionProof().leaf())) {
            throw new VanillaProofException(k, i, name + ".inclusion_proof.leaf", "differs from the column hash");
        }
        checkTree(cp.inclusionProof(), proof.treeShape(), proof.nodes(), NodeHasher.POSEIDON, node, commC, k, i,
                name + ".inclusion_proof");
    }

    private static void checkTree(MerkleProof mp, TreeShape shape, long nodes, NodeHasher hasher, long index,
                                  Domain expectedRoot, int k, int i, String name) throws VanillaProofException {
        boolean wantSub = shape.sub() != 0;
        boolean wantTop = shape.top() != 0;
        if ((mp.subProof() != null) != wantSub || (mp.topProof() != null) != wantTop) {
            throw new VanillaProofException(k, i, name, mp.kind() + " proof given, tree shape " + shape + " needs "
                    + (wantTop ? "Top" : wantSub ? "Sub" : "Single"));
        }
        long baseLeaves = nodes / shape.baseTreeCount();
        int depth = 0;
        for (long n = baseLeaves; n > 1; n /= shape.base()) {
            depth++;
        }
        checkPath(mp.baseProof(), depth, shape.base(), k, i, name + ".base_proof");
        if (wantSub) {
            checkPath(mp.subProof(), 1, shape.sub(), k, i, name + ".sub_proof");
        }
        if (wantTop) {
            checkPath(mp.topProof(), 1, shape.top(), k, i, name + ".top_proof");
        }
        for (Domain d : new Domain[] {mp.leaf(), mp.root()}) {
            if (!FrBytes.isCanonical(d.bytes(), 0)) {
                throw new VanillaProofException(k, i, name, "leaf or root is not a field element");
            }
        }
        long at = MerkleTree.pathIndex(mp, shape);
        if (at != index) {
            throw new VanillaProofException(k, i, name, "proves leaf " + at + ", expected " + index);
        }
        if (!mp.root().equals(expectedRoot)) {
            throw new VanillaProofException(k, i, name + ".root", "root " + mp.root() + " expected " + expectedRoot);
        }
        if (!MerkleTree.computeRoot(mp, hasher).equals(mp.root())) {
            throw new VanillaProofException(k, i, name, "path does not hash to its root");
        }
    }

    private static void checkPath(InclusionPath path, int depth, int arity, int k, int i, String name)
            throws VanillaProofException {
        if (path.path().size() != depth) {
            throw new VanillaProofException(k, i, name, depth + " levels expected, found " + path.path().size());
        }
        for (int l = 0; l < depth; l++) {
            PathElement e = path.path().get(l);
            if (e.hashes().size() != arity - 1 || e.index() >= arity) {
                throw new VanillaProofException(k, i, name + ".path[" + l + "]", "arity " + arity + " expected, found "
                        + (e.hashes().size() + 1) + " hashes+1 with index " + e.index());
            }
            for (Domain d : e.hashes()) {
                if (!FrBytes.isCanonical(d.bytes(), 0)) {
                    throw new VanillaProofException(k, i, name + ".path[" + l + "]", "a sibling is not a field element");
                }
            }
        }
    }

    private static byte[] concat(List<Domain> ds) {
        byte[] out = new byte[32 * ds.size()];
        for (int j = 0; j < ds.size(); j++) {
            ds.get(j).copyTo(out, 32 * j);
        }
        return out;
    }
}
