package io.c2spark.core.ntt;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.c2spark.core.field.Fr;
import io.c2spark.core.field.LaneSupport;
import java.security.SecureRandom;
import java.util.Random;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The NTT in SIMD lanes against the scalar one, bit for bit: every size from the smallest in lanes
 * to ones whose blocks leave the cache (recursion and parallel butterflies), plain, inverse
 * (reversed), and scaled on either side as the cosets and 1/n are, one working copy serving all
 * of a size's transforms. The largest size runs several
 * times, so that the later rounds check the JIT's compiled vector code, not its interpreter.
 */
class LaneNttTest {
    private final long seed = new SecureRandom().nextLong();
    private final Random rnd = new Random(seed);

    @BeforeAll
    static void lanes() {
        assumeTrue(LaneSupport.AVAILABLE, "no SIMD lanes in this JVM: " + LaneSupport.describe());
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
    void equalsTheScalarTransformBitForBit() {
        for (int logN : new int[] {4, 5, 6, 9, 13, 14, 15, 15, 15}) {
            int n = 1 << logN;
            long[] omega = EvaluationDomain.ofLogSize(logN).omega();
            long[] tw = Radix2Ntt.twiddleTable(omega, logN);
            LaneNtt lanes = new LaneNtt(omega, logN);
            long[] work = lanes.newWork();
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
                    lanes.transform(a, c[0], reversed, c[1], work);
                    assertArrayEquals(want, a, "2^" + logN + ", reversed " + reversed + ", in " + (c[0] != null)
                            + ", out " + (c[1] != null) + ", seed " + seed);
                }
            }
        }
    }

    @Test
    void minusOneAndZero() {
        int logN = 6;
        int n = 1 << logN;
        long[] omega = EvaluationDomain.ofLogSize(logN).omega();
        long[] tw = Radix2Ntt.twiddleTable(omega, logN);
        LaneNtt lanes = new LaneNtt(omega, logN);
        long[] minusOne = Fr.of(Fr.MODULUS.subtract(java.math.BigInteger.ONE));
        for (long[] fill : new long[][] {minusOne, new long[4]}) {
            long[] a = new long[4 * n];
            for (int i = 0; i < n; i++) {
                System.arraycopy(fill, 0, a, 4 * i, 4);
            }
            long[] want = a.clone();
            Radix2Ntt.transform(want, logN, tw, null, true, new Radix2Ntt.Scaling(minusOne, minusOne));
            lanes.transform(a, null, true, new Radix2Ntt.Scaling(minusOne, minusOne), lanes.newWork());
            assertArrayEquals(want, a);
        }
    }
}
