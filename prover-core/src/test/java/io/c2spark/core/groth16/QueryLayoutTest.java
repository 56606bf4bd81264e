package io.c2spark.core.groth16;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.c2spark.core.curve.G1;
import io.c2spark.core.curve.G2;
import io.c2spark.core.r1cs.R1csShape;
import io.c2spark.core.r1cs.ShapeSystem;
import io.c2spark.core.r1cs.TestCircuits;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The layout's index of the tail bases (positions in l, a and b, from the shape alone) gathers the
 * points that a walk over every variable with running positions in each query collects (the
 * gather the layout did itself, on the heap, before it held positions), and parameters that do
 * not fit the shape are refused with the query named.
 */
class QueryLayoutTest {
    private static final long SEED = new SecureRandom().nextLong();

    /** The tail bases by walking the variables: a variable's point in a query is the count of its density before it. */
    private static long[][] walkedTailBases(R1csShape shape, Parameters p) {
        int ni = shape.numInputs();
        int bInputs = 0;
        for (int i = 0; i < ni; i++) {
            bInputs += QueryLayout.bit(shape.bInputDensity(), i) ? 1 : 0;
        }
        long[][] out = {new long[0], new long[0], new long[0], new long[0]};
        int aq = ni;
        int bq = bInputs;
        for (int v = 0; v < shape.numAux(); v++) {
            boolean inA = QueryLayout.bit(shape.aAuxDensity(), v);
            boolean inB = QueryLayout.bit(shape.bAuxDensity(), v);
            if (!shape.isBit(v)) {
                out[0] = append(out[0], p.l(), v, G1.AFFINE);
                if (inA) {
                    out[1] = append(out[1], p.a(), aq, G1.AFFINE);
                }
                if (inB) {
                    out[2] = append(out[2], p.bG1(), bq, G1.AFFINE);
                    out[3] = append(out[3], p.bG2(), bq, G2.AFFINE);
                }
            }
            aq += inA ? 1 : 0;
            bq += inB ? 1 : 0;
        }
        return out;
    }

    private static long[] append(long[] to, long[] query, int point, int longs) {
        long[] out = Arrays.copyOf(to, to.length + longs);
        System.arraycopy(query, point * longs, out, to.length, longs);
        return out;
    }

    @ParameterizedTest(name = "{0} steps")
    @ValueSource(ints = {1, 7, 40})
    void indexGathersTheWalkedTailBasesOfTailsInA(int steps) {
        QueryLayout q = check(ShapeSystem.of(ProvingCircuits.mixed(SEED + steps, steps), true));
        assertTrue(q.tailCount > 0 && q.aTailCount() > 0, "the circuit has tails in A");
    }

    @Test
    void indexGathersTheWalkedTailBasesOfTailsInB() {
        QueryLayout q = check(ShapeSystem.of(TestCircuits.cubic(3, 35), true));
        assertTrue(q.bTailCount() > 0, "the circuit has tails in B");
    }

    private static QueryLayout check(R1csShape shape) {
        Parameters p = ParameterGenerator.generate(shape, ParameterGenerator.ToxicWaste.random(new Random(SEED)));
        QueryLayout q = new QueryLayout(shape);
        q.checkFits(p);
        long[][] want = walkedTailBases(shape, p);
        TailBases got = TailBases.gather(q, p);
        assertArrayEquals(want[0], got.l(), "l (seed " + SEED + ")");
        assertArrayEquals(want[1], got.a(), "a (seed " + SEED + ")");
        assertArrayEquals(want[2], got.b1(), "b_g1 (seed " + SEED + ")");
        assertArrayEquals(want[3], got.b2(), "b_g2 (seed " + SEED + ")");
        assertEquals(q.tailCount, q.lTailPoints().length);
        assertEquals(want[1].length / G1.AFFINE, q.aTailCount());
        assertEquals(want[2].length / G1.AFFINE, q.bTailCount());
        for (int[] points : new int[][] {q.lTailPoints(), q.aTailPoints(), q.bTailPoints()}) {
            for (int k = 1; k < points.length; k++) {
                assertTrue(points[k - 1] < points[k], "positions ascend");
            }
        }
        return q;
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"l", "a", "b"})
    void parametersOfAnotherShapeAreRefusedWithTheQueryNamed(String query) {
        R1csShape shape = ShapeSystem.of(ProvingCircuits.mixed(SEED, 9), true);
        Parameters p = ParameterGenerator.generate(shape, ParameterGenerator.ToxicWaste.random(new Random(SEED)));
        Parameters bad = switch (query) {
            case "l" -> new Parameters(p.vk(), p.h(), Arrays.copyOf(p.l(), p.l().length - G1.AFFINE), p.a(), p.bG1(), p.bG2());
            case "a" -> new Parameters(p.vk(), p.h(), p.l(), Arrays.copyOf(p.a(), p.a().length + G1.AFFINE), p.bG1(), p.bG2());
            default -> new Parameters(p.vk(), p.h(), p.l(), p.a(), Arrays.copyOf(p.bG1(), p.bG1().length - G1.AFFINE),
                    Arrays.copyOf(p.bG2(), p.bG2().length - G2.AFFINE));
        };
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new QueryLayout(shape, bad));
        assertTrue(e.getMessage().startsWith("parameters do not fit the circuit: query " + (query.equals("b") ? "b_g1" : query)),
                e.getMessage());
    }
}
