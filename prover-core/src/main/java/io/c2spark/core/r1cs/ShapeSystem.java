package io.c2spark.core.r1cs;

import java.util.Arrays;
import java.util.function.Supplier;

/**
 * Records a circuit's A, B and C matrices (the shape, computed once per circuit type) with each
 * variable's density in A and B and each aux variable's bit flag. Values are ignored. Each side of
 * a constraint is normalized (bellpepper's term order, repeats merged, zero terms dropped) before
 * it becomes a matrix row; a variable is dense in A (B) when some row of A (B) holds it with a
 * non-zero coefficient, which is how bellperson's DensityTracker counts (lc.rs eval_with_trackers).
 * Coefficients are numbered in the order they are first seen (A's terms, then B's, then C's, row by
 * row).
 *
 * <p>A system records either a whole circuit from its start ({@link #of}), or one part of it for
 * {@link BlockShapeSynthesis}: a part starts at given counts of inputs, aux variables and
 * constraints (those of the circuit before it), numbers its own variables from there, may use the
 * variables before it, and numbers coefficients in a table of its own that the synthesis merges.
 * A part is recorded either into arrays of its own that grow, or straight into a window of the
 * whole circuit's arrays whose size is known in advance.
 */
public final class ShapeSystem extends NumberingSystem {
    private final MatrixBuilder a;
    private final MatrixBuilder b;
    private final MatrixBuilder c;
    private final CoefficientTable table;
    private final LinearCombination scratch = new LinearCombination();
    /** Densities of inputs (few: indexed from 0) and of aux variables (from auxBase; earlier ones in below*). */
    private final GrowableBitmap aInputDensity = new GrowableBitmap();
    private final GrowableBitmap bInputDensity = new GrowableBitmap();
    private final GrowableBitmap aAuxDensity = new GrowableBitmap();
    private final GrowableBitmap bAuxDensity = new GrowableBitmap();
    private final GrowableBitmap aAuxDensityBelow = new GrowableBitmap();
    private final GrowableBitmap bAuxDensityBelow = new GrowableBitmap();
    /** Bit flags of this system's own aux variables, from auxBase. */
    private final GrowableBitmap auxBits = new GrowableBitmap();

    /** A system for a whole circuit: ONE allocated, nothing else. */
    public ShapeSystem() {
        this(0, 0, 0, new MatrixBuilder(), new MatrixBuilder(), new MatrixBuilder(), new CoefficientTable());
    }

    private ShapeSystem(int inputBase, int auxBase, int constraintBase, MatrixBuilder a, MatrixBuilder b,
            MatrixBuilder c, CoefficientTable table) {
        super(inputBase, auxBase, constraintBase);
        this.a = a;
        this.b = b;
        this.c = c;
        this.table = table;
    }

    /** A part recorded into growing arrays of its own, after the given counts. */
    static ShapeSystem part(int inputBase, int auxBase, int constraintBase) {
        return new ShapeSystem(inputBase, auxBase, constraintBase, new MatrixBuilder(), new MatrixBuilder(),
                new MatrixBuilder(), new CoefficientTable());
    }

    /**
     * A part recorded into the windows of the whole circuit's arrays that start at the given counts;
     * table is the part's own coefficient table, or the whole circuit's when the part comes after
     * every other part has been merged.
     */
    static ShapeSystem window(int inputBase, int auxBase, Window wa, Window wb, Window wc, CoefficientTable table) {
        return new ShapeSystem(inputBase, auxBase, wa.firstRow(), new MatrixBuilder(wa), new MatrixBuilder(wb),
                new MatrixBuilder(wc), table);
    }

    /**
     * A part of one matrix in the whole circuit's arrays: its rows firstRow .. firstRow + rows - 1
     * (whose ends go to rowStart[firstRow + 1 ..]) and its non-zeros [nnzFrom, nnzTo), which the
     * part must fill exactly.
     */
    record Window(int[] rowStart, int[] vars, int[] coeffs, int firstRow, int rows, int nnzFrom, int nnzTo) {
    }

    /** Runs the circuit and, when asked, bellperson's input constraints after it. */
    public static R1csShape of(Circuit circuit, boolean withInputConstraints) {
        ShapeSystem cs = new ShapeSystem();
        circuit.synthesize(cs);
        if (withInputConstraints) {
            cs.enforceInputConstraints();
        }
        return cs.finish();
    }

    @Override
    public int allocateBit(boolean value) {
        auxBits.set(ownAux);
        return nextAux();
    }

    @Override
    public void enforce(Supplier<String> name, LcBuilder la, LcBuilder lb, LcBuilder lc) {
        record(la, a, aInputDensity, aAuxDensity, aAuxDensityBelow);
        record(lb, b, bInputDensity, bAuxDensity, bAuxDensityBelow);
        record(lc, c, null, null, null);
        ownConstraints++;
    }

    private void record(LcBuilder builder, MatrixBuilder m, GrowableBitmap inputDensity, GrowableBitmap auxDensity,
            GrowableBitmap auxDensityBelow) {
        scratch.clear();
        builder.build(scratch);
        scratch.normalize();
        long[] coeffs = scratch.coefficients();
        for (int k = 0; k < scratch.size(); k++) {
            int v = scratch.var(k);
            requireAllocated(v);
            m.add(v, table.indexOf(coeffs, 4 * k));
            if (inputDensity != null) {
                if (Variable.isInput(v)) {
                    inputDensity.set(Variable.index(v));
                } else if (v >= auxBase) {
                    auxDensity.set(v - auxBase);
                } else {
                    auxDensityBelow.set(v);
                }
            }
        }
        m.endRow();
    }

