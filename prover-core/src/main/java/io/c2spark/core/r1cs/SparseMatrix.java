package io.c2spark.core.r1cs;

import io.c2spark.core.field.Fr;

/**
 * One of A, B, C in compressed sparse rows: row r's terms are positions
 * {@code rowStart[r] .. rowStart[r + 1]} of {@code vars} (packed {@link Variable}s, in bellpepper's
 * order) and {@code coeffs} (indices into the shape's coefficient table). Zero coefficients are
 * never stored.
 */
public final class SparseMatrix {
    private final int[] rowStart;
    private final int[] vars;
    private final int[] coeffs;

    SparseMatrix(int[] rowStart, int[] vars, int[] coeffs) {
        this.rowStart = rowStart;
        this.vars = vars;
        this.coeffs = coeffs;
    }

    public int rows() {
        return rowStart.length - 1;
    }

    public int nonZeros() {
        return vars.length;
    }

    public int rowStart(int row) {
        return rowStart[row];
    }

    public int rowEnd(int row) {
        return rowStart[row + 1];
    }

    public int var(int position) {
        return vars[position];
    }

    public int coeffIndex(int position) {
        return coeffs[position];
    }

    /** The arrays themselves, for {@link ShapeFiles}; callers must not modify them. */
    int[] rowStarts() {
        return rowStart;
    }

    int[] vars() {
        return vars;
    }

    int[] coeffs() {
        return coeffs;
    }

    /**
     * out[r] = sum over row r of coefficient * value, for every row; values as dense Fr arrays of
     * inputs and aux, coefficient table as a flat Fr array. The reference product the faster ones
     * are tested against.
     */
    public void multiply(long[] table, long[] inputs, long[] aux, long[] out) {
        long[] t = new long[Fr.LIMBS];
        for (int r = 0; r < rows(); r++) {
            long[] acc = new long[Fr.LIMBS];
            for (int p = rowStart[r]; p < rowStart[r + 1]; p++) {
                int v = vars[p];
                long[] values = v < 0 ? inputs : aux;
                Fr.mul(table, coeffs[p] * Fr.LIMBS, values, Variable.index(v) * Fr.LIMBS, t, 0);
                Fr.add(acc, 0, t, 0, acc, 0);
            }
            System.arraycopy(acc, 0, out, r * Fr.LIMBS, Fr.LIMBS);
        }
    }
}
