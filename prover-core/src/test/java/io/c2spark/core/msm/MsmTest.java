package io.c2spark.core.msm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.c2spark.core.field.CoordinateField;
import io.c2spark.core.field.Fr;
import java.math.BigInteger;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * MSM against the reference: bases are known multiples b_i G of the generator, so the expected sum
 * is (sum s_i b_i mod r) G, one reference scalar multiplication.
 */
class MsmTest {
    private final Random rnd = new Random(new SecureRandom().nextLong());

    /** Bases b_i G, their multipliers and scalars. */
    static final class Case {
        final boolean g2;
        final BigInteger[] b;
        final BigInteger[][] points;
        final BigInteger[] s;

        Case(boolean g2, int n, Random rnd) {
            this.g2 = g2;
            this.b = new BigInteger[n];
            this.points = new BigInteger[n][];
            this.s = new BigInteger[n];
            BigInteger[] gen = g2 ? ReferenceCurve.G2 : ReferenceCurve.G1;
            BigInteger b0 = new BigInteger(255, rnd).mod(ReferenceCurve.R);
            BigInteger delta = new BigInteger(255, rnd).mod(ReferenceCurve.R);
            BigInteger[] d = ReferenceCurve.mul(gen, delta);
            BigInteger[] p = ReferenceCurve.mul(gen, b0);
            for (int i = 0; i < n; i++) {
                b[i] = b0.add(delta.multiply(BigInteger.valueOf(i))).mod(ReferenceCurve.R);
                points[i] = p;
                p = ReferenceCurve.add(p, d);
                s[i] = new BigInteger(255, rnd).mod(ReferenceCurve.R);
            }
        }

        void setBase(int i, BigInteger multiplier) {
            b[i] = multiplier.mod(ReferenceCurve.R);
            points[i] = ReferenceCurve.mul(g2 ? ReferenceCurve.G2 : ReferenceCurve.G1, b[i]);
        }

        void copyBase(int from, int to, boolean negate) {
            b[to] = negate ? b[from].negate().mod(ReferenceCurve.R) : b[from];
            points[to] = negate ? ReferenceCurve.neg(points[from]) : points[from];
        }

        long[] bases() {
            int pl = g2 ? 24 : 12;
            long[] out = new long[b.length * pl];
            for (int i = 0; i < b.length; i++) {
                ReferenceCurve.write(points[i], g2, out, i * pl);
            }
            return out;
        }

        long[] scalars() {
            long[] out = new long[4 * s.length];
            for (int i = 0; i < s.length; i++) {
                System.arraycopy(Fr.of(s[i]), 0, out, 4 * i, 4);
            }
            return out;
        }

        BigInteger[] expected() {
            BigInteger k = BigInteger.ZERO;
            for (int i = 0; i < s.length; i++) {
                k = k.add(s[i].multiply(b[i]));
            }
            return ReferenceCurve.mul(g2 ? ReferenceCurve.G2 : ReferenceCurve.G1, k);
        }
    }

    /** Through the 56-bit working form, as the public entry points run. */
    private static long[] run(Case c, int window, Boolean affine) {
        return Msm.inWorkingForm(c.g2 ? CoordinateField.FP2_56 : CoordinateField.FP56, c.g2 ? "G2" : "G1", c.bases(),
                c.scalars(), window, affine);
    }

    /** Directly on the shared layout's Fp and Fp2. */
    private static long[] runStandard(Case c, int window, Boolean affine) {
        return Msm.compute(c.g2 ? CoordinateField.FP2 : CoordinateField.FP, c.g2 ? "G2" : "G1", c.bases(), c.scalars(),
                window, affine);
    }

    private static void check(Case c, long[] result, String what) {
        assertEquals(c.g2 ? 36 : 18, result.length);
        assertArrayEquals(c.expected(), ReferenceCurve.readJacobian(result, c.g2), what);
    }

    @Test
    void generatorsAreOnTheirCurves() {
        assertTrue(ReferenceCurve.onCurve(ReferenceCurve.G1, false));
        assertTrue(ReferenceCurve.onCurve(ReferenceCurve.G2, true));
        BigInteger rMinus1 = ReferenceCurve.R.subtract(BigInteger.ONE);
        assertEquals(null, ReferenceCurve.add(ReferenceCurve.mul(ReferenceCurve.G2, rMinus1), ReferenceCurve.G2));
        assertArrayEquals(ReferenceCurve.neg(ReferenceCurve.G1), ReferenceCurve.mul(ReferenceCurve.G1, rMinus1));
    }

    @Test
    void g1RandomSizes() {
        for (int n : new int[] {1, 2, 3, 17, 100, 1000, 1 << 12}) {
            Case c = new Case(false, n, rnd);
            check(c, Msm.g1(c.bases(), c.scalars()), "G1 n=" + n);
        }
    }

