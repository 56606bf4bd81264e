package io.c2spark.core.r1cs;

import java.util.Arrays;

/** A bit set over a growing index range, as a flat long[] (bit i in word i >>> 6, bit i & 63). */
final class GrowableBitmap {
    private long[] words = new long[16];

    void set(int i) {
        int w = i >>> 6;
        if (w >= words.length) {
            words = Arrays.copyOf(words, Math.max(w + 1, words.length * 2));
        }
        words[w] |= 1L << i;
    }

    boolean get(int i) {
        int w = i >>> 6;
        return w < words.length && (words[w] & (1L << i)) != 0;
    }

    /** The words covering bits [0, n), trailing words zero. */
    long[] toArray(int n) {
        return Arrays.copyOf(words, (n + 63) >>> 6);
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
