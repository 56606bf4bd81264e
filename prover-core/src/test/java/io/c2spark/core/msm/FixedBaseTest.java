package io.c2spark.core.msm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.c2spark.core.curve.G1;
import io.c2spark.core.curve.G2;
import io.c2spark.core.field.Fr;
import java.math.BigInteger;
import java.security.SecureRandom;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Fixed-base multiples against one double-and-add scalar multiplication per scalar (G1.mul, G2.mul). */
class FixedBaseTest {
    private final Random rnd = new Random(new SecureRandom().nextLong());

    /**
     * Random scalars with the edge cases 0, 1, -1, 2^(c-1), 2^k - 1, r - 2^(c-1) mixed in, and the
     * scalar whose top window doubles its accumulator (see {@link #doublingScalar}).
     */
    private long[] scalars(int n, int c) {
        BigInteger r = Fr.MODULUS;
        BigInteger[] edges = {BigInteger.ZERO, BigInteger.ONE, r.subtract(BigInteger.ONE), BigInteger.ONE.shiftLeft(c - 1),
            BigInteger.ONE.shiftLeft(c).subtract(BigInteger.ONE), r.subtract(BigInteger.ONE.shiftLeft(c - 1)),
            BigInteger.ONE.shiftLeft(254), BigInteger.ONE.shiftLeft(128).subtract(BigInteger.ONE), BigInteger.TWO,
            doublingScalar(c)};
        long[] s = new long[4 * n];
        for (int i = 0; i < n; i++) {
            if (i < edges.length) {
                System.arraycopy(Fr.of(edges[i]), 0, s, 4 * i, 4);
            } else {
                Fr.random(rnd, s, 4 * i);
            }
        }
        return s;
    }

    /**
     * s = 2 d 2^(c t) - r with t the top window and d = r / 2^(c t) rounded: the windows below t sum
     * to d 2^(c t) - r = d 2^(c t) (mod r), so the top window adds its table point to that same
     * point (a doubling, the accumulator's x equal to the table point's). Where s is not a canonical
     * scalar or the lower windows cannot reach d 2^(c t) - r, 2 instead.
     */
    private static BigInteger doublingScalar(int c) {
        BigInteger r = Fr.MODULUS;
        int top = c * ((256 + c - 1) / c - 1);
        BigInteger d = r.add(BigInteger.ONE.shiftLeft(top - 1)).shiftRight(top);
        BigInteger lower = d.shiftLeft(top).subtract(r);
        BigInteger s = d.shiftLeft(top + 1).subtract(r);
        boolean reachable = lower.abs().shiftLeft(1).compareTo(BigInteger.ONE.shiftLeft(top)) < 0;
        return s.signum() >= 0 && s.compareTo(r) < 0 && reachable && d.bitLength() < c ? s : BigInteger.TWO;
    }

    @Test
    void g1MultiplesMatchDoubleAndAdd() {
        for (int c : new int[] {2, 9, 16}) {
            long[] base = new long[G1.AFFINE];
            long[] p = new long[G1.JACOBIAN];
            G1.LAW.fromAffine(G1.generator(), 0, p, 0);
            G1.LAW.mul(p, 0, Fr.of(new BigInteger(250, rnd)), 0, p, 0);
            G1.LAW.toAffine(p, 0, base, 0);
            // Above 512 scalars the windows run over several batches.
            int n = c == 16 ? 1100 + rnd.nextInt(200) : 300 + rnd.nextInt(100);
            long[] s = scalars(n, c);
            long[] got = FixedBase.g1(base, c).mul(s);
            long[] want = new long[n * G1.AFFINE];
            long[] t = new long[G1.JACOBIAN];
            for (int i = 0; i < n; i++) {
                G1.LAW.fromAffine(base, 0, t, 0);
                G1.LAW.mul(t, 0, s, 4 * i, t, 0);
                G1.LAW.toAffine(t, 0, want, i * G1.AFFINE);
            }
            assertArrayEquals(want, got, "window " + c);
        }
    }

    @Test
    void g2MultiplesMatchDoubleAndAdd() {
        long[] base = G2.generator();
        int c = 6;
        int n = 150;
        long[] s = scalars(n, c);
        long[] got = FixedBase.g2(base, c).mul(s);
        long[] want = new long[n * G2.AFFINE];
        long[] t = new long[G2.JACOBIAN];
        for (int i = 0; i < n; i++) {
            G2.LAW.fromAffine(base, 0, t, 0);
            G2.LAW.mul(t, 0, s, 4 * i, t, 0);
            G2.LAW.toAffine(t, 0, want, i * G2.AFFINE);
        }
        assertArrayEquals(want, got);
    }

    @Test
    void aRangeWritesWhereItIsAsked() {
        FixedBase fb = FixedBase.g1(G1.generator(), 8);
        int n = 700;
        long[] s = scalars(n, 8);
        long[] all = fb.mul(s);
        long[] out = new long[(n + 5) * G1.AFFINE];
        fb.mul(s, 100, 650, out, 3);
        for (int i = 100; i < 650; i++) {
            assertArrayEquals(java.util.Arrays.copyOfRange(all, i * G1.AFFINE, (i + 1) * G1.AFFINE),
                    java.util.Arrays.copyOfRange(out, (i - 97) * G1.AFFINE, (i - 96) * G1.AFFINE), "scalar " + i);
        }
        assertArrayEquals(new long[3 * G1.AFFINE], java.util.Arrays.copyOf(out, 3 * G1.AFFINE), "nothing written before outFrom");
    }

    @Test
    void refusesIdentityBaseAndBadWindow() {
        assertThrows(IllegalArgumentException.class, () -> FixedBase.g1(new long[G1.AFFINE], 4));
        assertThrows(IllegalArgumentException.class, () -> FixedBase.g1(G1.generator(), 1));
        assertThrows(IllegalArgumentException.class, () -> FixedBase.g1(G1.generator(), 17));
    }
}
