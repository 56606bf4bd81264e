package io.c2spark.core.pairing;

import io.c2spark.core.field.Fp;
import io.c2spark.core.field.Fp2;
import java.math.BigInteger;

/**
 * The checks the pairing makes on its affine inputs: the all-zero identity of the shared layout,
 * and the curve equations y^2 = x^3 + 4 (G1) and y^2 = x^3 + 4 (1 + u) (G2). Subgroup membership
 * is the decoder's job; an off-curve point here is a caller's bug and is refused.
 */
final class Points {
    private static final long[] B_G1 = Fp.of(4);
    private static final long[] B_G2 = Fp2.of(BigInteger.valueOf(4), BigInteger.valueOf(4));

    private Points() {
    }

    static boolean isG1Identity(long[] p, int po) {
        return allZero(p, po, 2 * Fp.LIMBS);
    }

    static boolean isG2Identity(long[] q, int qo) {
        return allZero(q, qo, 2 * Fp2.LIMBS);
    }

    static void requireOnG1(long[] p, int po) {
        long[] t = new long[2 * Fp.LIMBS];
        Fp.sqr(p, po, t, 0);
        Fp.mul(t, 0, p, po, t, 0);
        Fp.add(t, 0, B_G1, 0, t, 0);
        Fp.sqr(p, po + Fp.LIMBS, t, Fp.LIMBS);
        if (!Fp.equal(t, 0, t, Fp.LIMBS)) {
            throw new IllegalArgumentException("G1 point at offset " + po + " is not on the curve y^2 = x^3 + 4");
        }
    }

    static void requireOnG2(long[] q, int qo) {
        long[] t = new long[2 * Fp2.LIMBS];
        Fp2.sqr(q, qo, t, 0);
        Fp2.mul(t, 0, q, qo, t, 0);
        Fp2.add(t, 0, B_G2, 0, t, 0);
        Fp2.sqr(q, qo + Fp2.LIMBS, t, Fp2.LIMBS);
        if (!Fp2.equal(t, 0, t, Fp2.LIMBS)) {
            throw new IllegalArgumentException(
                    "G2 point at offset " + qo + " is not on the twist y^2 = x^3 + 4(1 + u)");
        }
    }

    private static boolean allZero(long[] a, int ao, int n) {
        for (int i = 0; i < n; i++) {
            if (a[ao + i] != 0) {
                return false;
            }
        }
        return true;
    }
}
