package io.c2spark.core.r1cs;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.c2spark.core.field.Fr;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** Every mode on the same circuits: same counts and values; shape rows against a BigInteger model. */
class ConstraintSystemModesTest {
    private static final long SEED = new Random().nextLong();

    private static List<Circuit> circuits() {
        Random rnd = new Random(SEED);
        List<Circuit> list = new ArrayList<>();
        list.add(TestCircuits.cubic(3, 35));
        long x = rnd.nextInt(1_000_000);
        list.add(TestCircuits.cubic(x, cubicOf(x)));
        list.add(TestCircuits.bits32(rnd.nextInt(), -1));
        list.add(TestCircuits.bits32(0xFFFFFFFFL, -1));
        for (int i = 0; i < 6; i++) {
            list.add(TestCircuits.random(rnd.nextLong(), 1 + rnd.nextInt(300), -1));
        }
        return list;
    }

    private static long cubicOf(long x) {
        return x * x * x + x + 5;
    }

    @Test
    void modesAgreeOnCountsValuesAndBits() {
        for (Circuit circuit : circuits()) {
            String seed = "seed " + SEED;
            CheckSystem check = CheckSystem.of(circuit);
            assertTrue(check.isSatisfied(), () -> seed + ": " + check.firstFailure());
            Witness witness = WitnessSystem.of(circuit);
            R1csShape shape = ShapeSystem.of(circuit, false);
            CountSystem count = CountSystem.of(circuit, false);

            assertEquals(check.numInputs(), witness.numInputs(), seed);
            assertEquals(check.numInputs(), shape.numInputs(), seed);
            assertEquals(check.numInputs(), count.numInputs(), seed);
            assertEquals(check.numAux(), witness.numAux(), seed);
            assertEquals(check.numAux(), shape.numAux(), seed);
            assertEquals(check.numAux(), count.numAux(), seed);
            assertEquals(check.numConstraints(), shape.numConstraints(), seed);
            assertEquals(check.numConstraints(), count.numConstraints(), seed);
            assertEquals(shape.a().nonZeros(), count.nonZerosA(), seed);
            assertEquals(shape.b().nonZeros(), count.nonZerosB(), seed);
            assertEquals(shape.c().nonZeros(), count.nonZerosC(), seed);
            assertEquals(shape.numBits(), count.numBits(), seed);

            assertArrayEquals(check.inputValues(), witness.inputs(), seed);
            assertArrayEquals(check.auxValues(), witness.denseAux(), seed);
            assertEquals(shape.numAux() - shape.numBits(), witness.tailSize(), seed);
            long[] one = new long[4];
            for (int j = 0; j < shape.numAux(); j++) {
                assertEquals(check.isBit(j), shape.isBit(j), seed);
                if (shape.isBit(j)) {
                    check.value(j, one, 0);
                    assertEquals(!Fr.isZero(one, 0), GrowableBitmap.get(witness.bits(), j), seed);
                } else {
                    assertFalse(GrowableBitmap.get(witness.bits(), j), seed);
                }
                long[] w = new long[4];
                witness.value(j, w, 0);
                check.value(j, one, 0);
                assertArrayEquals(one, w, seed);
            }
            assertShapeSatisfied(shape, witness.inputs(), witness.denseAux(), seed);
        }
    }

    /** A·w ∘ B·w = C·w with the recorded matrices: the shape and the witness agree. */
    private static void assertShapeSatisfied(R1csShape shape, long[] inputs, long[] aux, String seed) {
        int n = shape.numConstraints();
        long[] a = new long[4 * n];
        long[] b = new long[4 * n];
        long[] c = new long[4 * n];
        shape.a().multiply(shape.coefficients(), inputs, aux, a);
        shape.b().multiply(shape.coefficients(), inputs, aux, b);
        shape.c().multiply(shape.coefficients(), inputs, aux, c);
        for (int r = 0; r < n; r++) {
            Fr.mul(a, 4 * r, b, 4 * r, a, 4 * r);
            assertTrue(Fr.equal(a, 4 * r, c, 4 * r), seed + ": row " + r);
        }
    }

