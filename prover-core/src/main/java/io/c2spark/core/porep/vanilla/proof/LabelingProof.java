package io.c2spark.core.porep.vanilla.proof;

/**
 * The parent labels that label one node in one layer (upstream stacked/vanilla LabelingProof).
 *
 * <p>{@code parents} holds the 37 parent labels back to back, 32 bytes each, already repeated as
 * the label hash consumes them (layer 1: the 6 DRG parents cycled; later layers: 6 DRG parents of
 * this layer then 8 expander parents of the previous layer, cycled). {@code layerIndex} is 1-based;
 * {@code node} is the challenged node (a u64 upstream).
 */
public record LabelingProof(byte[] parents, int layerIndex, long node) implements ParentLabels {

    public LabelingProof {
        ParentLabels.check(parents);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof LabelingProof p && ParentLabels.same(this, p);
    }

    @Override
    public int hashCode() {
        return ParentLabels.hash(this);
    }

    @Override
    public String toString() {
        return ParentLabels.describe("LabelingProof", this);
    }
}
