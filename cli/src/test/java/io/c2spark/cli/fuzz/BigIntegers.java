package io.c2spark.cli.fuzz;

import java.math.BigInteger;

/** Fixed-width encodings of non-negative integers below 2^(8 len). */
final class BigIntegers {
    private BigIntegers() {
    }

    /** v in len big-endian bytes. */
    static byte[] fixed(BigInteger v, int len) {
        byte[] raw = v.toByteArray();
        byte[] out = new byte[len];
        int n = Math.min(raw.length, len);
        System.arraycopy(raw, raw.length - n, out, len - n, n);
        return out;
    }

    /** v in len little-endian bytes. */
    static byte[] fixedLE(BigInteger v, int len) {
        byte[] be = fixed(v, len);
        byte[] out = new byte[len];
        for (int i = 0; i < len; i++) {
            out[i] = be[len - 1 - i];
        }
        return out;
    }
}
