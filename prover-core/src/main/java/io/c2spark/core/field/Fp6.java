package io.c2spark.core.field;

import java.util.Arrays;
import java.util.Random;

/**
 * Fp6 = Fp2[v] / (v^3 - xi), xi = 1 + u. An element is c0 + c1 v + c2 v^2 stored as 36 longs: the
 * three Fp2 coefficients in order. Outputs may alias inputs: every operation reads all of its
 * inputs before it writes its result.
 */
public final class Fp6 {
    public static final int LIMBS = 3 * Fp2.LIMBS;
    private static final int E = Fp2.LIMBS;

    private Fp6() {
    }

    public static void add(long[] a, int ao, long[] b, int bo, long[] r, int ro) {
        Fp2.add(a, ao, b, bo, r, ro);
        Fp2.add(a, ao + E, b, bo + E, r, ro + E);
        Fp2.add(a, ao + 2 * E, b, bo + 2 * E, r, ro + 2 * E);
    }

    public static void sub(long[] a, int ao, long[] b, int bo, long[] r, int ro) {
        Fp2.sub(a, ao, b, bo, r, ro);
        Fp2.sub(a, ao + E, b, bo + E, r, ro + E);
        Fp2.sub(a, ao + 2 * E, b, bo + 2 * E, r, ro + 2 * E);
    }

    public static void dbl(long[] a, int ao, long[] r, int ro) {
        Fp2.dbl(a, ao, r, ro);
        Fp2.dbl(a, ao + E, r, ro + E);
        Fp2.dbl(a, ao + 2 * E, r, ro + 2 * E);
    }

    public static void neg(long[] a, int ao, long[] r, int ro) {
        Fp2.neg(a, ao, r, ro);
        Fp2.neg(a, ao + E, r, ro + E);
        Fp2.neg(a, ao + 2 * E, r, ro + 2 * E);
    }

    /**
     * Karatsuba over the three coefficients (6 Fp2 multiplications):
     * c0 = a0b0 + xi ((a1 + a2)(b1 + b2) - a1b1 - a2b2),
     * c1 = (a0 + a1)(b0 + b1) - a0b0 - a1b1 + xi a2b2,
     * c2 = (a0 + a2)(b0 + b2) - a0b0 - a2b2 + a1b1.
     */
    public static void mul(long[] a, int ao, long[] b, int bo, long[] r, int ro) {
        long[] t = new long[8 * E];
        final int t0 = 0, t1 = E, t2 = 2 * E, x = 3 * E, y = 4 * E, c0 = 5 * E, c1 = 6 * E, c2 = 7 * E;
        Fp2.mul(a, ao, b, bo, t, t0);
        Fp2.mul(a, ao + E, b, bo + E, t, t1);
        Fp2.mul(a, ao + 2 * E, b, bo + 2 * E, t, t2);

        Fp2.add(a, ao + E, a, ao + 2 * E, t, x);
        Fp2.add(b, bo + E, b, bo + 2 * E, t, y);
        Fp2.mul(t, x, t, y, t, x);
        Fp2.sub(t, x, t, t1, t, x);
        Fp2.sub(t, x, t, t2, t, x);
        Fp2.mulByNonResidue(t, x, t, x);
        Fp2.add(t, x, t, t0, t, c0);

        Fp2.add(a, ao, a, ao + E, t, x);
        Fp2.add(b, bo, b, bo + E, t, y);
        Fp2.mul(t, x, t, y, t, x);
        Fp2.sub(t, x, t, t0, t, x);
        Fp2.sub(t, x, t, t1, t, x);
        Fp2.mulByNonResidue(t, t2, t, y);
        Fp2.add(t, x, t, y, t, c1);

        Fp2.add(a, ao, a, ao + 2 * E, t, x);
        Fp2.add(b, bo, b, bo + 2 * E, t, y);
        Fp2.mul(t, x, t, y, t, x);
        Fp2.sub(t, x, t, t0, t, x);
        Fp2.sub(t, x, t, t2, t, x);
        Fp2.add(t, x, t, t1, t, c2);

        System.arraycopy(t, c0, r, ro, LIMBS);
    }