    @Test
    void shapeRowsMatchBigIntegerModelAndDensities() {
        for (Circuit circuit : circuits()) {
            List<List<TreeMap<Integer, BigInteger>>> model = modelRows(circuit);
            R1csShape shape = ShapeSystem.of(circuit, false);
            SparseMatrix[] ms = {shape.a(), shape.b(), shape.c()};
            boolean[][] dense = new boolean[2][shape.numInputs() + shape.numAux()];
            for (int m = 0; m < 3; m++) {
                assertEquals(model.size(), ms[m].rows());
                for (int r = 0; r < model.size(); r++) {
                    TreeMap<Integer, BigInteger> want = model.get(r).get(m);
                    List<Integer> got = new ArrayList<>();
                    for (int p = ms[m].rowStart(r); p < ms[m].rowEnd(r); p++) {
                        int v = ms[m].var(p);
                        got.add(v);
                        assertEquals(want.get(Variable.orderKey(v)),
                                Fr.toBigInteger(shape.coefficients(), 4 * ms[m].coeffIndex(p)), "seed " + SEED);
                        if (m < 2) {
                            dense[m][Variable.isInput(v) ? Variable.index(v) : shape.numInputs() + v] = true;
                        }
                    }
                    List<Integer> wantVars = new ArrayList<>();
                    want.keySet().forEach(k -> wantVars.add(k < 0 ? Variable.input(k - Integer.MIN_VALUE) : k));
                    assertEquals(wantVars, got, "seed " + SEED + " row " + r);
                }
            }
            for (int i = 0; i < shape.numInputs(); i++) {
                assertEquals(dense[0][i], shape.inA(Variable.input(i)));
                assertEquals(dense[1][i], shape.inB(Variable.input(i)));
            }
            for (int j = 0; j < shape.numAux(); j++) {
                assertEquals(dense[0][shape.numInputs() + j], shape.inA(j));
                assertEquals(dense[1][shape.numInputs() + j], shape.inB(j));
            }
        }
    }

    /** Each constraint's sides as maps orderKey -> coefficient, zeros dropped, from the raw terms. */
    private static List<List<TreeMap<Integer, BigInteger>>> modelRows(Circuit circuit) {
        List<List<TreeMap<Integer, BigInteger>>> rows = new ArrayList<>();
        CheckSystem recorder = new CheckSystem();
        ConstraintSystem spy = new ForwardingSystem(recorder) {
            @Override
            public void enforce(java.util.function.Supplier<String> name, LcBuilder a, LcBuilder b, LcBuilder c) {
                List<TreeMap<Integer, BigInteger>> sides = new ArrayList<>();
                for (LcBuilder side : new LcBuilder[] {a, b, c}) {
                    LinearCombination lc = new LinearCombination();
                    side.build(lc);
                    TreeMap<Integer, BigInteger> map = new TreeMap<>();
                    for (int k = 0; k < lc.size(); k++) {
                        map.merge(Variable.orderKey(lc.var(k)), Fr.toBigInteger(lc.coefficients(), 4 * k),
                                (x, y) -> x.add(y).mod(Fr.MODULUS));
                    }
                    map.values().removeIf(x -> x.signum() == 0);
                    sides.add(map);
                }
                rows.add(sides);
                super.enforce(name, a, b, c);
            }
        };
        circuit.synthesize(spy);
        return rows;
    }

    @Test
    void inputConstraintsFollowTheCircuitAsBellpersonAddsThem() {
        Circuit circuit = TestCircuits.random(SEED, 50, -1);
        R1csShape plain = ShapeSystem.of(circuit, false);
        R1csShape shape = ShapeSystem.of(circuit, true);
        int n = plain.numConstraints();
        assertEquals(n + shape.numInputs(), shape.numConstraints());
        assertEquals(n + shape.numInputs(), CountSystem.of(circuit, true).numConstraints());
        for (int i = 0; i < shape.numInputs(); i++) {
            int row = n + i;
            assertEquals(1, shape.a().rowEnd(row) - shape.a().rowStart(row));
            assertEquals(Variable.input(i), shape.a().var(shape.a().rowStart(row)));
            assertTrue(Fr.FIELD.isOne(shape.coefficients(), 4 * shape.a().coeffIndex(shape.a().rowStart(row))));
            assertEquals(shape.b().rowStart(row), shape.b().rowEnd(row));
            assertEquals(shape.c().rowStart(row), shape.c().rowEnd(row));
            assertTrue(shape.inA(Variable.input(i)));
            assertEquals(plain.inB(Variable.input(i)), shape.inB(Variable.input(i)));
        }
        for (int j = 0; j < shape.numAux(); j++) {
            assertEquals(plain.inA(j), shape.inA(j));
            assertEquals(plain.inB(j), shape.inB(j));
        }
        CheckSystem check = new CheckSystem();
        circuit.synthesize(check);
        check.enforceInputConstraints();
        assertTrue(check.isSatisfied());
    }

