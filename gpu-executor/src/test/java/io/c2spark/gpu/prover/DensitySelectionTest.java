package io.c2spark.gpu.prover;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.Random;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

import io.c2spark.core.groth16.ParameterGenerator;
import io.c2spark.core.groth16.Parameters;
import io.c2spark.core.groth16.QueryLayout;
import io.c2spark.core.r1cs.R1csShape;
import io.c2spark.core.r1cs.ShapeSystem;
import io.c2spark.core.r1cs.Witness;
import io.c2spark.core.r1cs.WitnessSystem;
import io.c2spark.gpu.TestData;
import io.c2spark.gpu.r1cs.TestCircuits;

/**
 * The selection tables with bitmap_select's loop, run on the CPU, give QueryLayout's selection
 * bitmaps (the ones CpuProver sums): for the test circuit's witness and for random bitmaps with
 * random densities, sizes not multiples of 32 or 64 included.
 */
class DensitySelectionTest {
    /** bitmap_select (kernels/bitmap_kernels.cuh) word by word, as 64-bit words. */
    static long[] select(DensitySelection sel, long[] values) {
        int[] out = new int[sel.selectionWords()];
        for (int i = 0; i < sel.density().length; i++) {
            int d = sel.density()[i];
            long w = i / 2 < values.length ? values[i / 2] : 0L;
            int v = (int) (i % 2 == 0 ? w : w >>> 32);
            int pos = sel.inputPoints() + sel.prefix()[i];
            while (d != 0) {
                int low = d & -d;
                if ((v & low) != 0) {
                    out[pos >>> 5] |= 1 << (pos & 31);
                }
                pos++;
                d ^= low;
            }
        }
        long[] longs = new long[(out.length + 1) / 2];
        for (int i = 0; i < out.length; i++) {
            longs[i / 2] |= (out[i] & 0xffffffffL) << (32 * (i % 2));
        }
        return longs;
    }

    static long[] words(long[] bitmap, int bits) {
        return Arrays.copyOf(bitmap, (bits + 63) / 64);
    }

    @Test
    void circuitSelectionsEqualQueryLayouts() {
        TestCircuits.Instance c = TestCircuits.mixed(TestData.SEED, 200);
        R1csShape shape = ShapeSystem.of(c.circuit(), true);
        Parameters p = ParameterGenerator.generate(shape, ParameterGenerator.ToxicWaste.random(new Random(1)));
        QueryLayout q = new QueryLayout(shape, p);
        Witness w = WitnessSystem.of(c.circuit());
        DensitySelection a = DensitySelection.of(shape.aAuxDensity(), shape.numAux(), q.numInputs);
        DensitySelection b = DensitySelection.of(shape.bAuxDensity(), shape.numAux(), q.bInputCount);
        assertEquals(q.aPoints(), a.points());
        assertEquals(q.bPoints(), b.points());
        assertArrayEquals(words(q.aBits(w.bits()), q.aPoints()), words(select(a, w.bits()), q.aPoints()));
        assertArrayEquals(words(q.bBits(w.bits()), q.bPoints()), words(select(b, w.bits()), q.bPoints()));
    }

    @Test
    void randomDensitiesAndValues() {
        SplittableRandom rnd = new SplittableRandom(TestData.SEED);
        for (int numAux : new int[] {1, 31, 32, 33, 63, 64, 65, 1000, 4099}) {
            long[] density = new long[(numAux + 63) / 64 + 1];
            long[] values = new long[density.length];
            for (int i = 0; i < density.length; i++) {
                density[i] = rnd.nextLong() & rnd.nextLong();
                values[i] = rnd.nextLong();
            }
            int inputs = rnd.nextInt(40);
            DensitySelection sel = DensitySelection.of(density, numAux, inputs);
            long[] want = new long[(sel.points() + 63) / 64];
            int k = inputs;
            for (int v = 0; v < numAux; v++) {
                if ((density[v >>> 6] >>> (v & 63) & 1) != 0) {
                    if ((values[v >>> 6] >>> (v & 63) & 1) != 0) {
                        want[k >>> 6] |= 1L << (k & 63);
                    }
                    k++;
                }
            }
            assertEquals(k, sel.points(), "points, numAux " + numAux);
            assertArrayEquals(want, words(select(sel, values), sel.points()), "numAux " + numAux);
        }
    }
}
