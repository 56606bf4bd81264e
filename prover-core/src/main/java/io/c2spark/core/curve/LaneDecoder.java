package io.c2spark.core.curve;

import io.c2spark.core.field.Fp;
import io.c2spark.core.field.MontgomeryLanes;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.math.BigInteger;
import java.nio.ByteOrder;

/**
 * Uncompressed G1 and G2 encodings (96 and 192 bytes, Zcash's form) decoded eight at a time in
 * {@link MontgomeryLanes}' SIMD lanes: the common case of a parameter file's point, no flag set,
 * every coordinate below p and the point on the curve. Whatever is not that common case (the point
 * at infinity, a flag, a coordinate out of range, a point off the curve) is left undecoded for
 * {@link ZcashEncoding#readG1} or {@link ZcashEncoding#readG2}, which decode it or name what is
 * wrong.
 *
 * <p>Per eight points: the coordinates are re-cut from 6 x 64 into 8 x 49-bit limbs and moved to
 * the shared layout's Montgomery form (x R, R = 2^384) by one lane product each with 2^776 mod p
 * (R' = 2^392 is the lanes' radix); the curve equation is checked on the scale R^3 / R'^2, where
 * y^2 needs one more product by R: for G1, y^2 = x^3 + 4 in four lane products more (the scalar
 * decoding takes five products per point); for G2, y^2 = x^3 + 4 (1 + u) in nine (the squares as
 * (a0 + a1)(a0 - a1) and 2 a0 a1, the cube by Karatsuba). One instance per thread.
 */
