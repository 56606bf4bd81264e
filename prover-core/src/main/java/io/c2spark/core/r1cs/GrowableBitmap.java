package io.c2spark.core.r1cs;

import java.util.Arrays;

/** A bit set over a growing index range, as a flat long[] (bit i in word i >>> 6, bit i & 63). */
final class GrowableBitmap {
    private long[] words = new long[16];

    void set(int i) {
        ensureWord(i >>> 6);
        words[i >>> 6] |= 1L << i;
    }

    /** Sets bits [from, from + count) to bits 0 .. count-1 of values (count 1 to 64), over clear bits. */
    void setBits(int from, long values, int count) {
        long v = count == 64 ? values : values & ((1L << count) - 1);
        int w = from >>> 6;
        int last = (from + count - 1) >>> 6;
        ensureWord(last);
        words[w] |= v << from;
        if (last != w) {
            words[last] |= v >>> (64 - (from & 63));
        }
    }

    private void ensureWord(int w) {
        if (w >= words.length) {
            words = Arrays.copyOf(words, Math.max(w + 1, words.length * 2));
        }
    }

    boolean get(int i) {
        int w = i >>> 6;
        return w < words.length && (words[w] & (1L << i)) != 0;
    }

    /** The words covering bits [0, n), trailing words zero. */
    long[] toArray(int n) {
        return Arrays.copyOf(words, (n + 63) >>> 6);
    }

    /** ORs bit i of this bitmap into bit base + i of dst, for every set bit (all of which must fit dst). */
    void orInto(long[] dst, int base) {
        int shift = base & 63;
        int at = base >>> 6;
        for (int i = 0; i < words.length; i++) {
            long w = words[i];
            if (w == 0) {
                continue;
            }
            dst[at + i] |= w << shift;
            long high = shift == 0 ? 0 : w >>> (64 - shift);
            if (high != 0) {
                dst[at + i + 1] |= high;
            }
        }
    }

    static boolean get(long[] bitmap, int i) {
        return (bitmap[i >>> 6] & (1L << i)) != 0;
    }

    static int count(long[] bitmap) {
        int c = 0;
        for (long w : bitmap) {
            c += Long.bitCount(w);
        }
        return c;
    }
}
