package io.c2spark.core.porep.vanilla.proof;

import java.util.Arrays;

/**
 * The parent labels that label one node in one layer (upstream stacked/vanilla LabelingProof).
 *
 * <p>{@code parents} holds the 37 parent labels back to back, 32 bytes each, already repeated as
 * the label hash consumes them (layer 1: the 6 DRG parents cycled; later layers: 6 DRG parents of
 * this layer then 8 expander parents of the previous layer, cycled). {@code layerIndex} is 1-based;
 * {@code node} is the challenged node (a u64 upstream).
 */
public record LabelingProof(byte[] parents, int layerIndex, long node) {

    public LabelingProof {
        if (parents.length % MerkleProof.HASH_BYTES != 0) {
            throw new IllegalArgumentException("parents must be a multiple of 32 bytes");
        }
    }

    /** Number of parent labels (37 in every Filecoin sector). */
    public int parentCount() {
        return parents.length / MerkleProof.HASH_BYTES;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof LabelingProof p && layerIndex == p.layerIndex && node == p.node
                && Arrays.equals(parents, p.parents);
    }

    @Override
    public int hashCode() {
        return 31 * (31 * Arrays.hashCode(parents) + layerIndex) + Long.hashCode(node);
    }

    @Override
    public String toString() {
        return "LabelingProof[layer=" + layerIndex + ", node=" + node + ", parents=" + parentCount() + "]";
    }
}
