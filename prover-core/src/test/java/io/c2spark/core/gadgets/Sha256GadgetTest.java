package io.c2spark.core.gadgets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.c2spark.core.field.Fr;
import io.c2spark.core.r1cs.CheckSystem;
import io.c2spark.core.r1cs.ConstraintSystem;
import io.c2spark.core.r1cs.CountSystem;
import io.c2spark.core.r1cs.Variable;
import io.c2spark.core.r1cs.Witness;
import io.c2spark.core.r1cs.WitnessSystem;
import java.security.MessageDigest;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The SHA-256 gadget against the JDK's SHA-256 and against bellpepper's pinned constraint counts
 * (gadgets/sha256.rs tests: 25840 for one compression, 44874 for a padded 512-bit message, both
 * on top of the 512 allocated input bits).
 */
class Sha256GadgetTest {
    private static long[] allocBits(ConstraintSystem cs, byte[] data) {
        long[] bits = new long[data.length * 8];
        for (int i = 0; i < data.length; i++) {
            for (int j = 0; j < 8; j++) {
                int k = 8 * i + j;
                try (var ns = cs.namespace(() -> "input bit " + k)) {
                    bits[k] = Booleans.alloc(cs, ((data[i] >> (7 - j)) & 1) != 0);
                }
            }
        }
        return bits;
    }

    private static byte[] bytesOf(long[] bits) {
        byte[] out = new byte[bits.length / 8];
        for (int i = 0; i < bits.length; i++) {
            if (Bit.value(bits[i])) {
                out[i / 8] |= (byte) (0x80 >>> (i % 8));
            }
        }
        return out;
    }

    @Test
    void compressionOfAllocatedBlockHasBellpeppersCount() {
        CountSystem count = new CountSystem();
        byte[] block = new byte[64];
        new Random().nextBytes(block);
        Sha256Gadget.blockNoPadding(count, allocBits(count, block));
        assertEquals(512 + 25840, count.numConstraints());
    }

    @Test
    void paddedHashOfAllocatedBlockHasBellpeppersCount() {
        CountSystem count = new CountSystem();
        byte[] block = new byte[64];
        Sha256Gadget.hash(count, allocBits(count, block));
        assertEquals(512 + 44874, count.numConstraints());
    }

    @Test
    void constantInputCostsNothing() {
        CountSystem count = new CountSystem();
        long[] bits = new long[512];
        java.util.Arrays.fill(bits, Bit.FALSE);
        bits[0] = Bit.TRUE;
        long[] out = Sha256Gadget.blockNoPadding(count, bits);
        assertEquals(0, count.numConstraints());
        assertEquals("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
                java.util.HexFormat.of().formatHex(bytesOf(out)));
    }

    @Test
    void hashMatchesJdkAndSatisfiesEveryConstraint() throws Exception {
        Random rnd = new Random();
        for (int len : new int[] {0, 1, 3, 31, 32, 55, 56, 64, 100, 200}) {
            byte[] data = new byte[len];
            rnd.nextBytes(data);
            CheckSystem cs = new CheckSystem();
            long[] out = Sha256Gadget.hash(cs, allocBits(cs, data));
            assertTrue(cs.isSatisfied(), () -> "unsatisfied: " + cs.firstFailure());
            byte[] want = MessageDigest.getInstance("SHA-256").digest(data);
            assertEquals(java.util.HexFormat.of().formatHex(want), java.util.HexFormat.of().formatHex(bytesOf(out)),
                    "length " + len);
            for (long b : out) {
                if (!Bit.isConstant(b)) {
                    long[] v = new long[Fr.LIMBS];
                    cs.value(Bit.variable(b), v, 0);
                    boolean varValue = !Fr.isZero(v, 0);
                    assertEquals(Bit.value(b), Bit.isIs(b) == varValue, "output bit value disagrees with its variable");
                }
            }
        }
    }

    @Test
    void witnessModeAgreesWithCheckModeAndKeepsBitsInTheBitmap() {
        byte[] data = new byte[64];
        new Random().nextBytes(data);
        CheckSystem check = new CheckSystem();
        Sha256Gadget.hash(check, allocBits(check, data));
        WitnessSystem ws = new WitnessSystem();
        Sha256Gadget.hash(ws, allocBits(ws, data));
        Witness w = ws.finish();
        assertEquals(check.numAux(), w.numAux());
        assertEquals(0, w.tailSize(), "every SHA-256 variable is a bit");
        long[] a = new long[Fr.LIMBS];
        long[] b = new long[Fr.LIMBS];
        for (int i = 0; i < w.numAux(); i++) {
            check.value(Variable.aux(i), a, 0);
            w.value(Variable.aux(i), b, 0);
            assertTrue(Fr.equal(a, 0, b, 0), "aux " + i);
        }
    }

    @Test
    void aFlippedBitIsCaughtAndNamed() {
        byte[] data = new byte[32];
        new Random().nextBytes(data);
        CheckSystem cs = new CheckSystem();
        ConstraintSystem flipping = new FlippingSystem(cs, 5000);
        Sha256Gadget.hash(flipping, allocBits(flipping, data));
        assertFalse(cs.isSatisfied());
        assertTrue(cs.firstFailure().contains("block 0"), cs.firstFailure());
    }

    /** Forwards to a check system, flipping the value of the n-th allocated bit. */
    private static final class FlippingSystem implements ConstraintSystem {
        private final CheckSystem cs;
        private final int flipAt;
        private int bits;

        FlippingSystem(CheckSystem cs, int flipAt) {
            this.cs = cs;
            this.flipAt = flipAt;
        }

        public boolean hasValues() {
            return true;
        }

        public int allocate(long[] value, int off) {
            return cs.allocate(value, off);
        }

        public int allocateBit(boolean value) {
            return cs.allocateBit(++bits == flipAt ? !value : value);
        }

        public int allocateInput(long[] value, int off) {
            return cs.allocateInput(value, off);
        }

        public void enforce(java.util.function.Supplier<String> name, io.c2spark.core.r1cs.LcBuilder a,
                io.c2spark.core.r1cs.LcBuilder b, io.c2spark.core.r1cs.LcBuilder c) {
            cs.enforce(name, a, b, c);
        }

        public void pushNamespace(java.util.function.Supplier<String> name) {
            cs.pushNamespace(name);
        }

        public void popNamespace() {
            cs.popNamespace();
        }

        public int numInputs() {
            return cs.numInputs();
        }

        public int numAux() {
            return cs.numAux();
        }

        public int numConstraints() {
            return cs.numConstraints();
        }
    }
}
