package io.c2spark.core.porep.hash;

/**
 * rand_chacha's ChaCha8Rng as rust-fil-proofs seeds it (drgraph.rs): ChaCha with 8 rounds, the
 * 32-byte seed as key, stream (nonce) 0, 64-bit block counter from 0; {@code next_u64} reads two
 * consecutive little-endian u32 keystream words, low word first. Only whole u64 reads are offered,
 * so rand_core's half-consumed-block case never arises. Not thread-safe: one instance per thread,
 * reseeded per node.
 */
public final class ChaCha8Rng {
    private static final int ROUNDS = 8;
    private final int[] key = new int[8];
    private final int[] block = new int[16];
    private long counter;
    private int index = 16;

    public ChaCha8Rng() {
    }

    public ChaCha8Rng(byte[] seed) {
        reseed(seed);
    }

    public void reseed(byte[] seed) {
        if (seed.length != 32) {
            throw new IllegalArgumentException("ChaCha8 seed has 32 bytes, got " + seed.length);
        }
        for (int i = 0; i < 8; i++) {
            key[i] = (seed[4 * i] & 0xFF) | (seed[4 * i + 1] & 0xFF) << 8
                    | (seed[4 * i + 2] & 0xFF) << 16 | (seed[4 * i + 3] & 0xFF) << 24;
        }
        counter = 0;
        index = 16;
    }

    /** Seeds with 7 key words given directly and an eighth word, as the DRG's seed || node. */
    public void reseed(int[] key7, int word7) {
        System.arraycopy(key7, 0, key, 0, 7);
        key[7] = word7;
        counter = 0;
        index = 16;
    }

    public long nextLong() {
        if (index >= 16) {
            refill();
        }
        long lo = block[index] & 0xFFFFFFFFL;
        long hi = block[index + 1] & 0xFFFFFFFFL;
        index += 2;
        return lo | hi << 32;
    }

    private void refill() {
        int x0 = 0x61707865, x1 = 0x3320646e, x2 = 0x79622d32, x3 = 0x6b206574;
        int x4 = key[0], x5 = key[1], x6 = key[2], x7 = key[3];
        int x8 = key[4], x9 = key[5], x10 = key[6], x11 = key[7];
        int x12 = (int) counter, x13 = (int) (counter >>> 32), x14 = 0, x15 = 0;
        for (int r = 0; r < ROUNDS; r += 2) {
            x0 += x4; x12 = Integer.rotateLeft(x12 ^ x0, 16); x8 += x12; x4 = Integer.rotateLeft(x4 ^ x8, 12);
            x0 += x4; x12 = Integer.rotateLeft(x12 ^ x0, 8); x8 += x12; x4 = Integer.rotateLeft(x4 ^ x8, 7);
            x1 += x5; x13 = Integer.rotateLeft(x13 ^ x1, 16); x9 += x13; x5 = Integer.rotateLeft(x5 ^ x9, 12);
            x1 += x5; x13 = Integer.rotateLeft(x13 ^ x1, 8); x9 += x13; x5 = Integer.rotateLeft(x5 ^ x9, 7);
            x2 += x6; x14 = Integer.rotateLeft(x14 ^ x2, 16); x10 += x14; x6 = Integer.rotateLeft(x6 ^ x10, 12);
            x2 += x6; x14 = Integer.rotateLeft(x14 ^ x2, 8); x10 += x14; x6 = Integer.rotateLeft(x6 ^ x10, 7);
            x3 += x7; x15 = Integer.rotateLeft(x15 ^ x3, 16); x11 += x15; x7 = Integer.rotateLeft(x7 ^ x11, 12);
            x3 += x7; x15 = Integer.rotateLeft(x15 ^ x3, 8); x11 += x15; x7 = Integer.rotateLeft(x7 ^ x11, 7);
            x0 += x5; x15 = Integer.rotateLeft(x15 ^ x0, 16); x10 += x15; x5 = Integer.rotateLeft(x5 ^ x10, 12);
            x0 += x5; x15 = Integer.rotateLeft(x15 ^ x0, 8); x10 += x15; x5 = Integer.rotateLeft(x5 ^ x10, 7);
            x1 += x6; x12 = Integer.rotateLeft(x12 ^ x1, 16); x11 += x12; x6 = Integer.rotateLeft(x6 ^ x11, 12);
            x1 += x6; x12 = Integer.rotateLeft(x12 ^ x1, 8); x11 += x12; x6 = Integer.rotateLeft(x6 ^ x11, 7);
            x2 += x7; x13 = Integer.rotateLeft(x13 ^ x2, 16); x8 += x13; x7 = Integer.rotateLeft(x7 ^ x8, 12);
            x2 += x7; x13 = Integer.rotateLeft(x13 ^ x2, 8); x8 += x13; x7 = Integer.rotateLeft(x7 ^ x8, 7);
            x3 += x4; x14 = Integer.rotateLeft(x14 ^ x3, 16); x9 += x14; x4 = Integer.rotateLeft(x4 ^ x9, 12);
            x3 += x4; x14 = Integer.rotateLeft(x14 ^ x3, 8); x9 += x14; x4 = Integer.rotateLeft(x4 ^ x9, 7);
        }
        block[0] = x0 + 0x61707865; block[1] = x1 + 0x3320646e; block[2] = x2 + 0x79622d32; block[3] = x3 + 0x6b206574;
        block[4] = x4 + key[0]; block[5] = x5 + key[1]; block[6] = x6 + key[2]; block[7] = x7 + key[3];
        block[8] = x8 + key[4]; block[9] = x9 + key[5]; block[10] = x10 + key[6]; block[11] = x11 + key[7];
        block[12] = x12 + (int) counter; block[13] = x13 + (int) (counter >>> 32); block[14] = x14; block[15] = x15;
        counter++;
        index = 0;
    }
}
