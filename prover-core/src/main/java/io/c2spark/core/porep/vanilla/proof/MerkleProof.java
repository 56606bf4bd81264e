package io.c2spark.core.porep.vanilla.proof;

import java.util.Arrays;
import java.util.Objects;

/**
 * One Merkle inclusion proof (upstream storage-proofs-core MerkleProof), flat.
 *
 * <p>{@code root} and {@code leaf} are 32-byte hash values (a Poseidon domain value is the
 * little-endian canonical encoding of an Fr element; a SHA-256 domain value is the digest with the
 * top two bits cleared). {@code siblings} holds the path's sibling hashes back to back, 32 bytes
 * each, level by level from the leaf up: at level {@code l} there are {@code shape.arityAt(l) - 1}
 * of them (upstream PathElement.hashes, in its order, i.e. the node's children left to right with
 * the path's own child left out), starting at byte {@code 32 * shape.siblingOffset(l)}.
 * {@code indices[l]} is the position, in {@code [0, arityAt(l))}, of the path's own child among
 * the node's children (upstream PathElement.index). Whether the JSON form is Single, Sub or Top
 * follows from {@code shape}.
 */
public record MerkleProof(TreeShape shape, byte[] root, byte[] leaf, byte[] siblings, int[] indices) {

    public static final int HASH_BYTES = 32;

    public MerkleProof {
        Objects.requireNonNull(shape, "shape");
        if (root.length != HASH_BYTES || leaf.length != HASH_BYTES
                || siblings.length != shape.siblingCount() * HASH_BYTES || indices.length != shape.levels()) {
            throw new IllegalArgumentException("Merkle proof arrays do not fit shape " + shape);
        }
    }

    /** The challenged leaf's index in the whole tree, read off the path (mixed radix, leaf level first). */
    public long leafIndex() {
        long index = 0;
        long weight = 1;
        for (int l = 0; l < indices.length; l++) {
            index += indices[l] * weight;
            weight *= shape.arityAt(l);
        }
        return index;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof MerkleProof p && shape.equals(p.shape) && Arrays.equals(root, p.root)
                && Arrays.equals(leaf, p.leaf) && Arrays.equals(siblings, p.siblings)
                && Arrays.equals(indices, p.indices);
    }

    @Override
    public int hashCode() {
        return 31 * (31 * Arrays.hashCode(root) + Arrays.hashCode(leaf)) + Arrays.hashCode(siblings);
    }

    @Override
    public String toString() {
        return "MerkleProof[" + shape + ", leafIndex=" + leafIndex() + "]";
    }
}
