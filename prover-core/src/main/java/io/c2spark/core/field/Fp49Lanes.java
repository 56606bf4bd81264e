package io.c2spark.core.field;

import java.math.BigInteger;

/**
 * Fp in {@link MontgomeryLanes}' SIMD lanes for the MSMs' batch-affine additions ({@link FpLanes}
 * for G1, {@link Fp2Lanes} for G2): 8 limbs of 49 bits in the Montgomery form of {@link Fp56}
 * (R' = 2^392), so that moving between the two is a re-cut of the same 392 bits. A group of eight
 * elements is {@link #GROUP} longs, limb i of lane j at 8 i + j.
 */
public final class Fp49Lanes {
    public static final int LANES = MontgomeryLanes.LANES;
    static final int LIMBS = 8;
    static final int GROUP = LANES * LIMBS;
    private static final long M = (1L << 49) - 1;
    private static final long M56 = (1L << 56) - 1;
    static final long[] ONE = limbs(BigInteger.ONE.shiftLeft(49 * LIMBS).mod(Fp.MODULUS));
    static final long[] ZERO = new long[LIMBS];

    private Fp49Lanes() {
    }

    /** Fp's lane arithmetic (one instance per thread). */
    static MontgomeryLanes arithmetic() {
        return new MontgomeryLanes(Fp.MODULUS, LIMBS);
    }

    static long[] limbs(BigInteger v) {
        return MontgomeryLanes.limbs(v, LIMBS);
    }

    /** Lane j of a group from an element in Fp56's 7 x 56-bit limbs (the same 392 bits re-cut). */
    static void load(long[] a, int ao, long[] g, int go, int lane) {
        long a0 = a[ao], a1 = a[ao + 1], a2 = a[ao + 2], a3 = a[ao + 3], a4 = a[ao + 4], a5 = a[ao + 5], a6 = a[ao + 6];
        int o = go + lane;
        g[o] = a0 & M;
        g[o + 8] = ((a0 >>> 49) | (a1 << 7)) & M;
        g[o + 16] = ((a1 >>> 42) | (a2 << 14)) & M;
        g[o + 24] = ((a2 >>> 35) | (a3 << 21)) & M;
        g[o + 32] = ((a3 >>> 28) | (a4 << 28)) & M;
        g[o + 40] = ((a4 >>> 21) | (a5 << 35)) & M;
        g[o + 48] = ((a5 >>> 14) | (a6 << 42)) & M;
        g[o + 56] = a6 >>> 7;
    }

    /** Lane j of a group, below 2^392, back to Fp56's limbs. */
    static void store(long[] g, int go, int lane, long[] a, int ao) {
        int o = go + lane;
        long g0 = g[o], g1 = g[o + 8], g2 = g[o + 16], g3 = g[o + 24], g4 = g[o + 32], g5 = g[o + 40], g6 = g[o + 48], g7 = g[o + 56];
        a[ao] = (g0 | (g1 << 49)) & M56;
        a[ao + 1] = ((g1 >>> 7) | (g2 << 42)) & M56;
        a[ao + 2] = ((g2 >>> 14) | (g3 << 35)) & M56;
        a[ao + 3] = ((g3 >>> 21) | (g4 << 28)) & M56;
        a[ao + 4] = ((g4 >>> 28) | (g5 << 21)) & M56;
        a[ao + 5] = ((g5 >>> 35) | (g6 << 14)) & M56;
        a[ao + 6] = ((g6 >>> 42) | (g7 << 7)) & M56;
    }
}
