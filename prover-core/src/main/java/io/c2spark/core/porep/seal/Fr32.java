package io.c2spark.core.porep.seal;

import java.util.Arrays;

/**
 * fr32 padding (rfp fr32/src/padding.rs): the raw byte stream, read as a little-endian bit
 * stream, is cut into 254-bit units, each followed by 2 zero bits, so every 32-byte node is a
 * field element below 2^254. 127 raw bytes become 128 padded bytes.
 */
public final class Fr32 {
    public static final int UNPADDED_BLOCK = 127;
    public static final int PADDED_BLOCK = 128;

    private Fr32() {
    }

    public static byte[] pad(byte[] raw) {
        if (raw.length % UNPADDED_BLOCK != 0) {
            throw new IllegalArgumentException("fr32 padding needs a multiple of 127 bytes, got " + raw.length);
        }
        int blocks = raw.length / UNPADDED_BLOCK;
        byte[] out = new byte[blocks * PADDED_BLOCK];
        long[] bits = new long[17];
        for (int b = 0; b < blocks; b++) {
            Arrays.fill(bits, 0);
            for (int i = 0; i < UNPADDED_BLOCK; i++) {
                bits[i >>> 3] |= (raw[b * UNPADDED_BLOCK + i] & 0xFFL) << (8 * (i & 7));
            }
            for (int k = 0; k < 4; k++) {
                int start = 254 * k;
                for (int w = 0; w < 4; w++) {
                    int s = start + 64 * w;
                    int q = s >>> 6, r = s & 63;
                    long word = r == 0 ? bits[q] : (bits[q] >>> r) | (bits[q + 1] << (64 - r));
                    if (w == 3) {
                        word &= 0x3FFFFFFFFFFFFFFFL;
                    }
                    int o = b * PADDED_BLOCK + 32 * k + 8 * w;
                    for (int j = 0; j < 8; j++) {
                        out[o + j] = (byte) (word >>> (8 * j));
                    }
                }
            }
        }
        return out;
    }

    public static byte[] unpad(byte[] padded) {
        if (padded.length % PADDED_BLOCK != 0) {
            throw new IllegalArgumentException("fr32 unpadding needs a multiple of 128 bytes, got " + padded.length);
        }
        int blocks = padded.length / PADDED_BLOCK;
        byte[] out = new byte[blocks * UNPADDED_BLOCK];
        long[] bits = new long[17];
        for (int b = 0; b < blocks; b++) {
            Arrays.fill(bits, 0);
            for (int k = 0; k < 4; k++) {
                for (int i = 0; i < 254; i++) {
                    int byteIndex = b * PADDED_BLOCK + 32 * k + (i >>> 3);
                    if (((padded[byteIndex] >>> (i & 7)) & 1) != 0) {
                        int pos = 254 * k + i;
                        bits[pos >>> 6] |= 1L << (pos & 63);
                    }
                }
            }
            for (int i = 0; i < UNPADDED_BLOCK; i++) {
                out[b * UNPADDED_BLOCK + i] = (byte) (bits[i >>> 3] >>> (8 * (i & 7)));
            }
        }
        return out;
    }
}