    /**
     * Chung-Hasan SQR2 (2 multiplications, 3 squarings in Fp2): with s0 = a0^2, s1 = 2 a0 a1,
     * s2 = (a0 - a1 + a2)^2, s3 = 2 a1 a2, s4 = a2^2: c0 = s0 + xi s3, c1 = s1 + xi s4,
     * c2 = s1 + s2 + s3 - s0 - s4.
     */
    public static void sqr(long[] a, int ao, long[] r, int ro) {
        long[] t = new long[8 * E];
        final int s0 = 0, s1 = E, s2 = 2 * E, s3 = 3 * E, s4 = 4 * E, c0 = 5 * E, c1 = 6 * E, c2 = 7 * E;
        Fp2.sqr(a, ao, t, s0);
        Fp2.mul(a, ao, a, ao + E, t, s1);
        Fp2.dbl(t, s1, t, s1);
        Fp2.sub(a, ao, a, ao + E, t, s2);
        Fp2.add(t, s2, a, ao + 2 * E, t, s2);
        Fp2.sqr(t, s2, t, s2);
        Fp2.mul(a, ao + E, a, ao + 2 * E, t, s3);
        Fp2.dbl(t, s3, t, s3);
        Fp2.sqr(a, ao + 2 * E, t, s4);

        Fp2.mulByNonResidue(t, s3, t, c0);
        Fp2.add(t, c0, t, s0, t, c0);
        Fp2.mulByNonResidue(t, s4, t, c1);
        Fp2.add(t, c1, t, s1, t, c1);
        Fp2.add(t, s1, t, s2, t, c2);
        Fp2.add(t, c2, t, s3, t, c2);
        Fp2.sub(t, c2, t, s0, t, c2);
        Fp2.sub(t, c2, t, s4, t, c2);

        System.arraycopy(t, c0, r, ro, LIMBS);
    }

    /** r = a v = xi a2 + a0 v + a1 v^2: multiplication by the non-residue that builds Fp12. */
    public static void mulByNonResidue(long[] a, int ao, long[] r, int ro) {
        long[] t = new long[E];
        Fp2.mulByNonResidue(a, ao + 2 * E, t, 0);
        System.arraycopy(a, ao + E, r, ro + 2 * E, E);
        System.arraycopy(a, ao, r, ro + E, E);
        System.arraycopy(t, 0, r, ro, E);
    }

    /** r = a s for s in Fp2 (12 longs at so). */
    public static void mulByFp2(long[] a, int ao, long[] s, int so, long[] r, int ro) {
        if (s == r && so >= ro && so < ro + LIMBS) {
            s = Arrays.copyOfRange(s, so, so + E);
            so = 0;
        }
        Fp2.mul(a, ao, s, so, r, ro);
        Fp2.mul(a, ao + E, s, so, r, ro + E);
        Fp2.mul(a, ao + 2 * E, s, so, r, ro + 2 * E);
    }

    /**
     * r = a (b0 + b1 v), the sparse product the line functions need (5 Fp2 multiplications):
     * c0 = a0b0 + xi a2b1, c1 = (a0 + a1)(b0 + b1) - a0b0 - a1b1, c2 = a1b1 + a2b0.
     */
    public static void mulBy01(long[] a, int ao, long[] b0, int b0o, long[] b1, int b1o, long[] r, int ro) {
        long[] t = new long[7 * E];
        final int t0 = 0, t1 = E, x = 2 * E, y = 3 * E, c0 = 4 * E, c1 = 5 * E, c2 = 6 * E;
        Fp2.mul(a, ao, b0, b0o, t, t0);
        Fp2.mul(a, ao + E, b1, b1o, t, t1);

        Fp2.mul(a, ao + 2 * E, b1, b1o, t, x);
        Fp2.mulByNonResidue(t, x, t, x);
        Fp2.add(t, x, t, t0, t, c0);

        Fp2.add(a, ao, a, ao + E, t, x);
        Fp2.add(b0, b0o, b1, b1o, t, y);
        Fp2.mul(t, x, t, y, t, x);
        Fp2.sub(t, x, t, t0, t, x);
        Fp2.sub(t, x, t, t1, t, c1);

        Fp2.mul(a, ao + 2 * E, b0, b0o, t, x);
        Fp2.add(t, x, t, t1, t, c2);

        System.arraycopy(t, c0, r, ro, LIMBS);
    }

    /** r = a (b1 v) = xi a2b1 + a0b1 v + a1b1 v^2 (3 Fp2 multiplications). */
    public static void mulBy1(long[] a, int ao, long[] b1, int b1o, long[] r, int ro) {
        long[] t = new long[LIMBS];
        Fp2.mul(a, ao + 2 * E, b1, b1o, t, 0);
        Fp2.mulByNonResidue(t, 0, t, 0);
        Fp2.mul(a, ao, b1, b1o, t, E);
        Fp2.mul(a, ao + E, b1, b1o, t, 2 * E);
        System.arraycopy(t, 0, r, ro, LIMBS);
    }

