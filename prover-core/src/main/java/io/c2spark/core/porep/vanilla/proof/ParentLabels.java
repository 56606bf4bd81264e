package io.c2spark.core.porep.vanilla.proof;

import java.util.Arrays;

/**
 * The parent labels of one node in one layer, which a {@link LabelingProof} and an
 * {@link EncodingProof} both hold: {@code parents} the labels back to back, 32 bytes each. The two
 * differ in what is checked against them (the node's label, the encoding key); their validation,
 * equality, hash and description are written here once.
 */
sealed interface ParentLabels permits LabelingProof, EncodingProof {
    byte[] parents();

    int layerIndex();

    long node();

    /** Number of parent labels (37 in every Filecoin sector). */
    default int parentCount() {
        return parents().length / MerkleProof.HASH_BYTES;
    }

    /** Rejects parents that are not whole 32-byte labels. */
    static void check(byte[] parents) {
        if (parents.length % MerkleProof.HASH_BYTES != 0) {
            throw new IllegalArgumentException("parents must be a multiple of 32 bytes");
        }
    }

    /** Equality by content (a record compares arrays by identity). */
    static boolean same(ParentLabels a, ParentLabels b) {
        return a.layerIndex() == b.layerIndex() && a.node() == b.node() && Arrays.equals(a.parents(), b.parents());
    }

    static int hash(ParentLabels p) {
        return 31 * (31 * Arrays.hashCode(p.parents()) + p.layerIndex()) + Long.hashCode(p.node());
    }

    static String describe(String type, ParentLabels p) {
        return type + "[layer=" + p.layerIndex() + ", node=" + p.node() + ", parents=" + p.parentCount() + "]";
    }
}
