package io.c2spark.core.snarkjs;

import io.c2spark.core.field.Fr;
import io.c2spark.core.r1cs.Circuit;
import io.c2spark.core.r1cs.ConstraintSystem;
import io.c2spark.core.r1cs.LinearCombination;
import io.c2spark.core.r1cs.Variable;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * A circom .r1cs file (iden3/r1csfile doc/r1cs_bin_format.md): header (section 1) and constraints
 * (section 2), over BLS12-381's Fr. Wires: 0 is ONE, 1..nPublic are the public outputs then the
 * public inputs, the rest private; coefficients are canonical little-endian. Each matrix is kept
 * in compressed rows: wire ids and Fr coefficients in Montgomery form.
 */
public final class R1csFile {
    private static final int HEADER = 1;
    private static final int CONSTRAINTS = 2;

    public final int numWires;
    public final int numOutputs;
    public final int numPublicInputs;
    public final int numPrivateInputs;
    public final long numLabels;
    public final int numConstraints;
    /** Per matrix (A, B, C): row r spans rowStart[m][r] .. rowStart[m][r + 1]. */
    private final int[][] rowStart;
    private final int[][] wires;
    private final long[][] coeffs;

    private R1csFile(int numWires, int numOutputs, int numPublicInputs, int numPrivateInputs, long numLabels,
            int numConstraints, int[][] rowStart, int[][] wires, long[][] coeffs) {
        this.numWires = numWires;
        this.numOutputs = numOutputs;
        this.numPublicInputs = numPublicInputs;
        this.numPrivateInputs = numPrivateInputs;
        this.numLabels = numLabels;
        this.numConstraints = numConstraints;
        this.rowStart = rowStart;
        this.wires = wires;
        this.coeffs = coeffs;
    }

    public static R1csFile read(Path path) throws IOException {
        try (BinFile f = BinFile.open(path, "r1cs", 1)) {
            ByteBuffer h = f.section(HEADER, "header");
            int n8;
            int nWires;
            int nOut;
            int nPubIn;
            int nPrvIn;
            long nLabels;
            int nConstraints;
            try {
                n8 = h.getInt();
                if (n8 != Fr.BYTES) {
                    throw f.error("header field size is " + n8 + " bytes; only BLS12-381 Fr (32) is supported");
                }
                BigInteger prime = FieldBytes.readUnsigned(h, n8);
                if (!prime.equals(Fr.MODULUS)) {
                    throw f.error("header prime is " + prime + ", not the BLS12-381 scalar field (compile with --prime bls12381)");
                }
                nWires = h.getInt();
                nOut = h.getInt();
                nPubIn = h.getInt();
                nPrvIn = h.getInt();
                nLabels = h.getLong();
                nConstraints = h.getInt();
            } catch (BufferUnderflowException e) {
                throw f.error("header section is truncated");
            }
            if (nWires < 1 || nOut < 0 || nPubIn < 0 || nPrvIn < 0 || nConstraints < 0
                    || 1L + nOut + nPubIn + nPrvIn > nWires) {
                throw f.error("header counts are inconsistent: wires " + nWires + ", outputs " + nOut
                        + ", public inputs " + nPubIn + ", private inputs " + nPrvIn + ", constraints " + nConstraints);
            }
            ByteBuffer c = f.section(CONSTRAINTS, "constraints");
            // Checked before anything is allocated for them: each constraint holds three term counts at least.
            if ((long) nConstraints * 3 * 4 > c.remaining()) {
                throw f.error("header says " + nConstraints + " constraints; the constraints section's " + c.remaining()
                        + " bytes hold at most " + c.remaining() / 12);
            }
            int[][] rowStart = new int[3][nConstraints + 1];
            int[][] wires = new int[3][];
            long[][] coeffs = new long[3][];
            int[] nnz = new int[3];
            for (int m = 0; m < 3; m++) {
                wires[m] = new int[Math.max(16, nConstraints)];
                coeffs[m] = new long[wires[m].length * Fr.LIMBS];
            }
            try {
                for (int r = 0; r < nConstraints; r++) {
                    for (int m = 0; m < 3; m++) {
                        int terms = c.getInt();
                        if (terms < 0 || (long) terms * (4 + n8) > c.remaining()) {
                            throw f.error("constraint " + r + " matrix " + "ABC".charAt(m) + " has an impossible term count " + terms);
                        }
                        if (nnz[m] + terms > wires[m].length) {
                            int cap = Math.max(nnz[m] + terms, 2 * wires[m].length);
                            wires[m] = Arrays.copyOf(wires[m], cap);
                            coeffs[m] = Arrays.copyOf(coeffs[m], cap * Fr.LIMBS);
                        }
                        for (int t = 0; t < terms; t++) {
                            int w = c.getInt();
                            if (w < 0 || w >= nWires) {
                                throw f.error("constraint " + r + " uses wire " + Integer.toUnsignedString(w) + " of " + nWires);
                            }
                            wires[m][nnz[m]] = w;
                            if (!FieldBytes.readFrCanonical(c, coeffs[m], nnz[m] * Fr.LIMBS)) {
                                throw f.error("constraint " + r + " has a coefficient not below r");
                            }
                            nnz[m]++;
                        }
                        rowStart[m][r + 1] = nnz[m];
                    }
                }
            } catch (BufferUnderflowException e) {
                throw f.error("constraints section is truncated");
            }
            if (c.hasRemaining()) {
                throw f.error("constraints section has " + c.remaining() + " bytes after the last constraint");
            }
            for (int m = 0; m < 3; m++) {
                wires[m] = Arrays.copyOf(wires[m], nnz[m]);
                coeffs[m] = Arrays.copyOf(coeffs[m], nnz[m] * Fr.LIMBS);
            }
            return new R1csFile(nWires, nOut, nPubIn, nPrvIn, nLabels, nConstraints, rowStart, wires, coeffs);
        }
    }

