package io.c2spark.core.ntt;

import io.c2spark.core.concurrent.ComputePool;
import io.c2spark.core.field.Fr;
import io.c2spark.core.field.MontgomeryLanes;
import java.math.BigInteger;

/**
 * {@link Radix2Ntt}'s transform (same arguments, same results bit for bit) eight elements at a time
 * in {@link MontgomeryLanes}' SIMD lanes, where the JVM has them.
 *
 * <p>Form: Fr in 6 limbs of 49 bits, values kept in the shared layout's Montgomery form (x R,
 * R = 2^256) and only re-cut; twiddles and scalings are held as w R' (R' = 2^294), so that
 * Montgomery-multiplying x R by w R' gives x w R. The working copy holds group g at 48 g longs: the
 * bit-reversed positions 8g..8g+7, one per lane. Each butterfly stage of half-length 8 or more
 * pairs whole groups, lane with lane, and the twiddles of 8 consecutive butterflies are one group
 * of the table (each stage's run starts at a multiple of 8). The three stages of half-length 1, 2
 * and 4 pair lanes of one group: the group's lanes are swapped in memory, the two halves'
 * twiddles are constant groups (1, and powers of omega_4 and omega_8), and each lane keeps the sum
 * or the difference. Blocks of 2^13 elements (384 KiB) run all their stages in the L2 cache, as in
 * Radix2Ntt.
 *
 * <p>Bounds: a product is below r + a w / R' (under 1.0001 r here); a butterfly adds at most 2r to
 * either output (x + t, x + 2r - t), so after the log n stages values are below (2 log n + 1) r,
 * under 2^261. The output scaling (by one where none is asked) is a product, below 1.0001 r, and
 * is made canonical on the way out.
 */
final class LaneNtt {
    /** The smallest transform in lanes: 16 elements, so that some stage pairs whole groups. */
    static final int MIN_LOG = 4;
    private static final int LIMBS = 6;
    private static final int LANES = MontgomeryLanes.LANES;
    /** Longs per group of eight elements. */
    private static final int G = LANES * LIMBS;
    private static final long M = (1L << 49) - 1;
    /** Blocks of 2^10 groups (8,192 elements) transform in cache. */
    private static final int LEAF_LOG = 10;
    /** Below this many groups a pass runs on the calling thread. */
    private static final int PARALLEL_MIN = 1 << 9;
    /** The 3-bit reversal. */
    private static final int[] REV3 = {0, 4, 2, 6, 1, 5, 3, 7};
    /** Lane j keeps the difference in the in-group stage of half-length d where j & d != 0. */
    private static final boolean[][] UPPER = new boolean[3][LANES];
    /** 2^332 mod r: Montgomery-multiplying w R by it gives w R'. */
    private static final long[] TO_CONSTANT = MontgomeryLanes.broadcast(
            MontgomeryLanes.limbs(BigInteger.ONE.shiftLeft(2 * 294 - 256).mod(Fr.MODULUS), LIMBS));

    static {
        for (int s = 0; s < 3; s++) {
            for (int j = 0; j < LANES; j++) {
                UPPER[s][j] = (j & (1 << s)) != 0;
            }
        }
    }

    private final int logN;
    private final int n;
    /** Stage runs of half-length h >= 8 at element h: omega_{2h}^j for j below h, constant form. */
    private final long[] table;
    /** The twiddle groups of the in-group stages of half-length 2 and 4 (lane j: omega_4^(j mod 2), omega_8^(j mod 4)). */
    private final long[] inGroupTwiddles = new long[2 * G];

    /** The transform of size 2^logN (at least {@link #MIN_LOG}) by the n-th root omega (shared layout). */
    LaneNtt(long[] omega, int logN) {
        if (logN < MIN_LOG) {
            throw new IllegalArgumentException("lane NTT of 2^" + logN + " elements");
        }
        this.logN = logN;
        this.n = 1 << logN;
        long[] top = Radix2Ntt.powers(omega, n / 2);
        this.table = new long[(n / LANES) * G];
        ComputePool.forRange(0, n / 16, PARALLEL_MIN, (from, to) -> {
            MontgomeryLanes f = arithmetic();
            for (int j = from; j < to; j++) {
                toConstant(f, top, 4 * LANES * j, table, (n / 16 + j) * G);
            }
        });
        for (int h = n / 4; h >= LANES; h /= 2) {
            int half = h;
            int stride = n / (2 * h);
            ComputePool.forRange(0, half, PARALLEL_MIN * LANES, (from, to) -> {
                for (int j = from; j < to; j++) {
                    copyLane(table, n / 2 + j * stride, table, half + j);
                }
            });
        }
        long[] eight = new long[4 * LANES];
        for (int s = 0; s < 2; s++) {
            int quarter = n >> (s + 2);
            for (int j = 0; j < LANES; j++) {
                System.arraycopy(top, 4 * (quarter * (j & ((2 << s) - 1))), eight, 4 * j, 4);
            }
            toConstant(arithmetic(), eight, 0, inGroupTwiddles, s * G);
        }
    }