    /** The recorded shape of a whole circuit; the system should not be used afterwards. */
    public R1csShape finish() {
        requireWhole("a shape");
        int ni = numInputs();
        int na = numAux();
        return new R1csShape(ni, na, a.build(), b.build(), c.build(), table.toArray(),
                aInputDensity.toArray(ni), aAuxDensity.toArray(na), bInputDensity.toArray(ni), bAuxDensity.toArray(na),
                auxBits.toArray(na));
    }

    // ------------------------------------------------------------- for BlockShapeSynthesis

    /** Non-zeros recorded in A (0), B (1) or C (2). */
    int ownNonZeros(int matrix) {
        return builder(matrix).ownNonZeros();
    }

    CoefficientTable table() {
        return table;
    }

    private MatrixBuilder builder(int matrix) {
        return matrix == 0 ? a : matrix == 1 ? b : c;
    }

    /**
     * Copies a part recorded into growing arrays into its window of the whole circuit's arrays: row
     * ends shifted by the window's first non-zero, coefficient indices as recorded (local).
     */
    void copyInto(int matrix, Window w) {
        MatrixBuilder m = builder(matrix);
        int n = m.ownNonZeros();
        if (w.nnzTo() - w.nnzFrom() != n) {
            throw new IllegalStateException("window of " + (w.nnzTo() - w.nnzFrom()) + " non-zeros for " + n);
        }
        System.arraycopy(m.vars, 0, w.vars(), w.nnzFrom(), n);
        System.arraycopy(m.coeffs, 0, w.coeffs(), w.nnzFrom(), n);
        if (w.rows() != ownConstraints || w.firstRow() != constraintBase) {
            throw new IllegalStateException("window of rows " + w.firstRow() + " + " + w.rows() + " for rows "
                    + constraintBase + " + " + ownConstraints);
        }
        for (int r = 1; r <= ownConstraints; r++) {
            w.rowStart()[constraintBase + r] = w.nnzFrom() + m.rowStart[r];
        }
    }

    /** Lets go of a part's own matrix arrays once they are copied (its counts stay). */
    void dropMatrices() {
        a.drop();
        b.drop();
        c.drop();
    }

    /** ORs this system's densities and bit flags into the whole circuit's bitmaps. */
    void orBitmapsInto(long[] aInputs, long[] aAux, long[] bInputs, long[] bAux, long[] bits) {
        aInputDensity.orInto(aInputs, 0);
        bInputDensity.orInto(bInputs, 0);
        aAuxDensity.orInto(aAux, auxBase);
        bAuxDensity.orInto(bAux, auxBase);
        aAuxDensityBelow.orInto(aAux, 0);
        bAuxDensityBelow.orInto(bAux, 0);
        auxBits.orInto(bits, auxBase);
    }

    /**
     * CSR rows appended one at a time: into growing arrays of their own (row starts from 0), or into
     * a window of the whole circuit's arrays (row starts as positions in those arrays).
     */
    private static final class MatrixBuilder {
        private int[] rowStart;
        private int[] vars;
        private int[] coeffs;
        private final boolean growing;
        /** Where this builder's row r's end goes: rowStart[firstRow + r + 1]. */
        private final int firstRow;
        private final int rowLimit;
        private final int nnzFrom;
        private final int nnzTo;
        private int rows;
        private int nnz;

        MatrixBuilder() {
            this.rowStart = new int[1024];
            this.vars = new int[4096];
            this.coeffs = new int[4096];
            this.growing = true;
            this.firstRow = 0;
            this.rowLimit = Integer.MAX_VALUE - 8;
            this.nnzFrom = 0;
            this.nnzTo = Integer.MAX_VALUE - 8;
        }

        MatrixBuilder(Window w) {
            this.rowStart = w.rowStart();
            this.vars = w.vars();
            this.coeffs = w.coeffs();
            this.growing = false;
            this.firstRow = w.firstRow();
            this.rowLimit = w.rows();
            this.nnzFrom = w.nnzFrom();
            this.nnzTo = w.nnzTo();
            this.nnz = nnzFrom;
        }

        int ownNonZeros() {
            return nnz - nnzFrom;
        }

        void add(int var, int coeff) {
            if (nnz == nnzTo) {
                throw new IllegalStateException(growing ? "matrix exceeds " + nnz + " non-zeros"
                        : "a part holds more than the " + (nnzTo - nnzFrom) + " non-zeros of its window: the "
                        + "circuit's blocks are not all the same size");
            }
            if (nnz == vars.length) {
                int cap = (int) Math.min(Integer.MAX_VALUE - 8L, 2L * nnz);
                vars = Arrays.copyOf(vars, cap);
                coeffs = Arrays.copyOf(coeffs, cap);
            }
            vars[nnz] = var;
            coeffs[nnz] = coeff;
            nnz++;
        }

        void endRow() {
            if (rows == rowLimit) {
                throw new IllegalStateException(growing ? "matrix exceeds " + rows + " rows"
                        : "a part holds more than the " + rowLimit + " constraints of its window: the circuit's "
                        + "blocks are not all the same size");
            }
            rows++;
            int at = firstRow + rows;
            if (at == rowStart.length) {
                rowStart = Arrays.copyOf(rowStart, rowStart.length * 2);
            }
            rowStart[at] = nnz;
        }

        void drop() {
            rowStart = new int[0];
            vars = new int[0];
            coeffs = new int[0];
        }

        SparseMatrix build() {
            return new SparseMatrix(Arrays.copyOf(rowStart, rows + 1), Arrays.copyOf(vars, nnz), Arrays.copyOf(coeffs, nnz));
        }
    }
}
