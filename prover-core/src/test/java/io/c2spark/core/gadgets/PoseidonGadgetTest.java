package io.c2spark.core.gadgets;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.c2spark.core.field.Fr;
import io.c2spark.core.poseidon.Poseidon;
import io.c2spark.core.r1cs.CheckSystem;
import io.c2spark.core.r1cs.CountSystem;
import java.math.BigInteger;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * neptune's Poseidon circuit against the native Poseidon, and Poseidon Merkle inclusion against the
 * constraint counts pinned in storage-proofs-core tests/por_circuit.rs (64 leaves per base tree).
 */
class PoseidonGadgetTest {
    private static final Random RND = new Random();

    private static long[] randomFr() {
        long[] v = new long[Fr.LIMBS];
        Fr.random(RND, v, 0);
        return v;
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 4, 8, 11})
    void circuitHashEqualsNativeHash(int arity) {
        long[] in = new long[arity * Fr.LIMBS];
        CheckSystem cs = new CheckSystem();
        Num[] nums = new Num[arity];
        for (int i = 0; i < arity; i++) {
            long[] v = randomFr();
            System.arraycopy(v, 0, in, i * Fr.LIMBS, Fr.LIMBS);
            nums[i] = Num.alloc(cs, v);
        }
        Num out = PoseidonGadget.hash(cs, nums);
        assertTrue(cs.isSatisfied(), cs::firstFailure);
        long[] want = new long[Fr.LIMBS];
        new Poseidon(arity).hash(in, 0, want, 0);
        assertArrayEquals(want, out.value());
        CountSystem count = new CountSystem();
        Num[] blanks = new Num[arity];
        for (int i = 0; i < arity; i++) {
            blanks[i] = Num.alloc(count, new long[Fr.LIMBS]);
        }
        PoseidonGadget.hash(count, blanks);
        assertEquals(cs.numConstraints(), count.numConstraints(), "count mode agrees with check mode");
    }

    /** A Poseidon tree: level arities from the leaves up; returns every level's nodes. */
    private static long[][][] tree(long[][] leaves, int[] arities) {
        long[][][] levels = new long[arities.length + 1][][];
        levels[0] = leaves;
        for (int l = 0; l < arities.length; l++) {
            int a = arities[l];
            Poseidon h = new Poseidon(a);
            levels[l + 1] = new long[levels[l].length / a][];
            for (int i = 0; i < levels[l + 1].length; i++) {
                long[] in = new long[a * Fr.LIMBS];
                for (int k = 0; k < a; k++) {
                    System.arraycopy(levels[l][a * i + k], 0, in, k * Fr.LIMBS, Fr.LIMBS);
                }
                long[] out = new long[Fr.LIMBS];
                h.hash(in, 0, out, 0);
                levels[l + 1][i] = out;
            }
        }
        return levels;
    }

    @ParameterizedTest(name = "base {0}, sub {1}, top {2}: {3} constraints")
    @CsvSource({"2,0,0,1887", "4,0,0,1164", "8,0,0,1063", "8,2,0,1377", "8,8,0,1593", "8,8,2,1907", "8,4,2,1764"})
    void poseidonPorMatchesUpstreamCounts(int base, int sub, int top, int constraints) {
        int baseLevels = Integer.numberOfTrailingZeros(64) / Integer.numberOfTrailingZeros(base);
        int subLevels = sub == 0 ? 0 : 1;
        int topLevels = top == 0 ? 0 : 1;
        int[] arities = new int[baseLevels + subLevels + topLevels];
        java.util.Arrays.fill(arities, 0, baseLevels, base);
        if (sub > 0) {
            arities[baseLevels] = sub;
        }
        if (top > 0) {
            arities[baseLevels + subLevels] = top;
        }
        int leaves = 64 * (sub == 0 ? 1 : sub) * (top == 0 ? 1 : top);
        long[][] data = new long[leaves][];
        for (int i = 0; i < leaves; i++) {
            data[i] = randomFr();
        }
        long[][][] t = tree(data, arities);
        int challenge = RND.nextInt(leaves);
        int[] indices = new int[arities.length];
        long[][] siblings = new long[arities.length][];
        for (int l = 0, node = challenge; l < arities.length; l++) {
            int a = arities[l];
            indices[l] = node % a;
            siblings[l] = new long[(a - 1) * Fr.LIMBS];
            int first = node - node % a;
            for (int k = 0, s = 0; k < a; k++) {
                if (first + k != node) {
                    System.arraycopy(t[l][first + k], 0, siblings[l], s++ * Fr.LIMBS, Fr.LIMBS);
                }
            }
            node /= a;
        }
        AuthPath path = new AuthPath(arities, indices, siblings, baseLevels, subLevels);
        CheckSystem cs = new CheckSystem();
        Num value;
        try (var ns = cs.namespace(() -> "value")) {
            value = Num.alloc(cs, data[challenge]);
        }
        Num computed = PorGadget.computeRoot(cs, PoseidonCircuitHasher.INSTANCE, value, path);
        Num root;
        try (var ns = cs.namespace(() -> "root_value")) {
            root = Num.alloc(cs, t[arities.length][0]);
        }
        Num.enforceEqual(cs, "enforce root is correct", computed, root);
        root.inputize(cs);
        assertTrue(cs.isSatisfied(), cs::firstFailure);
        assertEquals(constraints, cs.numConstraints());
        assertEquals(3, cs.numInputs());
        assertEquals(BigInteger.valueOf(challenge), Fr.toBigInteger(cs.inputValues(), Fr.LIMBS));

        CheckSystem bad = new CheckSystem();
        long[] wrong = data[challenge].clone();
        wrong[0] ^= 1;
        Num badLeaf = Num.alloc(bad, wrong);
        Num badRoot = Num.alloc(bad, t[arities.length][0]);
        PorGadget.enforceInclusion(bad, PoseidonCircuitHasher.INSTANCE, path, badRoot, badLeaf);
        assertFalse(bad.isSatisfied());
    }
}