    private static MontgomeryLanes arithmetic() {
        return new MontgomeryLanes(Fr.MODULUS, LIMBS);
    }

    /** A working copy for {@link #transform} (48 n bytes). */
    long[] newWork() {
        return new long[(n / LANES) * G];
    }

    /**
     * See {@link Radix2Ntt#transform}; a holds 2^logN elements; work is from {@link #newWork} (its
     * contents are overwritten), so that several transforms can share one.
     */
    void transform(long[] a, Radix2Ntt.Scaling in, boolean reversedOut, Radix2Ntt.Scaling out, long[] work) {
        int groups = n / LANES;
        int shift = 32 - (logN - 3);
        // Element s + j n/8 goes to lane rev3(j) of group rev(s): each group is gathered from eight
        // sequential streams of a and written whole, once.
        ComputePool.forRange(0, groups, PARALLEL_MIN, (from, to) -> {
            MontgomeryLanes f = arithmetic();
            long[] powers = null;
            long[] step = null;
            if (in != null) {
                long[] e = new long[LANES];
                for (int t = 0; t < LANES; t++) {
                    e[t] = from + (long) REV3[t] * groups;
                }
                powers = powers(f, in, e);
                step = in.g() == null ? null : step(f, in.g(), 1);
            }
            for (int s = from; s < to; s++) {
                int o = (Integer.reverse(s) >>> shift) * G;
                for (int t = 0; t < LANES; t++) {
                    recutIn(a, 4 * (s + REV3[t] * groups), work, o, t);
                }
                if (powers != null) {
                    f.mul(work, o, powers, 0, work, o);
                    if (step != null) {
                        f.mul(powers, 0, step, 0, powers, 0);
                    }
                }
            }
        });
        stages(work, 0, logN - 3);
        Radix2Ntt.Scaling s = out != null ? out : new Radix2Ntt.Scaling(Fr.FIELD.one(), null);
        ComputePool.forRange(0, groups, PARALLEL_MIN, (from, to) -> {
            MontgomeryLanes f = arithmetic();
            long[] step = s.g() == null ? null : step(f, s.g(), reversedOut ? -LANES : LANES);
            long[] powers = null;
            for (int g = from; g < to; g++) {
                // Group 0's first lane is index 0 of a reversed output, off the progression of the rest.
                if (g == from || (g == 1 && reversedOut && step != null)) {
                    long[] e = new long[LANES];
                    for (int t = 0; t < LANES; t++) {
                        int q = LANES * g + t;
                        e[t] = reversedOut ? (n - q) & (n - 1) : q;
                    }
                    powers = powers(f, s, e);
                }
                int o = g * G;
                f.mul(work, o, powers, 0, work, o);
                if (step != null) {
                    f.mul(powers, 0, step, 0, powers, 0);
                }
                f.canonical(work, o);
                for (int t = 0; t < LANES; t++) {
                    int q = LANES * g + t;
                    recutOut(work, o, t, a, 4 * (reversedOut ? (n - q) & (n - 1) : q));
                }
            }
        });
    }

    /** Lane t: c g^(e[t]) in constant form (c alone without g). */
    private static long[] powers(MontgomeryLanes f, Radix2Ntt.Scaling s, long[] e) {
        long[] values = new long[4 * LANES];
        long[] gPow = new long[4];
        for (int t = 0; t < LANES; t++) {
            System.arraycopy(s.c(), 0, values, 4 * t, 4);
            if (s.g() != null) {
                Fr.pow(s.g(), 0, new long[] {e[t]}, gPow, 0);
                Fr.mul(values, 4 * t, gPow, 0, values, 4 * t);
            }
        }
        long[] group = new long[G];
        toConstant(f, values, 0, group, 0);
        return group;
    }

    /** g^k (k may be negative) in every lane, constant form. */
    private static long[] step(MontgomeryLanes f, long[] g, int k) {
        long[] base = g;
        if (k < 0) {
            base = new long[4];
            Fr.inverse(g, 0, base, 0);
        }
        long[] e = new long[LANES];
        java.util.Arrays.fill(e, Math.abs(k));
        return powers(f, new Radix2Ntt.Scaling(Fr.FIELD.one(), base), e);
    }

    /** Eight shared-layout elements (w R) from values[vo] to a group in constant form (w R'). */
    private static void toConstant(MontgomeryLanes f, long[] values, int vo, long[] g, int go) {
        for (int t = 0; t < LANES; t++) {
            recutIn(values, vo + 4 * t, g, go, t);
        }
        f.mul(g, go, TO_CONSTANT, 0, g, go);
    }

