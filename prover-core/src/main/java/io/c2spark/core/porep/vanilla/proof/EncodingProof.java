package io.c2spark.core.porep.vanilla.proof;

/**
 * The parent labels of the challenged node in the last layer, from which the encoding key is
 * derived (upstream stacked/vanilla EncodingProof). Same layout as {@link LabelingProof}:
 * {@code parents} 37 x 32 bytes, {@code layerIndex} = number of layers, {@code node} the challenge.
 */
public record EncodingProof(byte[] parents, int layerIndex, long node) implements ParentLabels {

    public EncodingProof {
        ParentLabels.check(parents);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof EncodingProof p && ParentLabels.same(this, p);
    }

    @Override
    public int hashCode() {
        return ParentLabels.hash(this);
    }

    @Override
    public String toString() {
        return ParentLabels.describe("EncodingProof", this);
    }
}
