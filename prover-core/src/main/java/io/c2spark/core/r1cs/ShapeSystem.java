package io.c2spark.core.r1cs;

import java.util.Arrays;
import java.util.function.Supplier;

/**
 * Records a circuit's A, B and C matrices (the shape, computed once per circuit type) with each
 * variable's density in A and B and each aux variable's bit flag. Values are ignored. Each side of
 * a constraint is normalized (bellpepper's term order, repeats merged, zero terms dropped) before
 * it becomes a matrix row; a variable is dense in A (B) when some row of A (B) holds it with a
 * non-zero coefficient, which is how bellperson's DensityTracker counts (lc.rs eval_with_trackers).
 */
public final class ShapeSystem implements ConstraintSystem {
    private final MatrixBuilder a = new MatrixBuilder();
    private final MatrixBuilder b = new MatrixBuilder();
    private final MatrixBuilder c = new MatrixBuilder();
    private final CoefficientTable table = new CoefficientTable();
    private final LinearCombination scratch = new LinearCombination();
    private final GrowableBitmap aInputDensity = new GrowableBitmap();
    private final GrowableBitmap aAuxDensity = new GrowableBitmap();
    private final GrowableBitmap bInputDensity = new GrowableBitmap();
    private final GrowableBitmap bAuxDensity = new GrowableBitmap();
    private final GrowableBitmap auxBits = new GrowableBitmap();
    private int numInputs = 1;
    private int numAux;
    private int numConstraints;

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
    public boolean hasValues() {
        return false;
    }

    @Override
    public int allocate(long[] value, int off) {
        return numAux++;
    }

    @Override
    public int allocateBit(boolean value) {
        auxBits.set(numAux);
        return numAux++;
    }

    @Override
    public int allocateInput(long[] value, int off) {
        return Variable.input(numInputs++);
    }

    @Override
    public void enforce(Supplier<String> name, LcBuilder la, LcBuilder lb, LcBuilder lc) {
        record(la, a, aInputDensity, aAuxDensity);
        record(lb, b, bInputDensity, bAuxDensity);
        record(lc, c, null, null);
        numConstraints++;
    }

    private void record(LcBuilder builder, MatrixBuilder m, GrowableBitmap inputDensity, GrowableBitmap auxDensity) {
        scratch.clear();
        builder.build(scratch);
        scratch.normalize();
        long[] coeffs = scratch.coefficients();
        for (int k = 0; k < scratch.size(); k++) {
            int v = scratch.var(k);
            checkAllocated(v);
            m.add(v, table.indexOf(coeffs, 4 * k));
            if (inputDensity != null) {
                if (Variable.isInput(v)) {
                    inputDensity.set(Variable.index(v));
                } else {
                    auxDensity.set(v);
                }
            }
        }
        m.endRow();
    }

    private void checkAllocated(int v) {
        if (Variable.isInput(v) ? Variable.index(v) >= numInputs : v >= numAux) {
            throw new IllegalStateException("constraint " + numConstraints + " uses unallocated " + Variable.toString(v));
        }
    }

    @Override
    public void pushNamespace(Supplier<String> name) {
    }

    @Override
    public void popNamespace() {
    }

    @Override
    public int numInputs() {
        return numInputs;
    }

    @Override
    public int numAux() {
        return numAux;
    }

    @Override
    public int numConstraints() {
        return numConstraints;
    }

    /** The recorded shape; the system should not be used afterwards. */
    public R1csShape finish() {
        return new R1csShape(numInputs, numAux, a.build(), b.build(), c.build(), table.toArray(),
                aInputDensity.toArray(numInputs), aAuxDensity.toArray(numAux),
                bInputDensity.toArray(numInputs), bAuxDensity.toArray(numAux), auxBits.toArray(numAux));
    }

    /** CSR rows appended one at a time into growing arrays. */
    private static final class MatrixBuilder {
        private int[] rowStart = new int[1024];
        private int rows;
        private int[] vars = new int[4096];
        private int[] coeffs = new int[4096];
        private int nnz;

        void add(int var, int coeff) {
            if (nnz == vars.length) {
                if (nnz == Integer.MAX_VALUE - 8) {
                    throw new IllegalStateException("matrix exceeds " + nnz + " non-zeros");
                }
                int cap = (int) Math.min(Integer.MAX_VALUE - 8L, 2L * nnz);
                vars = Arrays.copyOf(vars, cap);
                coeffs = Arrays.copyOf(coeffs, cap);
            }
            vars[nnz] = var;
            coeffs[nnz] = coeff;
            nnz++;
        }

        void endRow() {
            rows++;
            if (rows == rowStart.length) {
                rowStart = Arrays.copyOf(rowStart, rowStart.length * 2);
            }
            rowStart[rows] = nnz;
        }

        SparseMatrix build() {
            return new SparseMatrix(Arrays.copyOf(rowStart, rows + 1), Arrays.copyOf(vars, nnz), Arrays.copyOf(coeffs, nnz));
        }
    }
}