    @Test
    void checkNamesTheFirstFailingConstraint() {
        CheckSystem cubic = CheckSystem.of(TestCircuits.cubic(3, 36));
        assertFalse(cubic.isSatisfied());
        assertEquals("cubic/output", cubic.firstFailure());
        assertEquals(2, cubic.firstFailureIndex());

        CheckSystem bits = CheckSystem.of(TestCircuits.bits32(0x12345678L, 7));
        assertEquals("decompose/pack", bits.firstFailure());
        assertEquals(32, bits.firstFailureIndex());

        int corrupt = new Random(SEED).nextInt(100);
        CheckSystem random = CheckSystem.of(TestCircuits.random(SEED, 100, corrupt));
        assertEquals("random/constraint " + corrupt, random.firstFailure(), "seed " + SEED);
    }

    @Test
    void usingAnUnallocatedVariableIsAnError() {
        Circuit bad = cs -> cs.enforce(() -> "bad", a -> a.add(Variable.aux(5)), LcBuilder.ZERO, LcBuilder.ZERO);
        assertThrows(IllegalStateException.class, () -> ShapeSystem.of(bad, false));
        assertThrows(IllegalStateException.class, () -> CheckSystem.of(bad));
    }

    @Test
    void anUnallocatedVariableIsNamedWithItsConstraint() {
        Circuit bad = cs -> {
            int x = cs.allocate(Fr.of(3), 0);
            cs.enforce(() -> "fine", l -> l.add(x), l -> l.add(cs.one()), l -> l.add(x));
            try (var ns = cs.namespace(() -> "outer")) {
                cs.enforce(() -> "bad", l -> l.add(Variable.aux(5)), LcBuilder.ZERO, LcBuilder.ZERO);
            }
        };
        String unallocated = " uses unallocated " + Variable.toString(Variable.aux(5));
        assertEquals("constraint 1" + unallocated,
                assertThrows(IllegalStateException.class, () -> ShapeSystem.of(bad, false)).getMessage());
        assertEquals("constraint outer/#1" + unallocated,
                assertThrows(IllegalStateException.class, () -> CheckSystem.of(bad)).getMessage());
    }

    @Test
    void aPartNumbersFromItsCountsAndHasNoResultOfItsOwn() {
        WitnessSystem witness = WitnessSystem.part(3, 10);
        ShapeSystem shape = ShapeSystem.part(3, 10, 7);
        for (ConstraintSystem cs : List.of(witness, shape)) {
            assertEquals(Variable.input(3), cs.allocateInput(Fr.of(1), 0));
            assertEquals(10, cs.allocate(Fr.of(2), 0));
            assertEquals(11, cs.allocateBit(true));
            assertEquals(4, cs.numInputs());
            assertEquals(12, cs.numAux());
        }
        assertEquals(7, shape.numConstraints());
        assertEquals("a part of a circuit is not a witness of its own",
                assertThrows(IllegalStateException.class, witness::finish).getMessage());
        assertEquals("a part of a circuit is not a shape",
                assertThrows(IllegalStateException.class, shape::finish).getMessage());
        assertThrows(IllegalArgumentException.class, () -> ShapeSystem.part(0, 5, 0), "a part starts after ONE");
        assertEquals(1, new CountSystem().numInputs());
        assertEquals(1, new WitnessSystem().numInputs());
        assertEquals(1, new ShapeSystem().numInputs());
    }

    @Test
    void namespacesMustBalance() {
        assertThrows(IllegalStateException.class, () -> new CheckSystem().popNamespace());
    }

    @Test
    void normalizeMergesSortsAndDropsZeros() {
        long[] two = Fr.of(2);
        LinearCombination lc = new LinearCombination()
                .add(Variable.aux(3)).add(Variable.input(2)).add(Variable.aux(1), two, 0)
                .add(Variable.ONE).sub(Variable.aux(3)).add(Variable.aux(1));
        lc.normalize();
        assertEquals(3, lc.size());
        assertEquals(Variable.ONE, lc.var(0));
        assertEquals(Variable.input(2), lc.var(1));
        assertEquals(Variable.aux(1), lc.var(2));
        assertEquals(BigInteger.valueOf(3), Fr.toBigInteger(lc.coefficients(), 8));
    }
}