public final class LaneDecoder {
    private static final int LANES = MontgomeryLanes.LANES;
    private static final int LIMBS = 8;
    private static final int GROUP = LANES * LIMBS;
    private static final long M = (1L << 49) - 1;
    private static final int FP_BYTES = 48;
    private static final VarHandle LONG_BE = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);
    /** 2^776 mod p: the lane product of x with it is x R. */
    private static final long[] TO_MONTGOMERY = broadcast(BigInteger.ONE.shiftLeft(2 * 392 - 8));
    /** R = 2^384 mod p, and 4 R^3 / R'^2 mod p (the curve's b on the check's scale). */
    private static final long[] R = broadcast(BigInteger.ONE.shiftLeft(384));
    private static final long[] B = broadcast(BigInteger.valueOf(4).multiply(BigInteger.ONE.shiftLeft(3 * 384))
            .multiply(BigInteger.ONE.shiftLeft(2 * 392).modInverse(Fp.MODULUS)));

    private static final long[] ZERO = new long[LIMBS];

    private final MontgomeryLanes f = new MontgomeryLanes(Fp.MODULUS, LIMBS);
    private final long[] x = new long[GROUP];
    private final long[] y = new long[GROUP];
    private final long[] lhs = new long[GROUP];
    private final long[] rhs = new long[GROUP];
    /** G2's second components and scratch. */
    private final long[] x1 = new long[GROUP];
    private final long[] y1 = new long[GROUP];
    private final long[] lhs1 = new long[GROUP];
    private final long[] rhs1 = new long[GROUP];
    private final long[] s = new long[GROUP];
    private final long[] d = new long[GROUP];
    private final long[] t0 = new long[GROUP];
    private final long[] t1 = new long[GROUP];
    /** G2's coordinates, and everything its check makes canonical. */
    private final long[][] g2Coordinates = {x, x1, y, y1};
    private final long[][] g2Results = {rhs, rhs1, lhs, lhs1, x, x1, y, y1};
    private final long[] c = new long[6];
    private final boolean[] lane = new boolean[LANES];

    private static long[] broadcast(BigInteger v) {
        return MontgomeryLanes.broadcast(MontgomeryLanes.limbs(v.mod(Fp.MODULUS), LIMBS));
    }

    /**
     * Decodes the count encodings at in[io], 96 bytes apart, into affine points at out[oo] (12 longs
     * apart, shared layout); decoded[k] tells whether point k was (the others are left for
     * {@link ZcashEncoding#readG1}).
     */
    public void decodeG1(byte[] in, int io, int count, long[] out, int oo, boolean[] decoded) {
        int len = ZcashEncoding.G1_UNCOMPRESSED;
        for (int first = 0; first < count; first += LANES) {
            int k = Math.min(LANES, count - first);
            for (int t = 0; t < LANES; t++) {
                int bo = io + (first + t) * len;
                lane[t] = t < k && (in[bo] & 0xE0) == 0 && load(in, bo, x, t) && load(in, bo + FP_BYTES, y, t);
                if (!lane[t]) {
                    f.set(x, 0, t, ZERO);
                    f.set(y, 0, t, ZERO);
                }
            }
            f.mul(x, 0, TO_MONTGOMERY, 0, x, 0);
            f.mul(y, 0, TO_MONTGOMERY, 0, y, 0);
            f.mul(x, 0, x, 0, rhs, 0);
            f.mul(rhs, 0, x, 0, rhs, 0);
            f.add(rhs, 0, B, 0, rhs, 0);
            f.mul(y, 0, y, 0, lhs, 0);
            f.mul(lhs, 0, R, 0, lhs, 0);
            f.canonical(rhs, 0);
            f.canonical(lhs, 0);
            f.canonical(x, 0);
            f.canonical(y, 0);
            for (int t = 0; t < k; t++) {
                boolean ok = lane[t] && sameLane(lhs, rhs, t);
                decoded[first + t] = ok;
                if (ok) {
                    int o = oo + (first + t) * G1.AFFINE;
                    store(x, t, out, o);
                    store(y, t, out, o + 6);
                }
            }
        }
    }

    /**
     * As {@link #decodeG1} for G2 (192 bytes each: x.c1, x.c0, y.c1, y.c0) into 24 longs apart
     * (x.c0, x.c1, y.c0, y.c1).
     */
    public void decodeG2(byte[] in, int io, int count, long[] out, int oo, boolean[] decoded) {
        int len = ZcashEncoding.G2_UNCOMPRESSED;
        for (int first = 0; first < count; first += LANES) {
            int k = Math.min(LANES, count - first);
            for (int t = 0; t < LANES; t++) {
                int bo = io + (first + t) * len;
                lane[t] = t < k && (in[bo] & 0xE0) == 0 && load(in, bo, x1, t) && load(in, bo + FP_BYTES, x, t)
                        && load(in, bo + 2 * FP_BYTES, y1, t) && load(in, bo + 3 * FP_BYTES, y, t);
                if (!lane[t]) {
                    for (long[] g : g2Coordinates) {
                        f.set(g, 0, t, ZERO);
                    }
                }
            }
            for (long[] g : g2Coordinates) {
                f.mul(g, 0, TO_MONTGOMERY, 0, g, 0);
            }
            // x^2 (in lhs, lhs1), then x^3 = x^2 x by Karatsuba, plus b: the right side in rhs, rhs1.
            square(x, x1, lhs, lhs1);
            f.mul(lhs, 0, x, 0, t0, 0);
            f.mul(lhs1, 0, x1, 0, t1, 0);
            f.add(lhs, 0, lhs1, 0, s, 0);
            f.add(x, 0, x1, 0, d, 0);
            f.mul(s, 0, d, 0, s, 0);
            f.sub(t0, 0, t1, 0, rhs, 0);
            f.canonical(rhs, 0);
            f.add(rhs, 0, B, 0, rhs, 0);
            f.sub(s, 0, t0, 0, rhs1, 0);
            f.canonical(rhs1, 0);
            f.sub(rhs1, 0, t1, 0, rhs1, 0);
            f.canonical(rhs1, 0);
            f.add(rhs1, 0, B, 0, rhs1, 0);
            // y^2 R: the left side.
            square(y, y1, lhs, lhs1);
            f.mul(lhs, 0, R, 0, lhs, 0);
            f.mul(lhs1, 0, R, 0, lhs1, 0);
            for (long[] g : g2Results) {
                f.canonical(g, 0);
            }
            for (int t = 0; t < k; t++) {
                boolean ok = lane[t] && sameLane(lhs, rhs, t) && sameLane(lhs1, rhs1, t);
                decoded[first + t] = ok;
                if (ok) {
                    int o = oo + (first + t) * G2.AFFINE;
                    store(x, t, out, o);
                    store(x1, t, out, o + 6);
                    store(y, t, out, o + 12);
                    store(y1, t, out, o + 18);
                }
            }
        }
    }

    /** (r0, r1) = (a0 + a1 u)^2 = ((a0 + a1)(a0 - a1), 2 a0 a1): below 1.04p and 2.08p for inputs below 1.04p. */
    private void square(long[] a0, long[] a1, long[] r0, long[] r1) {
        f.add(a0, 0, a1, 0, s, 0);
        f.sub(a0, 0, a1, 0, d, 0);
        f.mul(a0, 0, a1, 0, r1, 0);
        f.add(r1, 0, r1, 0, r1, 0);
        f.mul(s, 0, d, 0, r0, 0);
    }

    /** Lane t of g from 48 big-endian bytes; false (lane untouched) when they are not below p. */
    private boolean load(byte[] in, int io, long[] g, int t) {
        for (int i = 0; i < 6; i++) {
            c[i] = (long) LONG_BE.get(in, io + FP_BYTES - 8 * (i + 1));
        }
        if (!Fp.FIELD.isCanonical(c, 0)) {
            return false;
        }
        long c0 = c[0], c1 = c[1], c2 = c[2], c3 = c[3], c4 = c[4], c5 = c[5];
        g[t] = c0 & M;
        g[t + 8] = ((c0 >>> 49) | (c1 << 15)) & M;
        g[t + 16] = ((c1 >>> 34) | (c2 << 30)) & M;
        g[t + 24] = ((c2 >>> 19) | (c3 << 45)) & M;
        g[t + 32] = (c3 >>> 4) & M;
        g[t + 40] = ((c3 >>> 53) | (c4 << 11)) & M;
        g[t + 48] = ((c4 >>> 38) | (c5 << 26)) & M;
        g[t + 56] = c5 >>> 23;
        return true;
    }

    /** Lane t of g, canonical, to the shared layout's 6 x 64 bits at out[o]. */
    private static void store(long[] g, int t, long[] out, int o) {
        long l0 = g[t], l1 = g[t + 8], l2 = g[t + 16], l3 = g[t + 24], l4 = g[t + 32], l5 = g[t + 40], l6 = g[t + 48],
                l7 = g[t + 56];
        out[o] = l0 | (l1 << 49);
        out[o + 1] = (l1 >>> 15) | (l2 << 34);
        out[o + 2] = (l2 >>> 30) | (l3 << 19);
        out[o + 3] = (l3 >>> 45) | (l4 << 4) | (l5 << 53);
        out[o + 4] = (l5 >>> 11) | (l6 << 38);
        out[o + 5] = (l6 >>> 26) | (l7 << 23);
    }

    private static boolean sameLane(long[] a, long[] b, int t) {
        long diff = 0;
        for (int k = 0; k < LIMBS; k++) {
            diff |= a[LANES * k + t] ^ b[LANES * k + t];
        }
        return diff == 0;
    }
}
