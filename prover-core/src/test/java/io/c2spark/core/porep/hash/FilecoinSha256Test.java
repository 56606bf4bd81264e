package io.c2spark.core.porep.hash;

import static org.junit.jupiter.api.Assertions.*;

import java.util.Arrays;
import java.util.HexFormat;
import java.util.Random;
import org.bouncycastle.crypto.digests.SHA256Digest;
import org.junit.jupiter.api.Test;

import io.c2spark.core.field.FrBytes;

class FilecoinSha256Test {
    @Test
    void truncatesTheTopTwoBitsOfAStandardDigest() {
        // SHA-256("abc") = ba7816bf...f20015ad (FIPS 180-2); the last byte 0xad becomes 0x2d.
        byte[] h = FilecoinSha256.hash("abc".getBytes());
        assertEquals("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f200152d", HexFormat.of().formatHex(h));
    }

    @Test
    void nodeHashEqualsBouncyCastleTruncated() {
        Random rnd = new Random();
        byte[] src = new byte[96];
        rnd.nextBytes(src);
        byte[] dst = new byte[40];
        FilecoinSha256.node(src, 0, 64, dst, 8);
        SHA256Digest bc = new SHA256Digest();
        bc.update(src, 0, 32);
        bc.update(src, 64, 32);
        byte[] e = new byte[32];
        bc.doFinal(e, 0);
        e[31] &= 0x3F;
        assertArrayEquals(e, Arrays.copyOfRange(dst, 8, 40));
        assertTrue(FrBytes.isCanonical(dst, 8));
    }
}
