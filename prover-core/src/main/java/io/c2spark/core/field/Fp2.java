package io.c2spark.core.field;

import java.math.BigInteger;
import java.util.Random;

/**
 * Fp2 = Fp[u] / (u^2 + 1). An element is c0 + c1*u stored as 12 longs: c0's 6 limbs, then c1's,
 * both in Montgomery form. Outputs may alias inputs.
 */
public final class Fp2 {
    public static final int LIMBS = 2 * Fp.LIMBS;
    private static final int H = Fp.LIMBS;

    private Fp2() {
    }

    public static long[] of(BigInteger c0, BigInteger c1) {
        long[] r = new long[LIMBS];
        Fp.FIELD.fromBigInteger(c0, r, 0);
        Fp.FIELD.fromBigInteger(c1, r, H);
        return r;
    }

    // add, sub, neg and conjugate have the componentwise shape of Fp6's and Fp12's: each level of the
    // tower calls its base field's static methods, which the pairing's and G2's inner loops need
    // inlined; one generic extension would reach its base field through a virtual call.
    public static void add(long[] a, int ao, long[] b, int bo, long[] r, int ro) {
        Fp.add(a, ao, b, bo, r, ro);
        Fp.add(a, ao + H, b, bo + H, r, ro + H);
    }

    public static void sub(long[] a, int ao, long[] b, int bo, long[] r, int ro) {
        Fp.sub(a, ao, b, bo, r, ro);
        Fp.sub(a, ao + H, b, bo + H, r, ro + H);
    }

    public static void dbl(long[] a, int ao, long[] r, int ro) {
        Fp.add(a, ao, a, ao, r, ro);
        Fp.add(a, ao + H, a, ao + H, r, ro + H);
    }

    public static void neg(long[] a, int ao, long[] r, int ro) {
        Fp.neg(a, ao, r, ro);
        Fp.neg(a, ao + H, r, ro + H);
    }

    /** r = conjugate of a = c0 - c1*u; also the p-power Frobenius map on Fp2. */
    public static void conjugate(long[] a, int ao, long[] r, int ro) {
        if (r != a || ro != ao) {
            System.arraycopy(a, ao, r, ro, H);
        }
        Fp.neg(a, ao + H, r, ro + H);
    }

    /**
     * Karatsuba: (a0 + a1 u)(b0 + b1 u) = a0b0 - a1b1 + ((a0 + a1)(b0 + b1) - a0b0 - a1b1) u. The
     * same product over the MSM's 56-bit limbs and SIMD lanes is in {@link CoordinateField#FP2_56}
     * and {@link Fp2Lanes}: the G2 MSM's additions call it in their inner loop, each written
     * against its base field's static methods so that no call dispatches.
     */
    public static void mul(long[] a, int ao, long[] b, int bo, long[] r, int ro) {
        long[] t = new long[4 * H];
        Fp.mul(a, ao, b, bo, t, 0);
        Fp.mul(a, ao + H, b, bo + H, t, H);
        Fp.add(a, ao, a, ao + H, t, 2 * H);
        Fp.add(b, bo, b, bo + H, t, 3 * H);
        Fp.mul(t, 2 * H, t, 3 * H, t, 2 * H);
        Fp.sub(t, 2 * H, t, 0, t, 2 * H);
        Fp.sub(t, 2 * H, t, H, r, ro + H);
        Fp.sub(t, 0, t, H, r, ro);
    }

    /** (a0 + a1 u)^2 = (a0 + a1)(a0 - a1) + 2 a0 a1 u. */
    public static void sqr(long[] a, int ao, long[] r, int ro) {
        long[] t = new long[3 * H];
        Fp.add(a, ao, a, ao + H, t, 0);
        Fp.sub(a, ao, a, ao + H, t, H);
        Fp.mul(a, ao, a, ao + H, t, 2 * H);
        Fp.mul(t, 0, t, H, r, ro);
        Fp.add(t, 2 * H, t, 2 * H, r, ro + H);
    }

    /** r = a * s for s in Fp (6 limbs at so). */
    public static void mulByFp(long[] a, int ao, long[] s, int so, long[] r, int ro) {
        Fp.mul(a, ao, s, so, r, ro);
        Fp.mul(a, ao + H, s, so, r, ro + H);
    }

