package io.c2spark.core.porep;

/**
 * Arities of tree_c and tree_r_last: base trees of {@code base} arity, joined by a sub layer of
 * {@code sub} arity (0: none) and a top layer of {@code top} arity (0: none)
 * (rfp filecoin-proofs constants.rs SectorShape*).
 */
public record TreeShape(int base, int sub, int top) {
    /** Number of base trees the sector's nodes are split into. */
    public int baseTreeCount() {
        return Math.max(sub, 1) * Math.max(top, 1);
    }

    @Override
    public String toString() {
        return base + "-" + sub + "-" + top;
    }
}
