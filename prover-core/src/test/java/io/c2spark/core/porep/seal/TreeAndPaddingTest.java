package io.c2spark.core.porep.seal;

import static org.junit.jupiter.api.Assertions.*;

import io.c2spark.core.porep.vanilla.proof.MerkleProof;
import io.c2spark.core.porep.vanilla.proof.TreeShape;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Random;
import org.junit.jupiter.api.Test;

class TreeAndPaddingTest {
    /** rfp filecoin-proofs/tests/pieces.rs test_compute_comm_d_empty. */
    @Test
    void emptySectorCommD() {
        byte[] expected2k = new byte[] {(byte) 252, 126, (byte) 146, (byte) 130, (byte) 150, (byte) 229, 22, (byte) 250,
            (byte) 173, (byte) 233, (byte) 134, (byte) 178, (byte) 143, (byte) 146, (byte) 212, 74, 79, 36, (byte) 185,
            53, 72, 82, 35, 55, 106, 121, (byte) 144, 39, (byte) 188, 24, (byte) 248, 51};
        assertArrayEquals(expected2k, MerkleTree.sha256Binary(new byte[2048]).root());
        assertEquals("3731bb99ac689f66eef5973e4a94da188f4ddcae580724fc6f3fd60dfd488333",
                HexFormat.of().formatHex(MerkleTree.sha256Binary(new byte[128]).root()));
    }

    @Test
    void fr32PadsEvery254BitsAndRoundTrips() {
        Random rnd = new Random();
        byte[] raw = new byte[127 * 5];
        rnd.nextBytes(raw);
        byte[] padded = Fr32.pad(raw);
        assertEquals(128 * 5, padded.length);
        BigInteger rawBits = new BigInteger(1, reverse(Arrays.copyOf(raw, 127)));
        for (int k = 0; k < 4; k++) {
            BigInteger chunk = new BigInteger(1, reverse(Arrays.copyOfRange(padded, 32 * k, 32 * k + 32)));
            BigInteger expected = rawBits.shiftRight(254 * k).and(BigInteger.ONE.shiftLeft(254).subtract(BigInteger.ONE));
            assertEquals(expected, chunk, "chunk " + k);
        }
        assertArrayEquals(raw, Fr32.unpad(padded));
        byte[] ones = new byte[127];
        Arrays.fill(ones, (byte) 0xFF);
        byte[] p = Fr32.pad(ones);
        for (int k = 0; k < 4; k++) {
            assertEquals(0x3F, p[32 * k + 31] & 0xFF);
        }
        assertThrows(IllegalArgumentException.class, () -> Fr32.pad(new byte[128]));
    }

    @Test
    void poseidonTreesProveEveryShape() {
        Random rnd = new Random();
        for (TreeShape shape : new TreeShape[] {TreeShape.single(8, 2), new TreeShape(8, 2, 8, 0),
            new TreeShape(8, 2, 8, 2), new TreeShape(8, 2, 4, 0), TreeShape.single(2, 6)}) {
            int leaves = (int) shape.leaves();
            byte[] data = new byte[32 * leaves];
            rnd.nextBytes(data);
            for (int i = 0; i < leaves; i++) {
                data[32 * i + 31] &= 0x3F;
            }
            MerkleTree tree = MerkleTree.poseidon(shape, data);
            for (long idx : new long[] {0, 1, leaves / 2 + 3, leaves - 1, rnd.nextInt(leaves)}) {
                MerkleProof p = tree.proof(idx);
                assertArrayEquals(tree.root(), MerkleTree.computeRoot(p, NodeHasher.POSEIDON), shape + " leaf " + idx);
                assertEquals(idx, p.leafIndex());
                assertArrayEquals(tree.leaf(idx), p.leaf());
            }
        }
    }

    @Test
    void shaTreeProofsAndTampering() {
        byte[] data = new byte[32 * 64];
        new Random().nextBytes(data);
        for (int i = 0; i < 64; i++) {
            data[32 * i + 31] &= 0x3F;
        }
        MerkleTree tree = MerkleTree.sha256Binary(data);
        MerkleProof p = tree.proof(37);
        assertEquals(6, p.shape().levels());
        assertEquals(37, p.leafIndex());
        assertArrayEquals(tree.root(), MerkleTree.computeRoot(p, NodeHasher.SHA256));
        MerkleProof bad = new MerkleProof(p.shape(), p.root(), tree.leaf(36), p.siblings(), p.indices());
        assertFalse(Arrays.equals(tree.root(), MerkleTree.computeRoot(bad, NodeHasher.SHA256)));
    }

    private static byte[] reverse(byte[] b) {
        byte[] r = new byte[b.length];
        for (int i = 0; i < b.length; i++) {
            r[i] = b[b.length - 1 - i];
        }
        return r;
    }
}