    /** All stages of the block of 2^logLen groups from group off. */
    private void stages(long[] w, int off, int logLen) {
        if (logLen <= LEAF_LOG) {
            leaf(w, off, logLen);
            return;
        }
        int half = 1 << (logLen - 1);
        ComputePool.all(() -> stages(w, off, logLen - 1), () -> stages(w, off + half, logLen - 1));
        ComputePool.forRange(0, half, PARALLEL_MIN, (from, to) -> {
            MontgomeryLanes f = arithmetic();
            butterflies(f, w, off, half, from, to, new long[G]);
        });
    }

    /** Iterative stages of a block small enough for the cache: the in-group ones, then those pairing groups. */
    private void leaf(long[] w, int off, int logLen) {
        MontgomeryLanes f = arithmetic();
        long[] scratch = new long[5 * G];
        int len = 1 << logLen;
        for (int g = off; g < off + len; g++) {
            inGroup(f, w, g * G, scratch);
        }
        for (int s = 0; s < logLen; s++) {
            int half = 1 << s;
            for (int b = off; b < off + len; b += 2 * half) {
                butterflies(f, w, b, half, 0, half, scratch);
            }
        }
    }

    /**
     * Butterflies j in [from, to) between groups b + j and b + j + half (half-length 8 half
     * elements): (x, y) = (x + w y, x - w y), the twiddles group half + j of the table.
     */
    private void butterflies(MontgomeryLanes f, long[] w, int b, int half, int from, int to, long[] t) {
        for (int j = from; j < to; j++) {
            int x = (b + j) * G;
            int y = x + half * G;
            f.mul(w, y, table, (half + j) * G, t, 0);
            f.sub(w, x, t, 0, w, y);
            f.add(w, x, t, 0, w, x);
        }
    }

    /** The stages of half-length 1, 2 and 4 inside the group at o (scratch: five groups). */
    private void inGroup(MontgomeryLanes f, long[] w, int o, long[] scratch) {
        int sw = 0;
        int x = G;
        int y = 2 * G;
        int sum = 3 * G;
        int diff = 4 * G;
        for (int s = 0; s < 3; s++) {
            int d = 1 << s;
            for (int k = 0; k < LIMBS; k++) {
                for (int j = 0; j < LANES; j++) {
                    scratch[sw + LANES * k + j] = w[o + LANES * k + (j ^ d)];
                }
            }
            boolean[] upper = UPPER[s];
            f.select(w, o, scratch, sw, upper, 0, scratch, x);
            f.select(scratch, sw, w, o, upper, 0, scratch, y);
            if (s > 0) {
                f.mul(scratch, y, inGroupTwiddles, (s - 1) * G, scratch, y);
            }
            f.add(scratch, x, scratch, y, scratch, sum);
            f.sub(scratch, x, scratch, y, scratch, diff);
            f.select(scratch, sum, scratch, diff, upper, 0, w, o);
        }
    }

    /** Element e of one group-form array to element d of another (lane e mod 8 of group e / 8, likewise d). */
    private static void copyLane(long[] src, int e, long[] dst, int d) {
        int so = (e >>> 3) * G + (e & 7);
        int o = (d >>> 3) * G + (d & 7);
        for (int k = 0; k < LIMBS; k++) {
            dst[o + LANES * k] = src[so + LANES * k];
        }
    }

    /** Lane t of the group at go from the shared-layout element at ao (the 256 bits re-cut). */
    private static void recutIn(long[] a, int ao, long[] g, int go, int t) {
        long x0 = a[ao], x1 = a[ao + 1], x2 = a[ao + 2], x3 = a[ao + 3];
        int o = go + t;
        g[o] = x0 & M;
        g[o + 8] = ((x0 >>> 49) | (x1 << 15)) & M;
        g[o + 16] = ((x1 >>> 34) | (x2 << 30)) & M;
        g[o + 24] = ((x2 >>> 19) | (x3 << 45)) & M;
        g[o + 32] = (x3 >>> 4) & M;
        g[o + 40] = x3 >>> 53;
    }

    /** Lane t of the group at go, below 2^256, to the shared layout at ao. */
    private static void recutOut(long[] g, int go, int t, long[] a, int ao) {
        int o = go + t;
        long l0 = g[o], l1 = g[o + 8], l2 = g[o + 16], l3 = g[o + 24], l4 = g[o + 32], l5 = g[o + 40];
        a[ao] = l0 | (l1 << 49);
        a[ao + 1] = (l1 >>> 15) | (l2 << 34);
        a[ao + 2] = (l2 >>> 30) | (l3 << 19);
        a[ao + 3] = (l3 >>> 45) | (l4 << 4) | (l5 << 53);
    }
}
