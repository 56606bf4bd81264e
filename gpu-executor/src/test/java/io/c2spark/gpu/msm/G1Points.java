package io.c2spark.gpu.msm;

import io.c2spark.core.field.Fp;

/** Host-side conversions of the G1 results the kernels return (Jacobian, 18 longs) to affine (12 longs). */
final class G1Points {
    static final int AFFINE_LONGS = 12;
    static final int JACOBIAN_LONGS = 18;

    private G1Points() {
    }

    /** Affine of a Jacobian point; the identity (Z = 0) becomes all-zero limbs. */
    static long[] jacobianToAffine(long[] j) {
        long[] out = new long[AFFINE_LONGS];
        if (Fp.isZero(j, 12)) {
            return out;
        }
        long[] zi = new long[6];
        long[] zi2 = new long[6];
        long[] zi3 = new long[6];
        Fp.inverse(j, 12, zi, 0);
        Fp.sqr(zi, 0, zi2, 0);
        Fp.mul(zi2, 0, zi, 0, zi3, 0);
        Fp.mul(j, 0, zi2, 0, out, 0);
        Fp.mul(j, 6, zi3, 0, out, 6);
        return out;
    }
}
