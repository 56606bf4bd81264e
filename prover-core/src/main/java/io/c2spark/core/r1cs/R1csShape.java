package io.c2spark.core.r1cs;

/**
 * A circuit's rank-1 constraint system as {@link ShapeSystem} records it: the A, B, C matrices
 * over one table of distinct coefficients (Fr, Montgomery, 4 limbs each), the A/B density of every
 * input and aux variable and the bit flag of every aux variable, as bitmaps (bit i of word i / 64).
 */
public final class R1csShape {
    private final int numInputs;
    private final int numAux;
    private final SparseMatrix a;
    private final SparseMatrix b;
    private final SparseMatrix c;
    private final long[] coefficients;
    private final long[] aInputDensity;
    private final long[] aAuxDensity;
    private final long[] bInputDensity;
    private final long[] bAuxDensity;
    private final long[] auxBits;

    R1csShape(int numInputs, int numAux, SparseMatrix a, SparseMatrix b, SparseMatrix c, long[] coefficients,
            long[] aInputDensity, long[] aAuxDensity, long[] bInputDensity, long[] bAuxDensity, long[] auxBits) {
        this.numInputs = numInputs;
        this.numAux = numAux;
        this.a = a;
        this.b = b;
        this.c = c;
        this.coefficients = coefficients;
        this.aInputDensity = aInputDensity;
        this.aAuxDensity = aAuxDensity;
        this.bInputDensity = bInputDensity;
        this.bAuxDensity = bAuxDensity;
        this.auxBits = auxBits;
    }

    public int numInputs() {
        return numInputs;
    }

    public int numAux() {
        return numAux;
    }

    public int numConstraints() {
        return a.rows();
    }

    public SparseMatrix a() {
        return a;
    }

    public SparseMatrix b() {
        return b;
    }

    public SparseMatrix c() {
        return c;
    }

    /** The distinct coefficients, Fr Montgomery; a matrix's coeffIndex k is at limb 4k. */
    public long[] coefficients() {
        return coefficients;
    }

    public int numCoefficients() {
        return coefficients.length / 4;
    }

    /** Whether var appears in A with a non-zero coefficient. */
    public boolean inA(int var) {
        return Variable.isInput(var) ? GrowableBitmap.get(aInputDensity, Variable.index(var))
                : GrowableBitmap.get(aAuxDensity, var);
    }

    /** Whether var appears in B with a non-zero coefficient. */
    public boolean inB(int var) {
        return Variable.isInput(var) ? GrowableBitmap.get(bInputDensity, Variable.index(var))
                : GrowableBitmap.get(bAuxDensity, var);
    }

    public boolean isBit(int auxIndex) {
        return GrowableBitmap.get(auxBits, auxIndex);
    }

    /** Density bitmaps and bit flags (bit i of word i / 64); callers must not modify them. */
    public long[] aInputDensity() {
        return aInputDensity;
    }

    public long[] aAuxDensity() {
        return aAuxDensity;
    }

    public long[] bInputDensity() {
        return bInputDensity;
    }

    public long[] bAuxDensity() {
        return bAuxDensity;
    }

    public long[] auxBits() {
        return auxBits;
    }

    public int numBits() {
        return GrowableBitmap.count(auxBits);
    }
}
