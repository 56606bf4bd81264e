package io.c2spark.core.ntt;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.c2spark.core.field.Fr;
import io.c2spark.core.field.IfmaLibrary;
import io.c2spark.core.field.LaneSupport;
import java.math.BigInteger;
import java.security.SecureRandom;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The NTT in SIMD lanes and in the native IFMA kernel against the scalar one, bit for bit: every
 * size from each one's smallest to ones whose blocks leave the cache (recursion, parallel
 * butterflies, stages across blocks), plain, inverse (reversed), and scaled on either side as the
 * cosets and 1/n are; then -1 and 0 everywhere. The lanes' largest size runs several times, so that
 * the later rounds check the JIT's compiled vector code, not its interpreter.
 */
class NttKernelsTest {
    private final long seed = new SecureRandom().nextLong();
    private final Random rnd = new Random(seed);

    /** One transform of a kernel built for 2^logN elements. */
    private interface Kernel {
        void transform(long[] a, Radix2Ntt.Scaling in, boolean reversedOut, Radix2Ntt.Scaling out);
    }

    private interface KernelFactory {
        Kernel build(long[] omega, int logN);
    }

    private static Kernel lanes(long[] omega, int logN) {
        LaneNtt lanes = new LaneNtt(omega, logN);
        long[] work = lanes.newWork();
        return (a, in, reversed, out) -> lanes.transform(a, in, reversed, out, work);
    }

    private static Kernel ifma(long[] omega, int logN) {
        return new IfmaNtt(omega, logN)::transform;
    }

    private long[] random(int n) {
        long[] a = new long[4 * n];
        for (int i = 0; i < n; i++) {
            Fr.random(rnd, a, 4 * i);
        }
        return a;
    }

    private long[] element() {
        return random(1);
    }

    @Test
    void lanesEqualTheScalarTransformBitForBit() {
        assumeTrue(LaneSupport.AVAILABLE, "no SIMD lanes in this JVM: " + LaneSupport.describe());
        equalsTheScalarTransform(NttKernelsTest::lanes, new int[] {4, 5, 6, 9, 13, 14, 15, 15, 15});
        minusOneAndZero(NttKernelsTest::lanes, 6);
    }

    @Test
    void theNativeKernelEqualsTheScalarTransformBitForBit() {
        assumeTrue(IfmaNtt.AVAILABLE, "no native kernel in this JVM: " + IfmaLibrary.STATE);
        equalsTheScalarTransform(NttKernelsTest::ifma, new int[] {6, 7, 9, 13, 14, 16});
        minusOneAndZero(NttKernelsTest::ifma, 15);
    }

    private void equalsTheScalarTransform(KernelFactory factory, int[] sizes) {
        for (int logN : sizes) {
            int n = 1 << logN;
            long[] omega = EvaluationDomain.ofLogSize(logN).omega();
            long[] tw = Radix2Ntt.twiddleTable(omega, logN);
            Kernel kernel = factory.build(omega, logN);
            Radix2Ntt.Scaling[][] cases = {
                {null, null},
                {new Radix2Ntt.Scaling(element(), element()), null},
                {new Radix2Ntt.Scaling(element(), null), null},
                {null, new Radix2Ntt.Scaling(element(), null)},
                {null, new Radix2Ntt.Scaling(element(), element())},
                {new Radix2Ntt.Scaling(element(), element()), new Radix2Ntt.Scaling(element(), element())},
            };
            for (Radix2Ntt.Scaling[] c : cases) {
                for (boolean reversed : new boolean[] {false, true}) {
                    long[] a = random(n);
                    long[] want = a.clone();
                    Radix2Ntt.transform(want, logN, tw, c[0], reversed, c[1]);
                    kernel.transform(a, c[0], reversed, c[1]);
                    assertArrayEquals(want, a, "2^" + logN + ", reversed " + reversed + ", in " + (c[0] != null)
                            + ", out " + (c[1] != null) + ", seed " + seed);
                }
            }
        }
    }

    private static void minusOneAndZero(KernelFactory factory, int logN) {
        int n = 1 << logN;
        long[] omega = EvaluationDomain.ofLogSize(logN).omega();
        long[] tw = Radix2Ntt.twiddleTable(omega, logN);
        Kernel kernel = factory.build(omega, logN);
        long[] minusOne = Fr.of(Fr.MODULUS.subtract(BigInteger.ONE));
        for (long[] fill : new long[][] {minusOne, new long[4]}) {
            long[] a = new long[4 * n];
            for (int i = 0; i < n; i++) {
                System.arraycopy(fill, 0, a, 4 * i, 4);
            }
            for (Radix2Ntt.Scaling in : new Radix2Ntt.Scaling[] {null, new Radix2Ntt.Scaling(minusOne, minusOne)}) {
                long[] want = a.clone();
                long[] got = a.clone();
                Radix2Ntt.transform(want, logN, tw, in, true, new Radix2Ntt.Scaling(minusOne, minusOne));
                kernel.transform(got, in, true, new Radix2Ntt.Scaling(minusOne, minusOne));
                assertArrayEquals(want, got);
            }
        }
    }
}
