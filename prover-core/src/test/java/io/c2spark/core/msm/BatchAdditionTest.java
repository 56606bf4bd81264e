package io.c2spark.core.msm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigInteger;
import java.security.SecureRandom;
import java.util.Random;
import org.junit.jupiter.api.Test;

class BatchAdditionTest {
    private final Random rnd = new Random(new SecureRandom().nextLong());

    private static long[] bitmap(int n, java.util.function.IntPredicate selected) {
        long[] bits = new long[(n + 63) / 64];
        for (int i = 0; i < n; i++) {
            if (selected.test(i)) {
                bits[i >>> 6] |= 1L << (i & 63);
            }
        }
        return bits;
    }

    private static void check(MsmTest.Case c, long[] bits, String what) {
        int n = c.b.length;
        BigInteger k = BigInteger.ZERO;
        for (int i = 0; i < n; i++) {
            if ((bits[i >>> 6] >>> (i & 63) & 1) != 0) {
                k = k.add(c.b[i]);
            }
        }
        BigInteger[] expected = ReferenceCurve.mul(c.g2 ? ReferenceCurve.G2 : ReferenceCurve.G1, k);
        long[] out = c.g2 ? BatchAddition.g2(c.bases(), bits, n) : BatchAddition.g1(c.bases(), bits, n);
        assertArrayEquals(expected, ReferenceCurve.readJacobian(out, c.g2), what);
    }

    @Test
    void allZeroAllOneAndRandomBitmaps() {
        for (boolean g2 : new boolean[] {false, true}) {
            for (int n : g2 ? new int[] {1, 5, 64, 300} : new int[] {1, 2, 5, 64, 100, 5000}) {
                MsmTest.Case c = new MsmTest.Case(g2, n, rnd);
                String name = (g2 ? "G2" : "G1") + " n=" + n;
                check(c, bitmap(n, i -> false), name + " none");
                check(c, bitmap(n, i -> true), name + " all");
                check(c, bitmap(n, i -> rnd.nextBoolean()), name + " random");
            }
        }
    }

    @Test
    void identitiesRepeatsAndNegations() {
        for (boolean g2 : new boolean[] {false, true}) {
            int n = g2 ? 200 : 600;
            MsmTest.Case c = new MsmTest.Case(g2, n, rnd);
            for (int i = 1; i < n; i++) {
                switch (i % 5) {
                    case 0 -> c.setBase(i, BigInteger.ZERO);
                    case 1 -> c.copyBase(i - 1, i, false);
                    case 2 -> c.copyBase(i - 1, i, true);
                    default -> { }
                }
            }
            check(c, bitmap(n, i -> true), (g2 ? "G2" : "G1") + " all");
            check(c, bitmap(n, i -> rnd.nextInt(4) != 0), (g2 ? "G2" : "G1") + " random");
            // Only one base, many times: every level doubles.
            MsmTest.Case same = new MsmTest.Case(g2, 100, rnd);
            for (int i = 1; i < 100; i++) {
                same.copyBase(0, i, false);
            }
            check(same, bitmap(100, i -> true), (g2 ? "G2" : "G1") + " one base repeated");
        }
    }

    @Test
    void shortBitmapIsRejected() {
        assertThrows(IllegalArgumentException.class, () -> BatchAddition.g1(new long[12 * 65], new long[1], 65));
        assertThrows(IllegalArgumentException.class, () -> BatchAddition.g1(new long[12], new long[1], 2));
    }
}
