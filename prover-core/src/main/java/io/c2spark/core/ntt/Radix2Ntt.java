package io.c2spark.core.ntt;

import io.c2spark.core.concurrent.ComputePool;
import io.c2spark.core.field.Fr;

/**
 * In-place radix-2 decimation-in-time NTT over Fr on a flat {@code long[4n]} (Montgomery form).
 *
 * <p>Input in natural order, output in natural order: the input is first permuted into bit-reversed
 * order, then log n butterfly stages run. The stages are arranged recursively (both halves of a
 * block are transformed before the block's last stage), so every block of up to
 * 2^{@link #LEAF_LOG} elements (256 KiB) finishes all its stages while it sits in the L2 cache and
 * only the top log n - LEAF_LOG stages stream the whole array. Halves and the butterflies of one
 * stage run in parallel on {@link ComputePool}.
 *
 * <p>Twiddles come from a table with one contiguous run per stage ({@link #twiddleTable}): stage s
 * reads its 2^(s-1) twiddles consecutively. Reading them with a stride out of the top stage's run
 * instead made 2^22 six times slower than 2^20 (one cache line and TLB entry per twiddle).
 */
final class Radix2Ntt {
    /** Blocks of 2^13 elements (256 KiB) transform in cache. */
    static final int LEAF_LOG = 13;
    /** Below this many elements a pass runs on the calling thread. */
    private static final int PARALLEL_MIN = 1 << 12;

    private Radix2Ntt() {
    }

    /** Transforms a (n = 2^logN elements) with the {@link #twiddleTable} of an n-th root of unity. */
    static void forward(long[] a, int logN, long[] tw) {
        bitReverse(a, logN);
        stages(a, 0, logN, tw);
    }

    /** a[i] = a[rev(i)] for all i. */
    static void bitReverse(long[] a, int logN) {
        int n = 1 << logN;
        if (logN == 0) {
            return;
        }
        int shift = 32 - logN;
        ComputePool.forRange(0, n, PARALLEL_MIN, (from, to) -> {
            for (int i = from; i < to; i++) {
                int j = Integer.reverse(i) >>> shift;
                if (i < j) {
                    swap(a, i, j);
                }
            }
        });
    }

    /** Reverses elements 1..n-1, turning a transform by omega into one by omega^-1. */
    static void reverseTail(long[] a, int logN) {
        int n = 1 << logN;
        ComputePool.forRange(1, (n + 1) / 2, PARALLEL_MIN, (from, to) -> {
            for (int i = from; i < to; i++) {
                swap(a, i, n - i);
            }
        });
    }

    private static void swap(long[] a, int i, int j) {
        int x = 4 * i;
        int y = 4 * j;
        for (int k = 0; k < 4; k++) {
            long t = a[x + k];
            a[x + k] = a[y + k];
            a[y + k] = t;
        }
    }

    /** All stages of the block [off, off + 2^logLen), whose elements are in bit-reversed order. */
    private static void stages(long[] a, int off, int logLen, long[] tw) {
        if (logLen <= LEAF_LOG) {
            leaf(a, off, logLen, tw);
            return;
        }
        int half = 1 << (logLen - 1);
        ComputePool.both(() -> stages(a, off, logLen - 1, tw), () -> stages(a, off + half, logLen - 1, tw));
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
        int base = FrTwiddle.LIMBS * (half - 1);
        long[] t = new long[4];
        int j = from;
        if (j == 0) {
            int x = 4 * b;
            int y = 4 * (b + half);
            System.arraycopy(a, y, t, 0, 4);
            Fr.sub(a, x, t, 0, a, y);
            Fr.add(a, x, t, 0, a, x);
            j = 1;
        }
        for (; j < to; j++) {
            int x = 4 * (b + j);
            int y = 4 * (b + j + half);
            FrTwiddle.mul(a, y, tw, base + FrTwiddle.LIMBS * j, t, 0);
            Fr.sub(a, x, t, 0, a, y);
            Fr.add(a, x, t, 0, a, x);
        }
    }

    /** a[i] *= c * g^i for all i (c = one when null). */
    static void scaleByPowers(long[] a, int n, long[] g, long[] c) {
        ComputePool.forRange(0, n, PARALLEL_MIN, (from, to) -> {
            long[] cur = new long[4];
            Fr.pow(g, 0, new long[] {from}, cur, 0);
            if (c != null) {
                Fr.mul(cur, 0, c, 0, cur, 0);
            }
            for (int i = from; i < to; i++) {
                Fr.mul(a, 4 * i, cur, 0, a, 4 * i);
                Fr.mul(cur, 0, g, 0, cur, 0);
            }
        });
    }

    /** a[i] *= c for all i. */
    static void scale(long[] a, int n, long[] c) {
        ComputePool.forRange(0, n, PARALLEL_MIN, (from, to) -> {
            for (int i = from; i < to; i++) {
                Fr.mul(a, 4 * i, c, 0, a, 4 * i);
            }
        });
    }

    /**
     * The twiddles of an n-th root omega (n = 2^logN) in {@link FrTwiddle} form: for each stage
     * s = 1..logN, the run omega_{2^s}^j = omega^(j n / 2^s), j < 2^(s-1), at element offset
     * 2^(s-1) - 1; n - 1 elements of {@link FrTwiddle#LIMBS} longs.
     */
    static long[] twiddleTable(long[] omega, int logN) {
        int n = 1 << logN;
        int half = Math.max(1, n / 2);
        long[] top = powers(omega, half);
        int w = FrTwiddle.LIMBS;
        long[] tw = new long[w * Math.max(1, n - 1)];
        ComputePool.forRange(0, half, PARALLEL_MIN, (from, to) -> {
            for (int j = from; j < to; j++) {
                FrTwiddle.fromStandard(top, 4 * j, tw, w * (half - 1 + j));
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
