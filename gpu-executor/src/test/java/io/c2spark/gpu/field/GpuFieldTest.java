package io.c2spark.gpu.field;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigInteger;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import io.c2spark.core.field.Fp2;
import io.c2spark.core.field.Fp;
import io.c2spark.core.field.Fr;
import io.c2spark.gpu.GpuTestDevice;
import io.c2spark.gpu.TestData;

/** The element-wise kernels equal prover-core's Fr, Fp and Fp2 bit for bit, on random and edge inputs. */
@Tag("gpu")
class GpuFieldTest {
    /** Odd on purpose: the grid-stride tail must be covered. */
    static final int N = (1 << 20) + 37;

    interface Op {
        void apply(long[] a, int ao, long[] b, int bo, long[] r, int ro);
    }

    /** Random operands with every pair of edge values placed at the front. */
    static long[][] operands(BigInteger p, int limbs, long seed) {
        long[] a = TestData.randomElements(N, p, limbs, seed);
        long[] b = TestData.randomElements(N, p, limbs, seed + 1);
        BigInteger[] edges = TestData.edgeValues(p);
        BigInteger r = BigInteger.ONE.shiftLeft(64 * limbs).mod(p);
        int k = 0;
        for (BigInteger x : edges) {
            for (BigInteger y : edges) {
                // Montgomery encodings of the edge values: x R mod p.
                put(a, k, x.multiply(r).mod(p), limbs);
                put(b, k, y.multiply(r).mod(p), limbs);
                k++;
            }
        }
        return new long[][] {a, b};
    }

    static void put(long[] dst, int index, BigInteger v, int limbs) {
        for (int i = 0; i < limbs; i++) {
            dst[index * limbs + i] = v.shiftRight(64 * i).longValue();
        }
    }

    void check(FieldKernels.Op op, BigInteger p, int limbs, Op cpu, long seed) {
        long[][] ab = operands(p, limbs, seed);
        long[] got = new FieldKernels(GpuTestDevice.get()).apply(op, ab[0], ab[1]);
        long[] want = new long[got.length];
        java.util.stream.IntStream.range(0, N).parallel()
                .forEach(i -> cpu.apply(ab[0], i * limbs, ab[1], i * limbs, want, i * limbs));
        for (int i = 0; i < N; i++) {
            for (int l = 0; l < limbs; l++) {
                if (got[i * limbs + l] != want[i * limbs + l]) {
                    assertEquals(want[i * limbs + l], got[i * limbs + l], op + " element " + i + " limb " + l + " (seed "
                            + TestData.SEED + ")");
                }
            }
        }
    }

    @Test
    void frMulAddSubEqualProverCore() {
        check(FieldKernels.Op.FR_MUL, Fr.MODULUS, 4, Fr::mul, TestData.SEED);
        check(FieldKernels.Op.FR_ADD, Fr.MODULUS, 4, Fr::add, TestData.SEED + 10);
        check(FieldKernels.Op.FR_SUB, Fr.MODULUS, 4, Fr::sub, TestData.SEED + 20);
    }

    @Test
    void fpMulAddSubEqualProverCore() {
        check(FieldKernels.Op.FP_MUL, Fp.MODULUS, 6, Fp::mul, TestData.SEED + 30);
        check(FieldKernels.Op.FP_ADD, Fp.MODULUS, 6, Fp::add, TestData.SEED + 40);
        check(FieldKernels.Op.FP_SUB, Fp.MODULUS, 6, Fp::sub, TestData.SEED + 50);
    }

    @Test
    void fp2MulEqualsProverCore() {
        // An Fp2 element is two Fp elements: random Fp limbs are random Fp2 limbs.
        long[][] ab = operands(Fp.MODULUS, 6, TestData.SEED + 60);
        long[] a = ab[0], b = ab[1];
        int n = N / 2;
        long[] a2 = java.util.Arrays.copyOf(a, 12 * n), b2 = java.util.Arrays.copyOf(b, 12 * n);
        long[] got = new FieldKernels(GpuTestDevice.get()).apply(FieldKernels.Op.FP2_MUL, a2, b2);
        long[] want = new long[got.length];
        java.util.stream.IntStream.range(0, n).parallel().forEach(i -> Fp2.mul(a2, 12 * i, b2, 12 * i, want, 12 * i));
        for (int i = 0; i < want.length; i++) {
            if (want[i] != got[i]) {
                assertEquals(want[i], got[i], "fp2 mul element " + i / 12 + " (seed " + TestData.SEED + ")");
            }
        }
    }
}
