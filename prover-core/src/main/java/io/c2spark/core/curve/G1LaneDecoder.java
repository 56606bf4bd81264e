package io.c2spark.core.curve;

import io.c2spark.core.field.Fp;
import io.c2spark.core.field.MontgomeryLanes;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.math.BigInteger;
import java.nio.ByteOrder;

/**
 * Uncompressed G1 encodings (96 bytes, Zcash's form) decoded eight at a time in
 * {@link MontgomeryLanes}' SIMD lanes: the common case of a parameter file's point, no flag set,
 * both coordinates below p and on the curve. Whatever is not that common case (the point at
 * infinity, a flag, a coordinate out of range, a point off the curve) is left undecoded for
 * {@link ZcashEncoding#readG1}, which decodes it or names what is wrong.
 *
 * <p>Per eight points: the coordinates are re-cut from 6 x 64 into 8 x 49-bit limbs and moved to
 * the shared layout's Montgomery form (x R, R = 2^384) by one lane product with 2^776 mod p
 * (R' = 2^392 is the lanes' radix); the curve equation is checked as y^2 R^3 / R'^2 = x^3 R^3 /
 * R'^2 + 4 R^3 / R'^2, four more lane products, against five scalar ones per point before. One
 * instance per thread.
 */
public final class G1LaneDecoder {
    private static final int LANES = MontgomeryLanes.LANES;
    private static final int LIMBS = 8;
    private static final int GROUP = LANES * LIMBS;
    private static final long M = (1L << 49) - 1;
    private static final int FP_BYTES = 48;
    private static final int POINT_BYTES = 2 * FP_BYTES;
    private static final VarHandle LONG_BE = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);
    /** 2^776 mod p: the lane product of x with it is x R. */
    private static final long[] TO_MONTGOMERY = broadcast(BigInteger.ONE.shiftLeft(2 * 392 - 8));
    /** R = 2^384 mod p, and 4 R^3 / R'^2 mod p (the curve's b on the check's scale). */
    private static final long[] R = broadcast(BigInteger.ONE.shiftLeft(384));
    private static final long[] B = broadcast(BigInteger.valueOf(4).multiply(BigInteger.ONE.shiftLeft(3 * 384))
            .multiply(BigInteger.ONE.shiftLeft(2 * 392).modInverse(Fp.MODULUS)));

    private final MontgomeryLanes f = new MontgomeryLanes(Fp.MODULUS, LIMBS);
    private final long[] x = new long[GROUP];
    private final long[] y = new long[GROUP];
    private final long[] lhs = new long[GROUP];
    private final long[] rhs = new long[GROUP];
    private final long[] c = new long[6];
    private final boolean[] lane = new boolean[LANES];

    private static long[] broadcast(BigInteger v) {
        long[] limbs = MontgomeryLanes.limbs(v.mod(Fp.MODULUS), LIMBS);
        long[] g = new long[GROUP];
        for (int k = 0; k < LIMBS; k++) {
            for (int t = 0; t < LANES; t++) {
                g[LANES * k + t] = limbs[k];
            }
        }
        return g;
    }

    /**
     * Decodes the count encodings at in[io], 96 bytes apart, into affine points at out[oo] (12 longs
     * apart, shared layout); decoded[k] tells whether point k was (the others are left for
     * {@link ZcashEncoding#readG1}).
     */
    public void decode(byte[] in, int io, int count, long[] out, int oo, boolean[] decoded) {
        for (int first = 0; first < count; first += LANES) {
            int k = Math.min(LANES, count - first);
            for (int t = 0; t < LANES; t++) {
                int bo = io + (first + t) * POINT_BYTES;
                lane[t] = t < k && (in[bo] & 0xE0) == 0 && load(in, bo, x, t) && load(in, bo + FP_BYTES, y, t);
                if (!lane[t]) {
                    f.set(x, 0, t, new long[LIMBS]);
                    f.set(y, 0, t, new long[LIMBS]);
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
