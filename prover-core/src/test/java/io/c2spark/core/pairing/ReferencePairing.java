package io.c2spark.core.pairing;

import io.c2spark.core.field.Fp;
import io.c2spark.core.field.Fp12;
import io.c2spark.core.field.Fp2;
import io.c2spark.core.field.Fr;
import java.math.BigInteger;

/**
 * A slow, plain optimal ate pairing for tests: Q is mapped into E(Fp12) by the untwist
 * (x', y') -> (x' w^-2, y' w^-3), the Miller loop runs in affine coordinates entirely in Fp12 with
 * the textbook line y - yT - lambda (x - xT) (one Fp12 inversion per step), f is inverted for the
 * negative x, and the final exponentiation is a square-and-multiply by 3 (p^12 - 1) / r. It shares
 * with {@link Pairing} only the Fp12 arithmetic, not its twist lines, projective formulas, sparse
 * products or exponentiation chain.
 */
final class ReferencePairing {
    private static final int L = Fp12.LIMBS;
    private static final BigInteger EXPONENT = Fp.MODULUS.pow(12).subtract(BigInteger.ONE).divide(Fr.MODULUS)
            .multiply(BigInteger.valueOf(3));

    private ReferencePairing() {
    }

    /** e(P, Q) for non-identity P (12 longs) and Q (24 longs). */
    static long[] pairing(long[] p, long[] q) {
        long[] xp = embed(p, 0, false);
        long[] yp = embed(p, Fp.LIMBS, false);
        long[] wInv2 = basis(1);
        Fp12.inverse(wInv2, 0, wInv2, 0);
        long[] wInv3 = basis(4);
        Fp12.inverse(wInv3, 0, wInv3, 0);
        long[] xq = embed(q, 0, true);
        Fp12.mul(xq, 0, wInv2, 0, xq, 0);
        long[] yq = embed(q, Fp2.LIMBS, true);
        Fp12.mul(yq, 0, wInv3, 0, yq, 0);

        long[] xt = xq.clone();
        long[] yt = yq.clone();
        long[] f = Fp12.one();
        long absX = MillerSchedule.X_ABS;
        for (int bit = 62; bit >= 0; bit--) {
            Fp12.sqr(f, 0, f, 0);
            // tangent: lambda = 3 xT^2 / (2 yT)
            long[] lambda = new long[L];
            long[] den = new long[L];
            Fp12.sqr(xt, 0, lambda, 0);
            Fp12.mul(lambda, 0, small(3), 0, lambda, 0);
            Fp12.add(yt, 0, yt, 0, den, 0);
            Fp12.inverse(den, 0, den, 0);
            Fp12.mul(lambda, 0, den, 0, lambda, 0);
            step(f, lambda, xt, yt, xt, yt, xp, yp);
            if (((absX >>> bit) & 1) != 0) {
                // chord through T and Q: lambda = (yQ - yT) / (xQ - xT)
                Fp12.sub(yq, 0, yt, 0, lambda, 0);
                Fp12.sub(xq, 0, xt, 0, den, 0);
                Fp12.inverse(den, 0, den, 0);
                Fp12.mul(lambda, 0, den, 0, lambda, 0);
                step(f, lambda, xt, yt, xq, yq, xp, yp);
            }
        }
        Fp12.inverse(f, 0, f, 0);
        long[] e = new long[EXPONENT.bitLength() / 64 + 1];
        for (int i = 0; i < e.length; i++) {
            e[i] = EXPONENT.shiftRight(64 * i).longValue();
        }
        Fp12.pow(f, 0, e, f, 0);
        return f;
    }

    /**
     * f *= yP - yT - lambda (xP - xT); then T = T + U for the line's slope lambda through T and U
     * (U = T for a tangent): x3 = lambda^2 - xT - xU, y3 = lambda (xT - x3) - yT.
     */
    private static void step(long[] f, long[] lambda, long[] xt, long[] yt, long[] xu, long[] yu, long[] xp,
            long[] yp) {
        long[] l = new long[L];
        long[] t = new long[L];
        Fp12.sub(xp, 0, xt, 0, t, 0);
        Fp12.mul(t, 0, lambda, 0, t, 0);
        Fp12.sub(yp, 0, yt, 0, l, 0);
        Fp12.sub(l, 0, t, 0, l, 0);
        Fp12.mul(f, 0, l, 0, f, 0);

        long[] x3 = new long[L];
        Fp12.sqr(lambda, 0, x3, 0);
        Fp12.sub(x3, 0, xt, 0, x3, 0);
        Fp12.sub(x3, 0, xu, 0, x3, 0);
        Fp12.sub(xt, 0, x3, 0, t, 0);
        Fp12.mul(t, 0, lambda, 0, t, 0);
        Fp12.sub(t, 0, yt, 0, yt, 0);
        System.arraycopy(x3, 0, xt, 0, L);
    }

    /** An Fp (or Fp2) coordinate at a[ao] as an element of Fp12. */
    private static long[] embed(long[] a, int ao, boolean fp2) {
        long[] r = new long[L];
        System.arraycopy(a, ao, r, 0, fp2 ? Fp2.LIMBS : Fp.LIMBS);
        return r;
    }

    /** The tower basis element at Fp2 slot i (0: 1, 1: v, 2: v^2, 3: w, 4: v w, 5: v^2 w). */
    private static long[] basis(int slot) {
        long[] r = new long[L];
        Fp2.setOne(r, slot * Fp2.LIMBS);
        return r;
    }

    private static long[] small(long v) {
        long[] r = new long[L];
        Fp.FIELD.fromBigInteger(BigInteger.valueOf(v), r, 0);
        return r;
    }
}
