package io.c2spark.core.gadgets;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.c2spark.core.field.Fr;
import io.c2spark.core.r1cs.CheckSystem;
import io.c2spark.core.r1cs.ConstraintSystem;
import java.math.BigInteger;
import java.security.MessageDigest;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The SHA-256 Merkle inclusion (PoR) and label gadgets against native SHA-256 and the constraint
 * counts pinned upstream: storage-proofs-core tests/por_circuit.rs test_por_circuit_sha256_base_2
 * (64 leaves: 272,295 constraints, 3 inputs) and storage-proofs-porep create_label.rs
 * test_create_label (532,025 constraints with 38 x 256 allocated input bits).
 */
class MerkleAndLabelGadgetTest {
    private static final Random RND = new Random();

    /** A random field element whose little-endian bytes are its Filecoin domain encoding. */
    private static byte[] randomDomain() {
        long[] v = new long[Fr.LIMBS];
        Fr.random(RND, v, 0);
        byte[] b = new byte[32];
        Fr.FIELD.toBytesLE(v, 0, b, 0);
        return b;
    }

    private static long[] fr(byte[] le) {
        long[] v = new long[Fr.LIMBS];
        assertTrue(Fr.FIELD.fromBytesLE(le, 0, v, 0));
        return v;
    }

    private static byte[] sha256Trunc(byte[]... parts) throws Exception {
        MessageDigest md = MessageDigest.getInstance("SHA-256");
        for (byte[] p : parts) {
            md.update(p);
        }
        byte[] d = md.digest();
        d[31] &= 0x3F;
        return d;
    }

    @Test
    void sha256PorCircuitOn64LeavesMatchesUpstreamCount() throws Exception {
        int leaves = 64;
        byte[][][] tree = new byte[7][][];
        tree[0] = new byte[leaves][];
        for (int i = 0; i < leaves; i++) {
            tree[0][i] = randomDomain();
        }
        for (int l = 1; l < 7; l++) {
            tree[l] = new byte[tree[l - 1].length / 2][];
            for (int i = 0; i < tree[l].length; i++) {
                tree[l][i] = sha256Trunc(tree[l - 1][2 * i], tree[l - 1][2 * i + 1]);
            }
        }
        int challenge = RND.nextInt(leaves);
        int[] arities = new int[6];
        int[] indices = new int[6];
        long[][] siblings = new long[6][];
        for (int l = 0, node = challenge; l < 6; l++, node >>= 1) {
            arities[l] = 2;
            indices[l] = node & 1;
            siblings[l] = fr(tree[l][node ^ 1]);
        }
        AuthPath path = new AuthPath(arities, indices, siblings, 6, 0);

        CheckSystem cs = new CheckSystem();
        Num value;
        try (var ns = cs.namespace(() -> "value")) {
            value = Num.alloc(cs, fr(tree[0][challenge]));
        }
        Num computed = PorGadget.computeRoot(cs, Sha256CircuitHasher.INSTANCE, value, path);
        Num root;
        try (var ns = cs.namespace(() -> "root_value")) {
            root = Num.alloc(cs, fr(tree[6][0]));
        }
        Num.enforceEqual(cs, "enforce root is correct", computed, root);
        try (var ns = cs.namespace(() -> "root")) {
            root.inputize(cs);
        }
        assertTrue(cs.isSatisfied(), cs::firstFailure);
        assertArrayEquals(fr(tree[6][0]), computed.value());
        assertEquals(272_295, cs.numConstraints());
        assertEquals(3, cs.numInputs());
        BigInteger packedPath = Fr.toBigInteger(cs.inputValues(), Fr.LIMBS);
        assertEquals(BigInteger.valueOf(challenge), packedPath, "the path's index bits pack to the challenge");
    }

    @Test
    void wrongSiblingIsRejected() {
        int[] arities = {2, 2};
        int[] indices = {1, 0};
        long[][] siblings = {fr(randomDomain()), fr(randomDomain())};
        CheckSystem cs = new CheckSystem();
        Num leaf = Num.alloc(cs, fr(randomDomain()));
        Num root = Num.alloc(cs, fr(randomDomain()));
        PorGadget.enforceInclusion(cs, Sha256CircuitHasher.INSTANCE, new AuthPath(arities, indices, siblings, 2, 0),
                root, leaf);
        assertFalse(cs.isSatisfied());
        assertTrue(cs.firstFailure().contains("enforce root is correct"), cs.firstFailure());
    }

    private static long[] allocBytesBe(ConstraintSystem cs, byte[] data) {
        long[] bits = new long[data.length * 8];
        for (int i = 0; i < data.length; i++) {
            for (int j = 0; j < 8; j++) {
                bits[8 * i + j] = Booleans.alloc(cs, ((data[i] >> (7 - j)) & 1) != 0);
            }
        }
        return bits;
    }

    @Test
    void labelMatchesNativeHashAndUpstreamCount() throws Exception {
        CheckSystem cs = new CheckSystem();
        byte[][] parentBytes = new byte[37][];
        long[][] parents = new long[37][];
        for (int i = 0; i < 37; i++) {
            parentBytes[i] = randomDomain();
            parents[i] = allocBytesBe(cs, parentBytes[i]);
        }
        byte[] id = randomDomain();
        long[] idBits = allocBytesBe(cs, id);
        int layer = 3;
        long node = 22;
        Num label = LabelGadget.createLabel(cs, idBits, parents, UInt32.constant(layer), UInt64.constant(node));
        assertTrue(cs.isSatisfied(), cs::firstFailure);
        assertEquals(532_025, cs.numConstraints());

        byte[] header = new byte[32];
        java.nio.ByteBuffer.wrap(header).putInt(layer).putLong(node);
        byte[][] parts = new byte[39][];
        parts[0] = id;
        parts[1] = header;
        System.arraycopy(parentBytes, 0, parts, 2, 37);
        assertArrayEquals(fr(sha256Trunc(parts)), label.value());
    }
}
