package io.c2spark.core.r1cs;

/**
 * Adds the terms of one side of a constraint to a (cleared) linear combination, as bellperson's
 * {@code |lc| lc + x} closures do. Only the modes that record or check constraints call it, so the
 * witness mode builds no linear combination at all.
 */
@FunctionalInterface
public interface LcBuilder {
    /** An empty side: the linear combination 0. */
    LcBuilder ZERO = lc -> { };

    void build(LinearCombination lc);
}
