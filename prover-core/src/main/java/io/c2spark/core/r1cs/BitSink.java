package io.c2spark.core.r1cs;

/**
 * The witness mode's entry for dedicated witness writers (SHA-256's): a gadget that knows its own
 * allocation pattern writes runs of bit variables straight into the witness bitmap and reports how
 * many constraints it stands for, instead of calling {@link ConstraintSystem#allocateBit} and
 * {@link ConstraintSystem#enforce} per bit. Variables are numbered exactly as the calls would have
 * numbered them, so the witness is the same, value for value.
 */
public interface BitSink {
    /**
     * Allocates {@code count} (1 to 64) bit variables holding bits 0 .. count-1 of {@code values}, in
     * that order; returns the aux index of the first.
     */
    int allocateBits(long values, int count);

    /** Counts n constraints the writer enforced without building them. */
    void countConstraints(int n);
}