    /** Public wires after ONE: outputs then public inputs (snarkjs's nPublic). */
    public int numPublic() {
        return numOutputs + numPublicInputs;
    }

    /** Our variable for a wire: ONE and the public wires are inputs, the rest aux in wire order. */
    public int variableOf(int wire) {
        return wire <= numPublic() ? Variable.input(wire) : Variable.aux(wire - numPublic() - 1);
    }

    public int nonZeros(int matrix) {
        return wires[matrix].length;
    }

    /**
     * The constraints as a circuit: wires allocated in order (public ones as inputs, the others as
     * aux), then every constraint enforced as it is in the file. values holds one Fr element per
     * wire in Montgomery form (a .wtns), or is null for modes that need no values.
     */
    public Circuit asCircuit(long[] values) {
        if (values != null && values.length != numWires * Fr.LIMBS) {
            throw new IllegalArgumentException("witness has " + values.length / Fr.LIMBS + " values, the r1cs " + numWires + " wires");
        }
        return cs -> synthesize(cs, values);
    }

    private void synthesize(ConstraintSystem cs, long[] values) {
        long[] zero = new long[Fr.LIMBS];
        for (int w = 1; w < numWires; w++) {
            long[] v = values == null ? zero : values;
            int off = values == null ? 0 : w * Fr.LIMBS;
            int var = w <= numPublic() ? cs.allocateInput(v, off) : cs.allocate(v, off);
            if (var != variableOf(w)) {
                throw new IllegalStateException("wire " + w + " became " + Variable.toString(var));
            }
        }
        for (int r = 0; r < numConstraints; r++) {
            int row = r;
            cs.enforce(() -> "constraint " + row, lc -> addRow(lc, 0, row), lc -> addRow(lc, 1, row), lc -> addRow(lc, 2, row));
        }
    }

    private void addRow(LinearCombination lc, int m, int r) {
        for (int p = rowStart[m][r]; p < rowStart[m][r + 1]; p++) {
            lc.add(variableOf(wires[m][p]), coeffs[m], p * Fr.LIMBS);
        }
    }
}
