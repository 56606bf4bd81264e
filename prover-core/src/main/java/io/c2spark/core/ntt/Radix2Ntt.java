package io.c2spark.core.ntt;

import io.c2spark.core.concurrent.ComputePool;
import io.c2spark.core.field.Fr52;
import io.c2spark.core.field.Fr;

/**
 * Radix-2 decimation-in-time NTT over Fr on a flat {@code long[4n]} (Montgomery form), natural
 * order on both sides.
 *
 * <p>The transform runs on a copy in {@link Fr52} form (5 longs per element, values lazily below
 * 4r): the copy is written in bit-reversed order, so the permutation costs no pass of its own, and
 * an optional scaling by c g^i is applied on the way in or out (the coset shift, 1/n), so that
 * every multiplication of a transform is a 52-bit one. The log n butterfly stages are arranged
 * recursively (both halves of a block are transformed before the block's last stage), so every
 * block of up to 2^{@link #LEAF_LOG} elements (320 KiB) finishes all its stages while it sits in
 * the L2 cache and only the top log n - LEAF_LOG stages stream the whole array. Halves and the
 * butterflies of one stage run in parallel on {@link ComputePool}.
 *
 * <p>Twiddles come from a table with one contiguous run per stage ({@link #twiddleTable}): stage s
 * reads its 2^(s-1) twiddles consecutively. Reading them with a stride out of the top stage's run
 * instead made 2^22 six times slower than 2^20 (one cache line and TLB entry per twiddle).
 */
final class Radix2Ntt {
    /** Blocks of 2^13 elements (320 KiB) transform in cache. */
    static final int LEAF_LOG = 13;
    /** Below this many elements a pass runs on the calling thread. */
    private static final int PARALLEL_MIN = 1 << 12;
    private static final int L = Fr52.LIMBS;

    /** Element i is multiplied by c g^i (shared layout, Montgomery form; g null for c alone). */
    record Scaling(long[] c, long[] g) {
    }

    private Radix2Ntt() {
    }

    /**
     * Transforms a (n = 2^logN elements) in place with the {@link #twiddleTable} of an n-th root of
     * unity omega: a_i = sum_j (in_j x_j) omega^(i j), then, with reversedOut, a_i = a_{-i mod n}
     * (the transform by omega^-1), then a_i *= out_i. in and out may be null.
     */
    static void transform(long[] a, int logN, long[] tw, Scaling in, boolean reversedOut, Scaling out) {
        transform(a, logN, tw, in, reversedOut, out, new long[L << logN]);
    }

    /** As above in the working copy work (5 longs per element; its contents are overwritten). */
    static void transform(long[] a, int logN, long[] tw, Scaling in, boolean reversedOut, Scaling out, long[] work) {
        int n = 1 << logN;
        int shift = 32 - logN;
        ComputePool.forRange(0, n, PARALLEL_MIN, (from, to) -> {
            long[][] powers = powers(in, from);
            for (int i = from; i < to; i++) {
                int j = logN == 0 ? 0 : Integer.reverse(i) >>> shift;
                Fr52.unpack(a, 4 * i, work, L * j);
                if (powers != null) {
                    scaleNext(work, L * j, powers);
                }
            }
        });
        stages(work, 0, logN, tw);
        ComputePool.forRange(0, n, PARALLEL_MIN, (from, to) -> {
            long[][] powers = powers(out, from);
            for (int i = from; i < to; i++) {
                int j = reversedOut ? (n - i) & (n - 1) : i;
                if (powers != null) {
                    scaleNext(work, L * j, powers);
                }
                Fr52.pack(work, L * j, a, 4 * i);
            }
        });
    }

    /** {c g^from, g} in constant form ({c, null} for c alone), or null without a scaling. */
    private static long[][] powers(Scaling s, int from) {
        if (s == null) {
            return null;
        }
        long[] start = s.c().clone();
        long[][] p = {new long[L], null};
        if (s.g() != null) {
            long[] gFrom = new long[4];
            Fr.pow(s.g(), 0, new long[] {from}, gFrom, 0);
            Fr.mul(start, 0, gFrom, 0, start, 0);
            p[1] = new long[L];
            Fr52.constant(s.g(), 0, p[1], 0);
        }
        Fr52.constant(start, 0, p[0], 0);
        return p;
    }

