package io.c2spark.core.porep.seal;

import io.c2spark.core.porep.graph.BucketGraph;
import io.c2spark.core.porep.graph.FeistelExpander;
import io.c2spark.core.porep.graph.StackedGraph;
import io.c2spark.core.porep.vanilla.proof.ColumnProof;
import io.c2spark.core.porep.vanilla.proof.EncodingProof;
import io.c2spark.core.porep.vanilla.proof.LabelingProof;
import io.c2spark.core.porep.vanilla.proof.ReplicaColumnProof;
import io.c2spark.core.porep.vanilla.proof.VanillaProof;

/**
 * Vanilla proofs of a sector for a seed (C1; rfp stacked/vanilla/proof.rs prove_layers_generate):
 * per partition, per challenge, the tree_d opening, the columns of the challenge and its 14
 * parents with their tree_c openings, the tree_r_last opening, one labeling proof per layer and
 * the encoding proof.
 */
public final class VanillaProver {
    private VanillaProver() {
    }

    /** Proofs of every partition: result[k][i] is challenge i of partition k. */
    public static VanillaProof[][] prove(SectorOpenings s, byte[] seed) {
        int partitions = s.proof().shape().partitions();
        VanillaProof[][] out = new VanillaProof[partitions][];
        for (int k = 0; k < partitions; k++) {
            long[] challenges = Challenges.partition(s.proof(), s.replicaId(), seed, k);
            out[k] = new VanillaProof[challenges.length];
            for (int i = 0; i < challenges.length; i++) {
                out[k][i] = proveChallenge(s, challenges[i]);
            }
        }
        return out;
    }

    public static VanillaProof proveChallenge(SectorOpenings s, long challenge) {
        int[] parents = new int[StackedGraph.DEGREE];
        s.graph().parents(challenge, parents, 0);
        ColumnProof[] drg = new ColumnProof[BucketGraph.DEGREE];
        ColumnProof[] exp = new ColumnProof[FeistelExpander.DEGREE];
        for (int k = 0; k < StackedGraph.DEGREE; k++) {
            ColumnProof c = columnProof(s, Integer.toUnsignedLong(parents[k]));
            if (k < BucketGraph.DEGREE) {
                drg[k] = c;
            } else {
                exp[k - BucketGraph.DEGREE] = c;
            }
        }
        ReplicaColumnProof columns = new ReplicaColumnProof(columnProof(s, challenge), drg, exp);
        int layers = s.layers();
        LabelingProof[] labeling = new LabelingProof[layers];
        for (int layer = 1; layer <= layers; layer++) {
            labeling[layer - 1] = new LabelingProof(parentLabels(columns, layer), layer, challenge);
        }
        LabelingProof last = labeling[layers - 1];
        return new VanillaProof(s.treeD().proof(challenge), s.treeRLast().proof(challenge), columns, labeling,
                new EncodingProof(last.parents().clone(), last.layerIndex(), last.node()));
    }

    /**
     * The 37 parent labels of a node in a layer, taken from the parents' columns as rfp's
     * Proof::from_parts does: DRG parents at this layer, then (after layer 1) expander parents at
     * the previous layer, cycled.
     */
    public static byte[] parentLabels(ReplicaColumnProof columns, int layer) {
        int distinct = layer == 1 ? columns.drgParents().length : columns.drgParents().length + columns.expParents().length;
        byte[] out = new byte[32 * Labeler.TOTAL_PARENTS];
        for (int k = 0; k < Labeler.TOTAL_PARENTS; k++) {
            int j = k % distinct;
            boolean drg = j < columns.drgParents().length;
            ColumnProof c = drg ? columns.drgParents()[j] : columns.expParents()[j - columns.drgParents().length];
            int row = drg ? layer : layer - 1;
            System.arraycopy(c.rows(), 32 * (row - 1), out, 32 * k, 32);
        }
        return out;
    }

    private static ColumnProof columnProof(SectorOpenings s, long node) {
        byte[] rows = new byte[32 * s.layers()];
        for (int l = 1; l <= s.layers(); l++) {
            System.arraycopy(s.label(node, l), 0, rows, 32 * (l - 1), 32);
        }
        return new ColumnProof(node, rows, s.treeC().proof(node));
    }
}