    /**
     * r = a^-1 through the norm to Fp2: with A = a0^2 - xi a1a2, B = xi a2^2 - a0a1,
     * C = a1^2 - a0a2 and F = a0A + xi (a2B + a1C), a^-1 = (A + Bv + Cv^2) / F. Zero maps to zero.
     */
    public static void inverse(long[] a, int ao, long[] r, int ro) {
        long[] t = new long[6 * E];
        final int cA = 0, cB = E, cC = 2 * E, x = 3 * E, y = 4 * E, f = 5 * E;
        Fp2.sqr(a, ao, t, cA);
        Fp2.mul(a, ao + E, a, ao + 2 * E, t, x);
        Fp2.mulByNonResidue(t, x, t, x);
        Fp2.sub(t, cA, t, x, t, cA);

        Fp2.sqr(a, ao + 2 * E, t, cB);
        Fp2.mulByNonResidue(t, cB, t, cB);
        Fp2.mul(a, ao, a, ao + E, t, x);
        Fp2.sub(t, cB, t, x, t, cB);

        Fp2.sqr(a, ao + E, t, cC);
        Fp2.mul(a, ao, a, ao + 2 * E, t, x);
        Fp2.sub(t, cC, t, x, t, cC);

        Fp2.mul(a, ao + 2 * E, t, cB, t, x);
        Fp2.mul(a, ao + E, t, cC, t, y);
        Fp2.add(t, x, t, y, t, x);
        Fp2.mulByNonResidue(t, x, t, x);
        Fp2.mul(a, ao, t, cA, t, f);
        Fp2.add(t, f, t, x, t, f);
        Fp2.inverse(t, f, t, f);

        Fp2.mul(t, cA, t, f, r, ro);
        Fp2.mul(t, cB, t, f, r, ro + E);
        Fp2.mul(t, cC, t, f, r, ro + 2 * E);
    }

    /**
     * r = a^(p^k) for any k >= 0 (the map has order 6 on Fp6): each Fp2 coefficient is raised to
     * p^k (conjugated when k is odd) and the coefficient of v^j multiplied by xi^(j (p^k - 1) / 3).
     */
    public static void frobenius(long[] a, int ao, int k, long[] r, int ro) {
        if (k < 0) {
            throw new IllegalArgumentException("Frobenius power must be non-negative: " + k);
        }
        int kk = k % FrobeniusCoefficients.POWERS;
        long[] g = FrobeniusCoefficients.table();
        frobeniusCoefficient(a, ao, kk, r, ro);
        frobeniusCoefficient(a, ao + E, kk, r, ro + E);
        frobeniusCoefficient(a, ao + 2 * E, kk, r, ro + 2 * E);
        Fp2.mul(r, ro + E, g, FrobeniusCoefficients.offset(kk, 2), r, ro + E);
        Fp2.mul(r, ro + 2 * E, g, FrobeniusCoefficients.offset(kk, 4), r, ro + 2 * E);
    }

    /** r = c^(p^k) for c in Fp2: conjugation for odd k, identity for even k. */
    static void frobeniusCoefficient(long[] c, int co, int k, long[] r, int ro) {
        if ((k & 1) != 0) {
            Fp2.conjugate(c, co, r, ro);
        } else if (c != r || co != ro) {
            System.arraycopy(c, co, r, ro, E);
        }
    }

    public static boolean isZero(long[] a, int ao) {
        return Fp2.isZero(a, ao) && Fp2.isZero(a, ao + E) && Fp2.isZero(a, ao + 2 * E);
    }

    public static boolean isOne(long[] a, int ao) {
        long[] one = new long[E];
        Fp2.setOne(one, 0);
        return Fp2.equal(a, ao, one, 0) && Fp2.isZero(a, ao + E) && Fp2.isZero(a, ao + 2 * E);
    }

    public static boolean equal(long[] a, int ao, long[] b, int bo) {
        return Fp2.equal(a, ao, b, bo) && Fp2.equal(a, ao + E, b, bo + E)
                && Fp2.equal(a, ao + 2 * E, b, bo + 2 * E);
    }

    public static void setOne(long[] r, int ro) {
        Fp2.setOne(r, ro);
        Fp2.setZero(r, ro + E);
        Fp2.setZero(r, ro + 2 * E);
    }

    public static void setZero(long[] r, int ro) {
        Fp2.setZero(r, ro);
        Fp2.setZero(r, ro + E);
        Fp2.setZero(r, ro + 2 * E);
    }

    public static void random(Random rnd, long[] r, int ro) {
        Fp2.random(rnd, r, ro);
        Fp2.random(rnd, r, ro + E);
        Fp2.random(rnd, r, ro + 2 * E);
    }
}
