package io.c2spark.core.porep.hash;

/**
 * Blake2b-512 (RFC 7693, unkeyed) of exactly 16 bytes given as two big-endian u64 words, returning
 * the first 8 output bytes read big-endian: the Feistel round function of the SDR expander graph.
 * One compression of one block; only the first output word is finalised; the message block holds
 * two non-zero words, so each message word is picked as a, b or 0 rather than read from an
 * array (no allocation per call). Bouncy Castle's general Blake2bDigest is the oracle in tests.
 */
public final class Blake2b16 {
    private static final long[] IV = {
        0x6a09e667f3bcc908L, 0xbb67ae8584caa73bL, 0x3c6ef372fe94f82bL, 0xa54ff53a5f1d36f1L,
        0x510e527fade682d1L, 0x9b05688c2b3e6c1fL, 0x1f83d9abfb41bd6bL, 0x5be0cd19137e2179L,
    };
    private static final byte[][] SIGMA = {
        {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15},
        {14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3},
        {11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4},
        {7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8},
        {9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13},
        {2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9},
        {12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11},
        {13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10},
        {6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5},
        {10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0},
    };
    /** h[0] after the parameter block: digest length 64, no key, fanout 1, depth 1. */
    private static final long H0 = IV[0] ^ 0x01010040L;

    private Blake2b16() {
    }

    /** First 8 bytes (big-endian) of Blake2b-512(a BE || b BE). */
    public static long hash(long a, long b) {
        long m0 = Long.reverseBytes(a);
        long m1 = Long.reverseBytes(b);
        long v0 = H0, v1 = IV[1], v2 = IV[2], v3 = IV[3], v4 = IV[4], v5 = IV[5], v6 = IV[6], v7 = IV[7];
        long v8 = IV[0], v9 = IV[1], v10 = IV[2], v11 = IV[3];
        long v12 = IV[4] ^ 16, v13 = IV[5], v14 = ~IV[6], v15 = IV[7];
        for (int r = 0; r < 12; r++) {
            byte[] s = SIGMA[r % 10];
            // column step
            v0 += v4 + m(s[0], m0, m1); v12 = Long.rotateRight(v12 ^ v0, 32); v8 += v12; v4 = Long.rotateRight(v4 ^ v8, 24);
            v0 += v4 + m(s[1], m0, m1); v12 = Long.rotateRight(v12 ^ v0, 16); v8 += v12; v4 = Long.rotateRight(v4 ^ v8, 63);
            v1 += v5 + m(s[2], m0, m1); v13 = Long.rotateRight(v13 ^ v1, 32); v9 += v13; v5 = Long.rotateRight(v5 ^ v9, 24);
            v1 += v5 + m(s[3], m0, m1); v13 = Long.rotateRight(v13 ^ v1, 16); v9 += v13; v5 = Long.rotateRight(v5 ^ v9, 63);
            v2 += v6 + m(s[4], m0, m1); v14 = Long.rotateRight(v14 ^ v2, 32); v10 += v14; v6 = Long.rotateRight(v6 ^ v10, 24);
            v2 += v6 + m(s[5], m0, m1); v14 = Long.rotateRight(v14 ^ v2, 16); v10 += v14; v6 = Long.rotateRight(v6 ^ v10, 63);
            v3 += v7 + m(s[6], m0, m1); v15 = Long.rotateRight(v15 ^ v3, 32); v11 += v15; v7 = Long.rotateRight(v7 ^ v11, 24);
            v3 += v7 + m(s[7], m0, m1); v15 = Long.rotateRight(v15 ^ v3, 16); v11 += v15; v7 = Long.rotateRight(v7 ^ v11, 63);
            // diagonal step
            v0 += v5 + m(s[8], m0, m1); v15 = Long.rotateRight(v15 ^ v0, 32); v10 += v15; v5 = Long.rotateRight(v5 ^ v10, 24);
            v0 += v5 + m(s[9], m0, m1); v15 = Long.rotateRight(v15 ^ v0, 16); v10 += v15; v5 = Long.rotateRight(v5 ^ v10, 63);
            v1 += v6 + m(s[10], m0, m1); v12 = Long.rotateRight(v12 ^ v1, 32); v11 += v12; v6 = Long.rotateRight(v6 ^ v11, 24);
            v1 += v6 + m(s[11], m0, m1); v12 = Long.rotateRight(v12 ^ v1, 16); v11 += v12; v6 = Long.rotateRight(v6 ^ v11, 63);
            v2 += v7 + m(s[12], m0, m1); v13 = Long.rotateRight(v13 ^ v2, 32); v8 += v13; v7 = Long.rotateRight(v7 ^ v8, 24);
            v2 += v7 + m(s[13], m0, m1); v13 = Long.rotateRight(v13 ^ v2, 16); v8 += v13; v7 = Long.rotateRight(v7 ^ v8, 63);
            v3 += v4 + m(s[14], m0, m1); v14 = Long.rotateRight(v14 ^ v3, 32); v9 += v14; v4 = Long.rotateRight(v4 ^ v9, 24);
            v3 += v4 + m(s[15], m0, m1); v14 = Long.rotateRight(v14 ^ v3, 16); v9 += v14; v4 = Long.rotateRight(v4 ^ v9, 63);
        }
        return Long.reverseBytes(H0 ^ v0 ^ v8);
    }

    /** Message word {@code index} of the block: m0, m1, then zero padding. */
    private static long m(byte index, long m0, long m1) {
        return index == 0 ? m0 : index == 1 ? m1 : 0;
    }
}