    @Test
    void g2RandomSizes() {
        for (int n : new int[] {1, 2, 3, 17, 100, 1000, 1 << 11}) {
            Case c = new Case(true, n, rnd);
            check(c, Msm.g2(c.bases(), c.scalars()), "G2 n=" + n);
        }
    }

    /** Zero scalars, r - 1, 1, 2^k, identity bases, repeated bases, P next to -P. */
    private Case edgeCase(boolean g2, int n) {
        Case c = new Case(g2, n, rnd);
        BigInteger r = ReferenceCurve.R;
        for (int i = 0; i < n; i++) {
            switch (i % 9) {
                case 0 -> c.s[i] = BigInteger.ZERO;
                case 1 -> c.s[i] = r.subtract(BigInteger.ONE);
                case 2 -> c.setBase(i, BigInteger.ZERO);
                case 3 -> c.copyBase(i - 1 >= 0 && c.points[i - 1] != null ? i - 1 : i, i, false);
                case 4 -> c.copyBase(i - 1, i, true);
                case 5 -> c.s[i] = BigInteger.ONE;
                case 6 -> c.s[i] = BigInteger.ONE.shiftLeft(rnd.nextInt(255)).mod(r);
                case 7 -> {
                    c.copyBase(i - 1, i, true);
                    c.s[i] = c.s[i - 1];
                }
                default -> { }
            }
        }
        return c;
    }

    @Test
    void edgeCasesBothBucketMethodsManyWindows() {
        for (boolean g2 : new boolean[] {false, true}) {
            for (int n : new int[] {1, 9, 40, 300}) {
                Case c = edgeCase(g2, n);
                for (int w : new int[] {0, 2, 3, 5, 8}) {
                    check(c, run(c, w, false), (g2 ? "G2" : "G1") + " jacobian n=" + n + " c=" + w);
                    if (w >= 5 || w == 0) {
                        check(c, run(c, w, true), (g2 ? "G2" : "G1") + " batch-affine n=" + n + " c=" + w);
                    }
                    if (w == 0) {
                        check(c, runStandard(c, w, true), (g2 ? "G2" : "G1") + " standard batch-affine n=" + n);
                        check(c, runStandard(c, w, false), (g2 ? "G2" : "G1") + " standard jacobian n=" + n);
                    }
                }
            }
        }
    }

    /**
     * Points in chunks of 64 and 192, the last one partial: every window's buckets carry over from
     * chunk to chunk, and scalars of one in any chunk are summed apart.
     */
    @Test
    void chunksCarryTheBucketsOver() {
        for (boolean g2 : new boolean[] {false, true}) {
            Case c = edgeCase(g2, g2 ? 500 : 1300);
            CoordinateField f = g2 ? CoordinateField.FP2_56 : CoordinateField.FP56;
            String group = g2 ? "G2" : "G1";
            for (int chunk : new int[] {64, 192}) {
                for (boolean affine : new boolean[] {true, false}) {
                    long[] got = f.toStandard(Msm.compute(f, group, c.bases(), c.scalars(), 0, affine, chunk));
                    check(c, got, group + " chunks of " + chunk + (affine ? " batch-affine" : " jacobian"));
                }
            }
        }
        assertThrows(IllegalArgumentException.class,
                () -> Msm.compute(CoordinateField.FP56, "G1", new long[0], new long[0], 0, null, 100));
    }

    @Test
    void wideWindowsSpanningLimbs() {
        // c = 13 and 16 (the 2^20 window) read digits across 64-bit limb boundaries.
        Case c = edgeCase(false, 40);
        check(c, run(c, 12, true), "G1 c=12");
        check(c, run(c, 13, true), "G1 c=13");
        check(c, run(c, 16, true), "G1 c=16");
    }

    @Test
    void batchAffineSameXPaths() {
        // All bases equal: buckets meet their own point (doubling); alternating P, -P with equal
        // scalars: buckets empty out and refill; many same-bucket additions exercise the queue.
        for (boolean g2 : new boolean[] {false, true}) {
            int n = g2 ? 300 : 1200;
            Case c = new Case(g2, n, rnd);
            for (int i = 1; i < n; i++) {
                c.copyBase(0, i, i % 2 == 1 && i % 3 == 0);
                if (i % 5 == 0) {
                    c.s[i] = c.s[i - 1];
                }
                if (i % 7 == 0) {
                    c.s[i] = BigInteger.valueOf(i % 4 + 1);
                }
            }
            check(c, run(c, 8, true), (g2 ? "G2" : "G1") + " same-x batch-affine");
            check(c, run(c, 8, false), (g2 ? "G2" : "G1") + " same-x jacobian");
        }
    }

