package io.c2spark.gpu.r1cs;

import java.math.BigInteger;
import java.util.SplittableRandom;

import io.c2spark.core.field.Fr;
import io.c2spark.core.r1cs.Circuit;
import io.c2spark.gpu.TestData;

/**
 * Satisfiable circuits for the GPU prover tests, with every aux variable constrained: bit variables
 * (booleanity constraints, packings into bytes with power-of-two coefficients), field values in
 * products with inputs and bits (so that some variables are in A only and others in B), a running
 * sum with the non-unit coefficients 5 and r - 1, and a public input that appears only in C.
 */
public final class TestCircuits {
    /** A circuit and its public inputs (ONE excluded), as the verifier takes them. */
    public record Instance(Circuit circuit, long[] publicInputs) {
    }

    private TestCircuits() {
    }

    public static Instance mixed(long seed, int steps) {
        SplittableRandom rnd = new SplittableRandom(seed);
        long[] x = TestData.randomFr(2, rnd.nextLong());
        boolean[] bits = new boolean[steps];
        long[] f = TestData.randomFr(steps, rnd.nextLong());
        long[] g = new long[4 * steps];
        long[] acc = new long[4 * (steps + 1)];
        long[] five = Fr.of(5);
        long[] t = new long[4];
        for (int j = 0; j < steps; j++) {
            // The first byte all ones, the second all zeros: packings of 255 and 0.
            bits[j] = j < 8 || (j >= 16 && rnd.nextBoolean());
            Fr.add(x, 4 * (j % 2), bits[j] ? Fr.FIELD.one() : new long[4], 0, t, 0);
            Fr.mul(f, 4 * j, t, 0, g, 4 * j);
            Fr.mul(g, 4 * j, five, 0, t, 0);
            Fr.add(acc, 4 * j, t, 0, acc, 4 * (j + 1));
        }
        long[] inputs = new long[12];
        System.arraycopy(x, 0, inputs, 0, 8);
        System.arraycopy(acc, 4 * steps, inputs, 8, 4);
        long[] minusOne = Fr.of(Fr.MODULUS.subtract(BigInteger.ONE));
        Circuit c = cs -> {
            int x0 = cs.allocateInput(inputs, 0);
            int x1 = cs.allocateInput(inputs, 4);
            int prev = -1;
            int[] pending = new int[8];
            for (int j = 0; j < steps; j++) {
                int b = cs.allocateBit(bits[j]);
                cs.enforce(() -> "boolean", lc -> lc.add(cs.one()).sub(b), lc -> lc.add(b), lc -> { });
                int fv = cs.allocate(f, 4 * j);
                int xi = j % 2 == 0 ? x0 : x1;
                int gv = cs.allocate(g, 4 * j);
                cs.enforce(() -> "product", lc -> lc.add(fv), lc -> lc.add(xi).add(b), lc -> lc.add(gv));
                int sum = cs.allocate(acc, 4 * (j + 1));
                int p = prev;
                // sum - prev - 5 g = 0, written (prev + 5 g) * 1 = sum with prev's coefficient as -(-1).
                cs.enforce(() -> "sum", lc -> {
                    if (p >= 0) {
                        lc.sub(p, minusOne, 0);
                    }
                    lc.add(gv, five, 0);
                }, lc -> lc.add(cs.one()), lc -> lc.add(sum));
                prev = sum;
                pending[j % 8] = b;
                if (j % 8 == 7) {
                    long packed = 0;
                    for (int i = 0; i < 8; i++) {
                        packed |= bits[j - 7 + i] ? 1L << i : 0;
                    }
                    int pv = cs.allocate(Fr.of(packed), 0);
                    int[] byteBits = pending.clone();
                    cs.enforce(() -> "pack", lc -> {
                        for (int i = 0; i < 8; i++) {
                            lc.add(byteBits[i], Fr.of(1L << i), 0);
                        }
                    }, lc -> lc.add(cs.one()), lc -> lc.add(pv));
                }
            }
            int out = cs.allocateInput(inputs, 8);
            int last = prev;
            cs.enforce(() -> "output", lc -> lc.add(last), lc -> lc.add(cs.one()), lc -> lc.add(out));
        };
        return new Instance(c, inputs);
    }
}
