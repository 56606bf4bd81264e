package io.c2spark.gpu.r1cs;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import io.c2spark.core.field.Fr;
import io.c2spark.core.r1cs.R1csShape;
import io.c2spark.core.r1cs.ShapeSystem;
import io.c2spark.core.r1cs.SparseMatrix;
import io.c2spark.core.r1cs.Witness;
import io.c2spark.core.r1cs.WitnessSystem;
import io.c2spark.gpu.TestData;

/**
 * The column codes the SpMV kernel reads (no GPU): decoding them against the compact witness, as
 * spmv.cuh does, gives prover-core's own product of each matrix with the dense witness.
 */
class R1csDeviceShapeTest {
    /** spmv.cuh's loop on the CPU: out[row] = sum table[coeff] * value(code). */
    static long[] decodeAndMultiply(SparseMatrix m, int[] codes, long[] table, Witness w) {
        long[] out = new long[4 * m.rows()];
        long[] t = new long[4];
        for (int r = 0; r < m.rows(); r++) {
            for (int p = m.rowStart(r); p < m.rowEnd(r); p++) {
                int kind = codes[p] >>> 30;
                int index = codes[p] & R1csDeviceShape.MAX_INDEX;
                int k = 4 * m.coeffIndex(p);
                if (kind == R1csDeviceShape.KIND_BIT) {
                    if ((w.bits()[index >>> 6] >>> (index & 63) & 1) != 0) {
                        Fr.add(out, 4 * r, table, k, out, 4 * r);
                    }
                    continue;
                }
                long[] src = kind == R1csDeviceShape.KIND_INPUT ? w.inputs() : w.tail();
                Fr.mul(table, k, src, 4 * index, t, 0);
                Fr.add(out, 4 * r, t, 0, out, 4 * r);
            }
        }
        return out;
    }

    @Test
    void decodedProductsEqualSparseMatrixMultiply() {
        TestCircuits.Instance c = TestCircuits.mixed(TestData.SEED, 70);
        R1csShape shape = ShapeSystem.of(c.circuit(), true);
        Witness w = WitnessSystem.of(c.circuit());
        int[] prefix = R1csDeviceShape.tailRankPrefix(shape.auxBits(), shape.numAux());
        assertEquals(w.tailSize(), shape.numAux() - shape.numBits());
        assertEquals(w.tailSize(), prefix[prefix.length - 1]);
        for (int t = 0; t < w.tailSize(); t++) {
            int code = R1csDeviceShape.columnCode(w.tailAux()[t], shape.auxBits(), prefix);
            assertEquals(R1csDeviceShape.KIND_TAIL << 30 | t, code, "code of tail value " + t);
        }
        long[] dense = w.denseAux();
        for (R1csDeviceShape.Matrix which : R1csDeviceShape.Matrix.values()) {
            SparseMatrix m = R1csDeviceShape.matrix(shape, which);
            long[] want = new long[4 * m.rows()];
            m.multiply(shape.coefficients(), w.inputs(), dense, want);
            int[] codes = new int[m.nonZeros()];
            for (int p = 0; p < codes.length; p++) {
                codes[p] = R1csDeviceShape.columnCode(m.var(p), shape.auxBits(), prefix);
            }
            assertArrayEquals(want, decodeAndMultiply(m, codes, shape.coefficients(), w), which + " (seed " + TestData.SEED + ")");
        }
    }

    @Test
    void tailVariablesNameTheVariableOfEveryTailCode() {
        TestCircuits.Instance c = TestCircuits.mixed(TestData.SEED + 1, 70);
        R1csShape shape = ShapeSystem.of(c.circuit(), true);
        int[] vars = R1csDeviceShape.tailVariables(shape.auxBits(), shape.numAux());
        Witness w = WitnessSystem.of(c.circuit());
        assertArrayEquals(java.util.Arrays.copyOf(w.tailAux(), w.tailSize()), vars);
        int[] prefix = R1csDeviceShape.tailRankPrefix(shape.auxBits(), shape.numAux());
        int tails = 0;
        for (R1csDeviceShape.Matrix which : R1csDeviceShape.Matrix.values()) {
            SparseMatrix m = R1csDeviceShape.matrix(shape, which);
            for (int p = 0; p < m.nonZeros(); p++) {
                int code = R1csDeviceShape.columnCode(m.var(p), shape.auxBits(), prefix);
                if (code >>> 30 == R1csDeviceShape.KIND_TAIL) {
                    assertEquals(m.var(p), vars[code & R1csDeviceShape.MAX_INDEX], which + " term " + p);
                    tails++;
                }
            }
        }
        assertTrue(tails > 0, "the circuit has tail terms");
    }
}