    /**
     * Pairs P, -P with equal scalars, then P, P: wherever a pair's first point lands in an empty
     * bucket, the second meets it there and the bucket empties out (or doubles), in every window.
     */
    @Test
    void oppositeAndEqualPointsInOneBucket() {
        for (boolean g2 : new boolean[] {false, true}) {
            int n = g2 ? 400 : 1600;
            Case c = new Case(g2, n, rnd);
            for (int i = 1; i < n; i += 2) {
                c.copyBase(i - 1, i, i < n / 2);
                c.s[i] = c.s[i - 1];
            }
            for (int w : new int[] {6, 8}) {
                check(c, run(c, w, true), (g2 ? "G2" : "G1") + " P, -P and P, P batch-affine c=" + w);
            }
        }
    }

    /**
     * Every scalar 100: one digit, in window 0's seventh segment of eight at c = 8, so that the
     * reduction's combination adds its running sum to a copy of itself (a doubling) and then to a
     * multiple of it.
     */
    @Test
    void combinationMeetsItsOwnRunningSum() {
        for (boolean g2 : new boolean[] {false, true}) {
            Case c = new Case(g2, 96, rnd);
            Arrays.fill(c.s, BigInteger.valueOf(100));
            check(c, run(c, 8, true), (g2 ? "G2" : "G1") + " one digit batch-affine");
        }
    }

    /** Mostly ones (bit signals), with twos, zeros and full-width scalars among them, on both groups. */
    @Test
    void scalarsOfOneAreSummedApart() {
        for (boolean g2 : new boolean[] {false, true}) {
            int n = g2 ? 1500 : 3000;
            Case c = new Case(g2, n, rnd);
            for (int i = 0; i < n; i++) {
                switch (i % 7) {
                    case 0 -> { }
                    case 1 -> c.s[i] = BigInteger.TWO;
                    case 2 -> c.s[i] = BigInteger.ZERO;
                    default -> c.s[i] = BigInteger.ONE;
                }
            }
            c.copyBase(3, 4, true);
            check(c, run(c, 0, true), (g2 ? "G2" : "G1") + " mostly ones");
            check(c, runStandard(c, 0, true), (g2 ? "G2" : "G1") + " mostly ones, standard layout");
        }
    }

    /** The top window's digits, spread over 2^spread buckets each, fit the window's buckets; c = 12's 7 digits get 256. */
    @Test
    void topWindowSpreadFitsItsDigits() {
        for (int c = Msm.MIN_WINDOW; c <= Msm.MAX_WINDOW; c++) {
            int windows = Msm.windowCount(c);
            BigInteger k = BigInteger.ZERO;
            for (int w = 0; w < windows; w++) {
                k = k.setBit(c * w + c - 1);
            }
            int topDigit = ReferenceCurve.R.subtract(BigInteger.ONE).add(k).shiftRight(c * (windows - 1)).intValue()
                    - (1 << (c - 1));
            int spread = Msm.topWindowSpread(c, windows);
            assertTrue(topDigit >= 1, "c=" + c);
            assertTrue((long) topDigit << spread <= 1 << (c - 1), "c=" + c + " spread " + spread + " top digit " + topDigit);
            assertTrue(spread == 0 ? (long) topDigit << 3 > 1 << (c - 1) : (long) topDigit << (spread + 1) > 1 << (c - 1),
                    "c=" + c + ": the widest spread that fits, or none below 8");
        }
        assertEquals(8, Msm.topWindowSpread(12, Msm.windowCount(12)));
        assertEquals(0, Msm.topWindowSpread(16, Msm.windowCount(16)));
    }

    @Test
    void emptyAndAllZero() {
        assertArrayEquals(new long[18], Msm.g1(new long[0], new long[0]));
        Case c = new Case(false, 5, rnd);
        java.util.Arrays.fill(c.s, BigInteger.ZERO);
        long[] out = Msm.g1(c.bases(), c.scalars());
        assertEquals(null, ReferenceCurve.readJacobian(out, false));
    }

    @Test
    void mismatchedLengthsAreRejectedWithTheirNames() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Msm.g1(new long[12], new long[8]));
        assertTrue(e.getMessage().contains("G1 MSM"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Msm.g2(new long[24], new long[5]));
    }

    @Test
    void windowCountCoversTheRecoding() {
        for (int c = Msm.MIN_WINDOW; c <= Msm.MAX_WINDOW; c++) {
            int w = Msm.windowCount(c);
            assertTrue(c * w >= 256, "c=" + c);
            assertTrue(c * (w - 1) < 320, "c=" + c);
        }
        assertEquals(16, Msm.windowCount(16));
    }
}
