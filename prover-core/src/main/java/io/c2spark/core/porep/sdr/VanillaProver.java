package io.c2spark.core.porep.sdr;

import io.c2spark.core.porep.graph.BucketGraph;
import io.c2spark.core.porep.graph.StackedGraph;
import io.c2spark.core.porep.vanilla.Column;
import io.c2spark.core.porep.vanilla.ColumnProof;
import io.c2spark.core.porep.vanilla.Domain;
import io.c2spark.core.porep.vanilla.EncodingProof;
import io.c2spark.core.porep.vanilla.LabelingProof;
import io.c2spark.core.porep.vanilla.ReplicaColumnProof;
import io.c2spark.core.porep.vanilla.VanillaProof;
import java.util.ArrayList;
import java.util.List;

/**
 * Vanilla proofs of a sealed sector for a seed (C1; rfp stacked/vanilla/proof.rs
 * prove_layers_generate): per partition, per challenge, the tree_d opening, the columns of the
 * challenge and its 14 parents with their tree_c openings, the tree_r_last opening, one labeling
 * proof per layer and the encoding proof.
 */
public final class VanillaProver {
    private VanillaProver() {
    }

    /** Proofs of every partition, partition-major. */
    public static List<List<VanillaProof>> prove(SealedSector s, byte[] seed) {
        List<List<VanillaProof>> out = new ArrayList<>();
        for (int k = 0; k < s.proof().partitions(); k++) {
            List<VanillaProof> partition = new ArrayList<>();
            for (long c : Challenges.partition(s.proof(), s.replicaId(), seed, k)) {
                partition.add(proveChallenge(s, c));
            }
            out.add(partition);
        }
        return out;
    }

    public static VanillaProof proveChallenge(SealedSector s, long challenge) {
        StackedGraph graph = s.graph();
        int[] parents = new int[StackedGraph.DEGREE];
        graph.parents(challenge, parents, 0);
        List<ColumnProof> drg = new ArrayList<>();
        List<ColumnProof> exp = new ArrayList<>();
        for (int k = 0; k < StackedGraph.DEGREE; k++) {
            (k < BucketGraph.DEGREE ? drg : exp).add(columnProof(s, parents[k]));
        }
        ReplicaColumnProof columns = new ReplicaColumnProof(columnProof(s, challenge), drg, exp);
        int layers = s.labels().length;
        List<LabelingProof> labeling = new ArrayList<>();
        for (int layer = 1; layer <= layers; layer++) {
            labeling.add(new LabelingProof(parentLabels(columns, layer), layer, challenge));
        }
        LabelingProof last = labeling.get(layers - 1);
        return new VanillaProof(s.treeD().proof(challenge), s.treeRLast().proof(challenge), columns, labeling,
                new EncodingProof(last.parents(), last.layerIndex(), last.node()));
    }

    /**
     * The 37 parent labels of a node in a layer, taken from the parents' columns as rfp's
     * Proof::from_parts does: DRG parents at this layer, then (after layer 1) expander parents at
     * the previous layer, cycled.
     */
    public static List<Domain> parentLabels(ReplicaColumnProof columns, int layer) {
        List<Domain> distinct = new ArrayList<>();
        for (ColumnProof p : columns.drgParents()) {
            distinct.add(p.column().nodeAtLayer(layer));
        }
        if (layer > 1) {
            for (ColumnProof p : columns.expParents()) {
                distinct.add(p.column().nodeAtLayer(layer - 1));
            }
        }
        List<Domain> out = new ArrayList<>(Labeler.TOTAL_PARENTS);
        for (int k = 0; k < Labeler.TOTAL_PARENTS; k++) {
            out.add(distinct.get(k % distinct.size()));
        }
        return out;
    }

    private static ColumnProof columnProof(SealedSector s, long node) {
        List<Domain> rows = new ArrayList<>();
        for (byte[] layer : s.labels()) {
            rows.add(Domain.of(layer, (int) (32 * node)));
        }
        return new ColumnProof(new Column((int) node, rows), s.treeC().proof(node));
    }
}
