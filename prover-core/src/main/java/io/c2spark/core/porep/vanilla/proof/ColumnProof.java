package io.c2spark.core.porep.vanilla.proof;

import java.util.Arrays;
import java.util.Objects;

/**
 * The labels of one node in every layer, and the tree_c inclusion proof of their column hash
 * (upstream stacked/vanilla ColumnProof and Column).
 *
 * <p>{@code index} is the node index (upstream Column.index, a u32). {@code rows} holds the node's
 * label in layers 1..L back to back, 32 bytes each (row {@code i} at byte {@code 32 * i} is layer
 * {@code i + 1}), each a Poseidon domain value. {@code inclusionProof} proves Poseidon(rows) in tree_c;
 * its leaf is that column hash.
 */
public record ColumnProof(long index, byte[] rows, MerkleProof inclusionProof) {

    public ColumnProof {
        Objects.requireNonNull(inclusionProof, "inclusionProof");
        if (rows.length == 0 || rows.length % MerkleProof.HASH_BYTES != 0) {
            throw new IllegalArgumentException("column rows must be a positive multiple of 32 bytes");
        }
    }

    /** Number of layers (rows) in the column. */
    public int layers() {
        return rows.length / MerkleProof.HASH_BYTES;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ColumnProof c && index == c.index && Arrays.equals(rows, c.rows)
                && inclusionProof.equals(c.inclusionProof);
    }

    @Override
    public int hashCode() {
        return 31 * Long.hashCode(index) + Arrays.hashCode(rows);
    }

    @Override
    public String toString() {
        return "ColumnProof[index=" + index + ", layers=" + layers() + "]";
    }
}
