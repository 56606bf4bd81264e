package io.c2spark.core.gadgets;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.c2spark.core.field.Fr;
import io.c2spark.core.r1cs.CheckSystem;
import io.c2spark.core.r1cs.ConstraintSystem;
import io.c2spark.core.r1cs.Variable;
import io.c2spark.core.r1cs.Witness;
import io.c2spark.core.r1cs.WitnessSystem;
import java.util.Random;
import java.util.function.BiFunction;
import org.junit.jupiter.api.Test;

/**
 * The dedicated SHA-256 witness writer (what the witness mode runs) against the gadget in check mode
 * on the same inputs: the same output booleans (kind, variable and value), the same number of
 * variables and constraints, and the same value in every variable. Inputs mix variables, negated
 * variables and constants, so every case of the gadget's per-bit analysis is reached.
 */
class Sha256WitnessWriterTest {
    private static final long SEED = new Random().nextLong();

    /** How the message's bits are made: each a constant, a variable or a negated variable. */
    private enum Kinds {
        VARIABLES, MIXED, LEADING_CONSTANTS, CONSTANTS
    }

    /** Allocates the same message in any constraint system: same seed, same bits, same variables. */
    private static long[] message(ConstraintSystem cs, long seed, int bytes, Kinds kinds) {
        Random rnd = new Random(seed);
        long[] bits = new long[8 * bytes];
        for (int i = 0; i < bits.length; i++) {
            boolean v = rnd.nextBoolean();
            int kind = switch (kinds) {
                case VARIABLES -> 1;
                case MIXED -> rnd.nextInt(3);
                case LEADING_CONSTANTS -> i < 96 ? 0 : 1 + rnd.nextInt(2);
                case CONSTANTS -> 0;
            };
            bits[i] = switch (kind) {
                case 0 -> Bit.constant(v);
                case 1 -> Booleans.alloc(cs, v);
                default -> Bit.not(Booleans.alloc(cs, !v));
            };
        }
        return bits;
    }

    private static void assertSameWitness(BiFunction<ConstraintSystem, long[], long[]> sha, long seed, int bytes,
            Kinds kinds) {
        String what = "seed " + seed + ", " + bytes + " bytes, " + kinds;
        CheckSystem check = new CheckSystem();
        long[] expected = sha.apply(check, message(check, seed, bytes, kinds));
        assertTrue(check.isSatisfied(), () -> what + ": " + check.firstFailure());
        WitnessSystem ws = new WitnessSystem();
        long[] actual = sha.apply(ws, message(ws, seed, bytes, kinds));
        assertArrayEquals(expected, actual, what + ": output booleans");
        assertEquals(check.numConstraints(), ws.numConstraints(), what + ": constraints");
        Witness w = ws.finish();
        assertEquals(check.numAux(), w.numAux(), what + ": variables");
        assertEquals(0, w.tailSize(), what);
        long[] a = new long[Fr.LIMBS];
        long[] b = new long[Fr.LIMBS];
        for (int j = 0; j < w.numAux(); j++) {
            check.value(Variable.aux(j), a, 0);
            w.value(Variable.aux(j), b, 0);
            if (!Fr.equal(a, 0, b, 0)) {
                throw new AssertionError(what + ": aux " + j + " differs");
            }
        }
    }

    @Test
    void paddedHashesMatchCheckMode() {
        Random rnd = new Random(SEED);
        for (Kinds kinds : Kinds.values()) {
            for (int bytes : new int[] {0, 1, 32, 55, 56, 64, 100, 128}) {
                assertSameWitness(Sha256Gadget::hash, rnd.nextLong(), bytes, kinds);
            }
        }
    }

    @Test
    void singleBlocksMatchCheckMode() {
        Random rnd = new Random(SEED);
        for (Kinds kinds : Kinds.values()) {
            for (int i = 0; i < 4; i++) {
                assertSameWitness(Sha256Gadget::blockNoPadding, rnd.nextLong(), 64, kinds);
            }
        }
    }

    /** A label's message: 1248 bytes, as the PoRep circuit hashes 11 times per challenge. */
    @Test
    void labelSizedMessageMatchesCheckMode() {
        assertSameWitness(Sha256Gadget::hash, SEED, 39 * 32, Kinds.MIXED);
    }
}