    /** r = a * (1 + u), the non-residue that builds Fp6 over Fp2. */
    public static void mulByNonResidue(long[] a, int ao, long[] r, int ro) {
        long[] t = new long[H];
        Fp.sub(a, ao, a, ao + H, t, 0);
        Fp.add(a, ao, a, ao + H, r, ro + H);
        System.arraycopy(t, 0, r, ro, H);
    }

    /** r = a^-1 = conj(a) / (a0^2 + a1^2); zero maps to zero. */
    public static void inverse(long[] a, int ao, long[] r, int ro) {
        long[] t = new long[2 * H];
        Fp.sqr(a, ao, t, 0);
        Fp.sqr(a, ao + H, t, H);
        Fp.add(t, 0, t, H, t, 0);
        Fp.inverse(t, 0, t, 0);
        Fp.mul(a, ao, t, 0, r, ro);
        Fp.mul(a, ao + H, t, 0, t, H);
        Fp.neg(t, H, r, ro + H);
    }

    public static boolean isZero(long[] a, int ao) {
        return Fp.isZero(a, ao) && Fp.isZero(a, ao + H);
    }

    public static boolean equal(long[] a, int ao, long[] b, int bo) {
        return Fp.equal(a, ao, b, bo) && Fp.equal(a, ao + H, b, bo + H);
    }

    public static void setOne(long[] r, int ro) {
        Fp.setOne(r, ro);
        Fp.FIELD.setZero(r, ro + H);
    }

    public static void setZero(long[] r, int ro) {
        Fp.FIELD.setZero(r, ro);
        Fp.FIELD.setZero(r, ro + H);
    }

    public static void random(Random rnd, long[] r, int ro) {
        Fp.random(rnd, r, ro);
        Fp.random(rnd, r, ro + H);
    }

    /** r = a^e, e as little-endian limbs. */
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

    /**
     * One square root of a, or false when a is not a square in Fp2. Uses the norm: a = x^2 iff
     * N(a) = a0^2 + a1^2 is a square in Fp; then x0^2 = (a0 + sqrt(N)) / 2, x1 = a1 / (2 x0).
     */
    public static boolean sqrt(long[] a, int ao, long[] r, int ro) {
        if (Fp.isZero(a, ao + H)) {
            long[] s = new long[H];
            if (Fp.sqrt(a, ao, s, 0)) {
                System.arraycopy(s, 0, r, ro, H);
                Fp.FIELD.setZero(r, ro + H);
                return true;
            }
            // a0 is a non-square in Fp, so -a0 is a square (p = 3 mod 4): sqrt(a0) = sqrt(-a0) * u.
            long[] na = new long[H];
            Fp.neg(a, ao, na, 0);
            if (!Fp.sqrt(na, 0, s, 0)) {
                return false;
            }
            Fp.FIELD.setZero(r, ro);
            System.arraycopy(s, 0, r, ro + H, H);
            return true;
        }
        long[] t = new long[6 * H];
        Fp.sqr(a, ao, t, 0);
        Fp.sqr(a, ao + H, t, H);
        Fp.add(t, 0, t, H, t, 0);
        if (!Fp.sqrt(t, 0, t, H)) {
            return false;
        }
        long[] half = Fp.of(2);
        Fp.inverse(half, 0, half, 0);
        Fp.add(a, ao, t, H, t, 2 * H);
        Fp.mul(t, 2 * H, half, 0, t, 2 * H);
        if (!Fp.sqrt(t, 2 * H, t, 3 * H)) {
            Fp.sub(a, ao, t, H, t, 2 * H);
            Fp.mul(t, 2 * H, half, 0, t, 2 * H);
            if (!Fp.sqrt(t, 2 * H, t, 3 * H)) {
                return false;
            }
        }
        Fp.add(t, 3 * H, t, 3 * H, t, 4 * H);
        Fp.inverse(t, 4 * H, t, 4 * H);
        Fp.mul(a, ao + H, t, 4 * H, t, 5 * H);
        System.arraycopy(t, 3 * H, r, ro, H);
        System.arraycopy(t, 5 * H, r, ro + H, H);
        return true;
    }

    /**
     * The zcash "larger y" rule for Fp2: compare c1 first, and c0 when c1 is zero.
     */
    public static boolean isLexicographicallyLarger(long[] a, int ao) {
        if (!Fp.isZero(a, ao + H)) {
            return Fp.FIELD.isLexicographicallyLarger(a, ao + H);
        }
        return Fp.FIELD.isLexicographicallyLarger(a, ao);
    }
}
