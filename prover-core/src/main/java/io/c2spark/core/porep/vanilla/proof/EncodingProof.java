package io.c2spark.core.porep.vanilla.proof;

import java.util.Arrays;

/**
 * The parent labels of the challenged node in the last layer, from which the encoding key is
 * derived (upstream stacked/vanilla EncodingProof). Same layout as {@link LabelingProof}:
 * {@code parents} 37 x 32 bytes, {@code layerIndex} = number of layers, {@code node} the challenge.
 */
public record EncodingProof(byte[] parents, int layerIndex, long node) {

    public EncodingProof {
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
        return o instanceof EncodingProof p && layerIndex == p.layerIndex && node == p.node
                && Arrays.equals(parents, p.parents);
    }

    @Override
    public int hashCode() {
        return 31 * (31 * Arrays.hashCode(parents) + layerIndex) + Long.hashCode(node);
    }

    @Override
    public String toString() {
        return "EncodingProof[layer=" + layerIndex + ", node=" + node + ", parents=" + parentCount() + "]";
    }
}
