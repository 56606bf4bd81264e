package io.c2spark.core.pairing;

import io.c2spark.core.curve.G1;
import io.c2spark.core.field.Fp;
import io.c2spark.core.field.Fp12;
import io.c2spark.core.field.Fp2;
import java.util.Arrays;

/**
 * The Miller loop of the optimal ate pairing, shared by several pairs: f accumulates the lines of
 * every pair at each step, so the product of n pairings costs one chain of 62 Fp12 squarings plus
 * n sets of sparse line multiplications. Pairs with an identity point contribute 1 and are skipped.
 *
 * <p>The result is f_{|x|,Q}(P) conjugated: x is negative and f_{x,Q} = 1 / f_{|x|,Q} up to factors
 * the final exponentiation removes; after that exponentiation conjugation and inversion agree, so
 * the cheap conjugation stands in for the inversion.
 */
final class MillerLoop {
    private static final int E = Fp2.LIMBS;

    private MillerLoop() {
    }

    /** f for the pairs (P_i, Q_i), P_i affine at g1[12 i], Q_i prepared; 72 longs. */
    static long[] evaluate(long[] g1, G2Prepared[] qs) {
        if (g1.length < qs.length * G1.AFFINE) {
            throw new IllegalArgumentException(
                    "G1 array holds " + g1.length / G1.AFFINE + " points for " + qs.length + " G2 points");
        }
        int[] active = new int[qs.length];
        int count = 0;
        for (int i = 0; i < qs.length; i++) {
            int po = i * G1.AFFINE;
            if (qs[i].isIdentity() || G1.LAW.isIdentityAffine(g1, po)) {
                continue;
            }
            if (!G1.LAW.isOnCurveAffine(g1, po)) {
                throw new IllegalArgumentException("G1 point " + i + " is not on the curve y^2 = x^3 + 4");
            }
            active[count++] = i;
        }
        active = Arrays.copyOf(active, count);
        long[] f = Fp12.one();
        long[] c = new long[2 * E];
        int line = 0;
        for (int bit = MillerSchedule.TOP_BIT - 1; bit >= 0; bit--) {
            if (line > 0) {
                Fp12.sqr(f, 0, f, 0);
            }
            multiplyLines(f, g1, qs, active, line++, c);
            if (MillerSchedule.isSet(bit)) {
                multiplyLines(f, g1, qs, active, line++, c);
            }
        }
        Fp12.conjugate(f, 0, f, 0);
        return f;
    }

    /** f *= line number `line` of every active pair, evaluated at its P. */
    private static void multiplyLines(long[] f, long[] g1, G2Prepared[] qs, int[] active, int line,
            long[] c) {
        for (int i : active) {
            long[] lines = qs[i].lines();
            int lo = line * G2Prepared.LINE;
            int po = i * G1.AFFINE;
            Fp2.mulByFp(lines, lo + E, g1, po, c, 0);
            Fp2.mulByFp(lines, lo + 2 * E, g1, po + Fp.LIMBS, c, E);
            Fp12.mulBy014(f, 0, lines, lo, c, 0, c, E, f, 0);
        }
    }
}
