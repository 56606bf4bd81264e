package io.c2spark.core.porep.hash;

import static org.junit.jupiter.api.Assertions.*;

import java.util.Random;
import org.bouncycastle.crypto.engines.ChaChaEngine;
import org.bouncycastle.crypto.params.KeyParameter;
import org.bouncycastle.crypto.params.ParametersWithIV;
import org.junit.jupiter.api.Test;

class ChaCha8RngTest {
    /** Our core against Bouncy Castle's 8-round ChaCha with a zero 64-bit nonce, over several blocks. */
    @Test
    void keystreamMatchesBouncyCastle() {
        Random rnd = new Random();
        for (int trial = 0; trial < 20; trial++) {
            byte[] seed = new byte[32];
            rnd.nextBytes(seed);
            ChaChaEngine bc = new ChaChaEngine(8);
            bc.init(true, new ParametersWithIV(new KeyParameter(seed), new byte[8]));
            byte[] zeros = new byte[8 * 40];
            byte[] ks = new byte[zeros.length];
            bc.processBytes(zeros, 0, zeros.length, ks, 0);
            ChaCha8Rng ours = new ChaCha8Rng(seed);
            for (int i = 0; i < 40; i++) {
                long expected = 0;
                for (int j = 7; j >= 0; j--) {
                    expected = (expected << 8) | (ks[8 * i + j] & 0xFF);
                }
                assertEquals(expected, ours.nextLong(), "u64 " + i);
            }
        }
    }

    @Test
    void reseedWithWordsEqualsReseedWithBytes() {
        byte[] seed = new byte[32];
        new Random().nextBytes(seed);
        int[] words = new int[7];
        for (int i = 0; i < 7; i++) {
            words[i] = (seed[4 * i] & 0xFF) | (seed[4 * i + 1] & 0xFF) << 8 | (seed[4 * i + 2] & 0xFF) << 16
                    | (seed[4 * i + 3] & 0xFF) << 24;
        }
        int w7 = (seed[28] & 0xFF) | (seed[29] & 0xFF) << 8 | (seed[30] & 0xFF) << 16 | (seed[31] & 0xFF) << 24;
        ChaCha8Rng a = new ChaCha8Rng(seed);
        ChaCha8Rng b = new ChaCha8Rng();
        b.reseed(words, w7);
        for (int i = 0; i < 20; i++) {
            assertEquals(a.nextLong(), b.nextLong());
        }
    }
}
