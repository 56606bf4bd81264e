package io.c2spark.core.field;

import java.math.BigInteger;

/**
 * Allocation-free conversions between Filecoin's 32-byte little-endian domain elements and Fr in
 * Montgomery form, for hot loops (tree building, column hashing, encoding).
 */
public final class FrBytes {
    private static final long[] R2 = Fr.of(BigInteger.ONE.shiftLeft(256));
    private static final long[] ONE_RAW = {1, 0, 0, 0};

    private FrBytes() {
    }

    /**
     * Reads a little-endian element; it must be canonical (below r), which holds for truncated
     * SHA-256 digests (below 2^254) and Poseidon outputs.
     */
    public static void read(byte[] in, int io, long[] out, int o) {
        for (int i = 0; i < 4; i++) {
            long w = 0;
            for (int j = 7; j >= 0; j--) {
                w = (w << 8) | (in[io + 8 * i + j] & 0xFFL);
            }
            out[o + i] = w;
        }
        Fr.mul(out, o, R2, 0, out, o);
    }

    /** True when the 32 little-endian bytes are a canonical Fr element. */
    public static boolean isCanonical(byte[] in, int io) {
        long[] c = new long[4];
        for (int i = 0; i < 4; i++) {
            long w = 0;
            for (int j = 7; j >= 0; j--) {
                w = (w << 8) | (in[io + 8 * i + j] & 0xFFL);
            }
            c[i] = w;
        }
        return Fr.FIELD.isCanonical(c, 0);
    }

    /** Writes the canonical little-endian bytes of a[ao]; {@code scratch} needs 4 longs. */
    public static void write(long[] a, int ao, byte[] out, int o, long[] scratch) {
        Fr.mul(a, ao, ONE_RAW, 0, scratch, 0);
        for (int i = 0; i < 4; i++) {
            long w = scratch[i];
            for (int j = 0; j < 8; j++) {
                out[o + 8 * i + j] = (byte) (w >>> (8 * j));
            }
        }
    }
}
