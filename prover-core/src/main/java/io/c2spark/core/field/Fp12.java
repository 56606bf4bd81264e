package io.c2spark.core.field;

import java.util.Random;

/**
 * Fp12 = Fp6[w] / (w^2 - v): the pairing's target field. An element is c0 + c1 w stored as 72
 * longs, c0 then c1 (each an {@link Fp6}), so the twelve Fp coefficients lie in the tower order
 * c0.c0.c0, c0.c0.c1, c0.c1.c0, ..., c1.c2.c1 used by blst, zkcrypto bls12_381 and @noble/curves.
 * As a vector space over Fp2 the basis is 1, v, v^2, w, vw, v^2 w = w^0, w^2, w^4, w^1, w^3, w^5,
 * with w^6 = xi = 1 + u. Outputs may alias inputs.
 */
public final class Fp12 {
    public static final int LIMBS = 2 * Fp6.LIMBS;
    private static final int H = Fp6.LIMBS;
    private static final int E = Fp2.LIMBS;

    private Fp12() {
    }

    // add, sub, neg and conjugate: the componentwise shape of Fp2's (see there), over Fp6.
    public static void add(long[] a, int ao, long[] b, int bo, long[] r, int ro) {
        Fp6.add(a, ao, b, bo, r, ro);
        Fp6.add(a, ao + H, b, bo + H, r, ro + H);
    }

    public static void sub(long[] a, int ao, long[] b, int bo, long[] r, int ro) {
        Fp6.sub(a, ao, b, bo, r, ro);
        Fp6.sub(a, ao + H, b, bo + H, r, ro + H);
    }

    public static void neg(long[] a, int ao, long[] r, int ro) {
        Fp6.neg(a, ao, r, ro);
        Fp6.neg(a, ao + H, r, ro + H);
    }

    /** r = c0 - c1 w = a^(p^6); the inverse of an element of the cyclotomic subgroup. */
    public static void conjugate(long[] a, int ao, long[] r, int ro) {
        if (a != r || ao != ro) {
            System.arraycopy(a, ao, r, ro, H);
        }
        Fp6.neg(a, ao + H, r, ro + H);
    }

    /** Karatsuba: c0 = a0b0 + v a1b1, c1 = (a0 + a1)(b0 + b1) - a0b0 - a1b1 (3 Fp6 products). */
    public static void mul(long[] a, int ao, long[] b, int bo, long[] r, int ro) {
        long[] t = new long[4 * H];
        final int t0 = 0, t1 = H, x = 2 * H, y = 3 * H;
        Fp6.mul(a, ao, b, bo, t, t0);
        Fp6.mul(a, ao + H, b, bo + H, t, t1);
        Fp6.add(a, ao, a, ao + H, t, x);
        Fp6.add(b, bo, b, bo + H, t, y);
        Fp6.mul(t, x, t, y, t, x);
        karatsubaTail(t, t0, t1, x, r, ro);
    }

    /**
     * Karatsuba's last step from the scratch t: with a0b0 at t0, a1b1 at t1 and (a0 + a1)(b0 + b1)
     * at s, r = a0b0 + v a1b1 + (s - a0b0 - a1b1) w. Overwrites t1 and s.
     */
    private static void karatsubaTail(long[] t, int t0, int t1, int s, long[] r, int ro) {
        Fp6.sub(t, s, t, t0, t, s);
        Fp6.sub(t, s, t, t1, r, ro + H);
        Fp6.mulByNonResidue(t, t1, t, t1);
        Fp6.add(t, t0, t, t1, r, ro);
    }

    /**
     * Complex squaring (2 Fp6 products): with m = a0 a1, c0 = (a0 + a1)(a0 + v a1) - m - v m,
     * c1 = 2m.
     */
    public static void sqr(long[] a, int ao, long[] r, int ro) {
        long[] t = new long[3 * H];
        final int m = 0, x = H, y = 2 * H;
        Fp6.mul(a, ao, a, ao + H, t, m);
        Fp6.add(a, ao, a, ao + H, t, x);
        Fp6.mulByNonResidue(a, ao + H, t, y);
        Fp6.add(t, y, a, ao, t, y);
        Fp6.mul(t, x, t, y, t, x);
        Fp6.sub(t, x, t, m, t, x);
        Fp6.mulByNonResidue(t, m, t, y);
        Fp6.sub(t, x, t, y, r, ro);
        Fp6.dbl(t, m, r, ro + H);
    }

