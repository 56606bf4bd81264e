package io.c2spark.core.curve;

import java.math.BigInteger;

/**
 * The BLS12-381 curve parameter z = -0xd201000000010000 (draft-irtf-cfrg-pairing-friendly-curves-11
 * section 4.2.1), which the endomorphism subgroup tests multiply by.
 */
final class CurveParameter {
    static final BigInteger Z = new BigInteger("-d201000000010000", 16);
    /** |z| as little-endian limbs. */
    static final long[] ABS_Z = limbs(Z.abs());

    private CurveParameter() {
    }

    /** A non-negative integer as little-endian 64-bit limbs (at least one limb). */
    static long[] limbs(BigInteger k) {
        if (k.signum() < 0) {
            throw new IllegalArgumentException("negative: " + k);
        }
        int n = Math.max(1, (k.bitLength() + 63) / 64);
        long[] out = new long[n];
        for (int i = 0; i < n; i++) {
            out[i] = k.shiftRight(64 * i).longValue();
        }
        return out;
    }
}