    /** Multiplies the element at o by powers[0], then advances powers[0] by the ratio powers[1], if any. */
    private static void scaleNext(long[] work, int o, long[][] powers) {
        Fr52.mul(work, o, powers[0], 0, work, o);
        if (powers[1] != null) {
            Fr52.mul(powers[0], 0, powers[1], 0, powers[0], 0);
        }
    }

    /** All stages of the block [off, off + 2^logLen), whose elements are in bit-reversed order. */
    private static void stages(long[] a, int off, int logLen, long[] tw) {
        if (logLen <= LEAF_LOG) {
            leaf(a, off, logLen, tw);
            return;
        }
        int half = 1 << (logLen - 1);
        ComputePool.all(() -> stages(a, off, logLen - 1, tw), () -> stages(a, off + half, logLen - 1, tw));
        ComputePool.forRange(0, half, PARALLEL_MIN, (from, to) -> butterflies(a, off, half, from, to, tw));
    }

    /** Iterative stages of a block small enough for the cache. */
    private static void leaf(long[] a, int off, int logLen, long[] tw) {
        int len = 1 << logLen;
        for (int s = 1; s <= logLen; s++) {
            int half = 1 << (s - 1);
            for (int b = off; b < off + len; b += 2 * half) {
                butterflies(a, b, half, 0, half, tw);
            }
        }
    }

    /**
     * Butterflies j in [from, to) of one block at element offset b with half-length half:
     * (x, y) = (x + w y, x - w y), w = omega_{2 half}^j, entry half - 1 + j of the table. The j = 0
     * twiddle is one: no multiplication.
     */
    private static void butterflies(long[] a, int b, int half, int from, int to, long[] tw) {
        int base = L * (half - 1);
        int j = from;
        if (j == 0) {
            Fr52.butterfly(a, L * b, L * (b + half), null, 0);
            j = 1;
        }
        for (; j < to; j++) {
            Fr52.butterfly(a, L * (b + j), L * (b + j + half), tw, base + L * j);
        }
    }

    /** a[i] *= c for all i (shared layout). */
    static void scale(long[] a, int n, long[] c) {
        ComputePool.forRange(0, n, PARALLEL_MIN, (from, to) -> {
            for (int i = from; i < to; i++) {
                Fr.mul(a, 4 * i, c, 0, a, 4 * i);
            }
        });
    }

    /**
     * The twiddles of an n-th root omega (n = 2^logN) in {@link Fr52} constant form: for each stage
     * s = 1..logN, the run omega_{2^s}^j = omega^(j n / 2^s), j < 2^(s-1), at element offset
     * 2^(s-1) - 1; n - 1 elements of {@link Fr52#LIMBS} longs.
     */
    static long[] twiddleTable(long[] omega, int logN) {
        int n = 1 << logN;
        int half = Math.max(1, n / 2);
        long[] top = powers(omega, half);
        int w = L;
        long[] tw = new long[w * Math.max(1, n - 1)];
        ComputePool.forRange(0, half, PARALLEL_MIN, (from, to) -> {
            for (int j = from; j < to; j++) {
                Fr52.constant(top, 4 * j, tw, w * (half - 1 + j));
            }
        });
        for (int s = 1; s < logN; s++) {
            int h = 1 << (s - 1);
            int stride = 1 << (logN - s);
            for (int j = 0; j < h; j++) {
                System.arraycopy(tw, w * (half - 1 + j * stride), tw, w * (h - 1 + j), w);
            }
        }
        return tw;
    }

    /** tw[j] = omega^j for j < count. */
    static long[] powers(long[] omega, int count) {
        long[] tw = new long[4 * count];
        ComputePool.forRange(0, count, PARALLEL_MIN, (from, to) -> {
            Fr.pow(omega, 0, new long[] {from}, tw, 4 * from);
            for (int i = from + 1; i < to; i++) {
                Fr.mul(tw, 4 * (i - 1), omega, 0, tw, 4 * i);
            }
        });
        return tw;
    }
}