    /**
     * r = a (c0 + c1 v + c4 v w) for c0, c1, c4 in Fp2: the shape of a Miller-loop line evaluated
     * at a G1 point (coefficients 0, 1 and 4 in tower order). 13 Fp2 products instead of 18:
     * with L0 = c0 + c1 v and L1 = c4 v, r = a0L0 + v a1L1 + ((a0 + a1)(L0 + L1) - a0L0 - a1L1) w.
     */
    public static void mulBy014(long[] a, int ao, long[] c0, int c0o, long[] c1, int c1o, long[] c4, int c4o,
            long[] r, int ro) {
        long[] t = new long[3 * H + E];
        final int t0 = 0, t1 = H, s = 2 * H, c14 = 3 * H;
        Fp6.mulBy01(a, ao, c0, c0o, c1, c1o, t, t0);
        Fp6.mulBy1(a, ao + H, c4, c4o, t, t1);
        Fp2.add(c1, c1o, c4, c4o, t, c14);
        Fp6.add(a, ao, a, ao + H, t, s);
        Fp6.mulBy01(t, s, c0, c0o, t, c14, t, s);
        karatsubaTail(t, t0, t1, s, r, ro);
    }

    /** r = a^-1 = (a0 - a1 w) / (a0^2 - v a1^2); zero maps to zero. */
    public static void inverse(long[] a, int ao, long[] r, int ro) {
        long[] t = new long[2 * H];
        Fp6.sqr(a, ao, t, 0);
        Fp6.sqr(a, ao + H, t, H);
        Fp6.mulByNonResidue(t, H, t, H);
        Fp6.sub(t, 0, t, H, t, 0);
        Fp6.inverse(t, 0, t, 0);
        Fp6.mul(a, ao + H, t, 0, t, H);
        Fp6.mul(a, ao, t, 0, r, ro);
        Fp6.neg(t, H, r, ro + H);
    }

    /**
     * r = a^(p^k) for any k >= 0 (the map has order 12): the coefficient a_i of w^i becomes
     * a_i^(p^k) xi^(i (p^k - 1) / 6), the constants coming from {@link FrobeniusCoefficients}.
     */
    public static void frobenius(long[] a, int ao, int k, long[] r, int ro) {
        Fp6.frobenius(a, ao, k, r, ro);
        Fp6.frobenius(a, ao + H, k, r, ro + H);
        int at = FrobeniusCoefficients.offset(k % FrobeniusCoefficients.POWERS, 1);
        Fp6.mulByFp2(r, ro + H, FrobeniusCoefficients.table(), at, r, ro + H);
    }

    /**
     * r = a^2 for a in the cyclotomic subgroup (a^(p^6 + 1) = 1, as after the easy part of the
     * final exponentiation); wrong for other elements. Granger-Scott: view Fp12 as Fp4[t] / (t^3 - s)
     * with Fp4 = Fp2[s] / (s^2 - xi), s = w^3, t = w, so a = A0 + A1 t + A2 t^2 with
     * A0 = c0.c0 + c1.c1 s, A1 = c1.c0 + c0.c2 s, A2 = c0.c1 + c1.c2 s. On the subgroup
     * a^2 = (3 A0^2 - 2 conj A0) + (3 s A2^2 + 2 conj A1) t + (3 A1^2 - 2 conj A2) t^2, where conj
     * negates the s part: 9 Fp2 squarings instead of 12 Fp2 products.
     */
    public static void cyclotomicSquare(long[] a, int ao, long[] r, int ro) {
        final int g0 = 0, g1 = E, g2 = 2 * E, h0 = H, h1 = H + E, h2 = H + 2 * E;
        long[] t = new long[7 * E];
        final int sq0 = 0, sq1 = 2 * E, sq2 = 4 * E, x = 6 * E;
        fp4Square(a, ao + g0, a, ao + h1, t, sq0, t, x);
        fp4Square(a, ao + h0, a, ao + g2, t, sq1, t, x);
        fp4Square(a, ao + g1, a, ao + h2, t, sq2, t, x);
        // A0' = 3 A0^2 - 2 conj A0
        tripleMinusTwice(t, sq0, a, ao + g0, r, ro + g0, t, x);
        triplePlusTwice(t, sq0 + E, a, ao + h1, r, ro + h1, t, x);
        // A2' = 3 A1^2 - 2 conj A2
        tripleMinusTwice(t, sq1, a, ao + g1, r, ro + g1, t, x);
        triplePlusTwice(t, sq1 + E, a, ao + h2, r, ro + h2, t, x);
        // A1' = 3 s A2^2 + 2 conj A1, where s (t0 + t1 s) = xi t1 + t0 s
        Fp2.mulByNonResidue(t, sq2 + E, t, sq2 + E);
        triplePlusTwice(t, sq2 + E, a, ao + h0, r, ro + h0, t, x);
        tripleMinusTwice(t, sq2, a, ao + g2, r, ro + g2, t, x);
    }

