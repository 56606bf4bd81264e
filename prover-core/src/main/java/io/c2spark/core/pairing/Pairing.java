package io.c2spark.core.pairing;

import io.c2spark.core.curve.G1;
import io.c2spark.core.curve.G2;
import io.c2spark.core.field.Fp12;

/**
 * The optimal ate pairing e: G1 x G2 -> Fp12 of BLS12-381, and products of pairings with one
 * shared final exponentiation (a Groth16 check multiplies three or four).
 *
 * <p>Points are affine in the shared layout: G1 as 12 longs (x, y), G2 as 24 longs (x.c0, x.c1,
 * y.c0, y.c1), the identity all zero; its pairing with anything is 1. Points must be in their
 * order-r subgroups (the decoder checks that, {@code G1/G2.isInSubgroup}); off-curve points are
 * refused here. Stateless and thread-safe. Values equal those of @noble/curves coefficient for
 * coefficient: see {@link FinalExponentiation} for the exponent.
 */
public final class Pairing {
    private Pairing() {
    }

    /** e(P, Q) for P at p[po] and Q at q[qo]; a new 72-long Fp12. */
    public static long[] pairing(long[] p, int po, long[] q, int qo) {
        long[] g1 = new long[G1.AFFINE];
        System.arraycopy(p, po, g1, 0, G1.AFFINE);
        return multiPairing(g1, new G2Prepared[] {G2Prepared.of(q, qo)});
    }

    /** The product of e(P_i, Q_i), i < n, for P_i at g1[12 i] and Q_i at g2[24 i]. */
    public static long[] multiPairing(long[] g1, long[] g2, int n) {
        return multiPairing(g1, prepare(g2, n));
    }

    /** The product of e(P_i, Q_i) for P_i at g1[12 i] and the prepared Q_i. */
    public static long[] multiPairing(long[] g1, G2Prepared[] qs) {
        long[] f = millerLoop(g1, qs);
        FinalExponentiation.apply(f, 0, f, 0);
        return f;
    }

    /** True when the product of e(P_i, Q_i), i < n, is 1 (P_i at g1[12 i], Q_i at g2[24 i]). */
    public static boolean pairingCheck(long[] g1, long[] g2, int n) {
        return Fp12.isOne(multiPairing(g1, g2, n), 0);
    }

    /** True when the product of e(P_i, Q_i) over the prepared Q_i is 1. */
    public static boolean pairingCheck(long[] g1, G2Prepared[] qs) {
        return Fp12.isOne(multiPairing(g1, qs), 0);
    }

    /**
     * The product of the pairs' Miller-loop values, before the final exponentiation; for callers
     * that combine several products before one {@link FinalExponentiation#apply}.
     */
    public static long[] millerLoop(long[] g1, G2Prepared[] qs) {
        return MillerLoop.evaluate(g1, qs);
    }

    private static G2Prepared[] prepare(long[] g2, int n) {
        if (g2.length < n * G2.AFFINE) {
            throw new IllegalArgumentException("G2 array holds " + g2.length / G2.AFFINE + " points, need " + n);
        }
        G2Prepared[] qs = new G2Prepared[n];
        for (int i = 0; i < n; i++) {
            qs[i] = G2Prepared.of(g2, i * G2.AFFINE);
        }
        return qs;
    }
}
