package io.c2spark.core.porep.hash;

import static org.junit.jupiter.api.Assertions.*;

import java.util.Random;
import org.bouncycastle.crypto.digests.Blake2bDigest;
import org.junit.jupiter.api.Test;

class Blake2b16Test {
    @Test
    void equalsBouncyCastleBlake2b512() {
        Random rnd = new Random();
        long[] edge = {0, -1, 1, Long.MIN_VALUE};
        for (int trial = 0; trial < 200; trial++) {
            long a = trial < 4 ? edge[trial] : rnd.nextLong();
            long b = trial < 4 ? edge[3 - trial] : rnd.nextLong();
            byte[] in = new byte[16];
            for (int j = 0; j < 8; j++) {
                in[j] = (byte) (a >>> (56 - 8 * j));
                in[8 + j] = (byte) (b >>> (56 - 8 * j));
            }
            Blake2bDigest bc = new Blake2bDigest(512);
            bc.update(in, 0, 16);
            byte[] out = new byte[64];
            bc.doFinal(out, 0);
            long expected = 0;
            for (int j = 0; j < 8; j++) {
                expected = (expected << 8) | (out[j] & 0xFF);
            }
            assertEquals(expected, Blake2b16.hash(a, b));
        }
    }
}