    /** (x + y s)^2 = (x^2 + xi y^2) + 2xy s into r (two Fp2 elements); tmp holds one Fp2. */
    private static void fp4Square(long[] x, int xo, long[] y, int yo, long[] r, int ro, long[] tmp, int to) {
        Fp2.sqr(x, xo, r, ro);
        Fp2.sqr(y, yo, r, ro + E);
        Fp2.add(x, xo, y, yo, tmp, to);
        Fp2.sqr(tmp, to, tmp, to);
        Fp2.sub(tmp, to, r, ro, tmp, to);
        Fp2.sub(tmp, to, r, ro + E, tmp, to);
        Fp2.mulByNonResidue(r, ro + E, r, ro + E);
        Fp2.add(r, ro, r, ro + E, r, ro);
        System.arraycopy(tmp, to, r, ro + E, E);
    }

    /** r = 3 s - 2 c = 2 (s - c) + s. */
    private static void tripleMinusTwice(long[] s, int so, long[] c, int co, long[] r, int ro, long[] tmp, int to) {
        Fp2.sub(s, so, c, co, tmp, to);
        Fp2.dbl(tmp, to, tmp, to);
        Fp2.add(tmp, to, s, so, r, ro);
    }

    /** r = 3 s + 2 c = 2 (s + c) + s. */
    private static void triplePlusTwice(long[] s, int so, long[] c, int co, long[] r, int ro, long[] tmp, int to) {
        Fp2.add(s, so, c, co, tmp, to);
        Fp2.dbl(tmp, to, tmp, to);
        Fp2.add(tmp, to, s, so, r, ro);
    }

    /** r = a^e, e as little-endian 64-bit limbs (any length), by square and multiply. */
    public static void pow(long[] a, int ao, long[] e, long[] r, int ro) {
        long[] acc = new long[LIMBS];
        setOne(acc, 0);
        long[] base = new long[LIMBS];
        System.arraycopy(a, ao, base, 0, LIMBS);
        for (int i = e.length - 1; i >= 0; i--) {
            for (int bit = 63; bit >= 0; bit--) {
                sqr(acc, 0, acc, 0);
                if (((e[i] >>> bit) & 1) != 0) {
                    mul(acc, 0, base, 0, acc, 0);
                }
            }
        }
        System.arraycopy(acc, 0, r, ro, LIMBS);
    }

    public static boolean isZero(long[] a, int ao) {
        return Fp6.isZero(a, ao) && Fp6.isZero(a, ao + H);
    }

    public static boolean isOne(long[] a, int ao) {
        return Fp6.isOne(a, ao) && Fp6.isZero(a, ao + H);
    }

    public static boolean equal(long[] a, int ao, long[] b, int bo) {
        return Fp6.equal(a, ao, b, bo) && Fp6.equal(a, ao + H, b, bo + H);
    }

    public static void setOne(long[] r, int ro) {
        Fp6.setOne(r, ro);
        Fp6.setZero(r, ro + H);
    }

    public static void setZero(long[] r, int ro) {
        Fp6.setZero(r, ro);
        Fp6.setZero(r, ro + H);
    }

    /** A new element equal to one. */
    public static long[] one() {
        long[] r = new long[LIMBS];
        setOne(r, 0);
        return r;
    }

    public static void random(Random rnd, long[] r, int ro) {
        Fp6.random(rnd, r, ro);
        Fp6.random(rnd, r, ro + H);
    }
}
