package io.c2spark.core.groth16;

import io.c2spark.core.field.Fr;
import io.c2spark.core.r1cs.Circuit;
import io.c2spark.core.r1cs.LcBuilder;
import java.math.BigInteger;
import java.util.Random;

/**
 * Satisfiable circuits for the Groth16 tests in which every aux variable is constrained (bellperson
 * refuses unconstrained ones): bits with booleanity constraints and packings, field values in
 * products with inputs and bits (so some variables are in B and others only in A), linear
 * constraints with large coefficients, and an input that appears only in C.
 */
public final class ProvingCircuits {
    private ProvingCircuits() {
    }

    /** The public inputs the circuit of this seed allocates, ONE excluded. */
    public static long[] publicInputs(long seed, int steps) {
        Random rnd = new Random(seed);
        int k = 2 + rnd.nextInt(3);
        long[] x = new long[(k + 1) * Fr.LIMBS];
        for (int i = 0; i < k; i++) {
            Fr.random(rnd, x, i * Fr.LIMBS);
        }
        // The last input is the sum of all products, computed by running the circuit's arithmetic.
        long[] sum = new long[Fr.LIMBS];
        Random vals = new Random(seed * 31 + 7);
        long[] f = new long[Fr.LIMBS];
        long[] t = new long[Fr.LIMBS];
        for (int j = 0; j < steps; j++) {
            boolean bit = vals.nextBoolean();
            Fr.random(vals, f, 0);
            Fr.add(x, (j % k) * Fr.LIMBS, bit ? Fr.FIELD.one() : new long[4], 0, t, 0);
            Fr.mul(f, 0, t, 0, t, 0);
            Fr.add(sum, 0, t, 0, sum, 0);
        }
        System.arraycopy(sum, 0, x, k * Fr.LIMBS, Fr.LIMBS);
        return x;
    }

    /** steps rounds of: a bit, a field value f, z = f (x_(j mod k) + bit), and every 8 bits a packing. */
    public static Circuit mixed(long seed, int steps) {
        long[] inputs = publicInputs(seed, steps);
        int k = inputs.length / Fr.LIMBS - 1;
        return cs -> {
            int[] x = new int[k];
            for (int i = 0; i < k; i++) {
                x[i] = cs.allocateInput(inputs, i * Fr.LIMBS);
            }
            Random vals = new Random(seed * 31 + 7);
            long[] sum = new long[Fr.LIMBS];
            int sumVar = -1;
            int[] pending = new int[8];
            boolean[] pendingValue = new boolean[8];
            int np = 0;
            long[] three = Fr.of(3);
            for (int j = 0; j < steps; j++) {
                boolean bitValue = vals.nextBoolean();
                long[] f = new long[Fr.LIMBS];
                Fr.random(vals, f, 0);
                int b = cs.allocateBit(bitValue);
                cs.enforce(() -> "boolean", a -> a.add(cs.one()).sub(b), lb -> lb.add(b), LcBuilder.ZERO);
                int fv = cs.allocate(f, 0);
                int xi = x[j % k];
                long[] z = new long[Fr.LIMBS];
                Fr.add(inputs, (j % k) * Fr.LIMBS, bitValue ? Fr.FIELD.one() : new long[4], 0, z, 0);
                Fr.mul(f, 0, z, 0, z, 0);
                int zv = cs.allocate(z, 0);
                cs.enforce(() -> "product", a -> a.add(fv), lb -> lb.add(xi).add(b), c -> c.add(zv));
                long[] next = new long[Fr.LIMBS];
                Fr.add(sum, 0, z, 0, next, 0);
                int prev = sumVar;
                int nv = cs.allocate(next, 0);
                // next = prev + z, with a coefficient 3 on both sides to exercise non-unit coefficients.
                cs.enforce(() -> "sum", a -> {
                    if (prev >= 0) {
                        a.add(prev, three, 0);
                    }
                    a.add(zv, three, 0);
                }, lb -> lb.add(cs.one()), c -> c.add(nv, three, 0));
                sumVar = nv;
                sum = next;
                pending[np] = b;
                pendingValue[np] = bitValue;
                np++;
                if (np == 8) {
                    long packed = 0;
                    for (int i = 0; i < 8; i++) {
                        packed |= pendingValue[i] ? 1L << i : 0;
                    }
                    int pv = cs.allocate(Fr.of(packed), 0);
                    int[] bits = pending.clone();
                    cs.enforce(() -> "pack", a -> {
                        for (int i = 0; i < 8; i++) {
                            a.add(bits[i], Fr.of(BigInteger.ONE.shiftLeft(i)), 0);
                        }
                    }, lb -> lb.add(cs.one()), c -> c.add(pv));
                    np = 0;
                }
            }
            int total = cs.allocateInput(sum, 0);
            int last = sumVar;
            cs.enforce(() -> "total", a -> a.add(last), lb -> lb.add(cs.one()), c -> c.add(total));
        };
    }
}
