package io.c2spark.core.r1cs;

import io.c2spark.core.field.Fr;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/** Small circuits for the constraint-system tests. */
public final class TestCircuits {
    private TestCircuits() {
    }

    /** x^3 + x + 5 = y with y public; y is given separately so a wrong witness can be built. */
    public static Circuit cubic(long x, long y) {
        return cs -> {
            long[] xv = Fr.of(x);
            long[] x2v = new long[4];
            long[] x3v = new long[4];
            Fr.mul(xv, 0, xv, 0, x2v, 0);
            Fr.mul(x2v, 0, xv, 0, x3v, 0);
            int out = cs.allocateInput(Fr.of(y), 0);
            try (var ns = cs.namespace(() -> "cubic")) {
                int xVar = cs.allocate(xv, 0);
                int x2 = cs.allocate(x2v, 0);
                int x3 = cs.allocate(x3v, 0);
                cs.enforce(() -> "x^2", a -> a.add(xVar), b -> b.add(xVar), c -> c.add(x2));
                cs.enforce(() -> "x^3", a -> a.add(x2), b -> b.add(xVar), c -> c.add(x3));
                long[] five = Fr.of(5);
                cs.enforce(() -> "output", a -> a.add(x3).add(xVar).add(cs.one(), five, 0),
                        b -> b.add(cs.one()), c -> c.add(out));
            }
        };
    }

    /** A 32-bit decomposition of a public value: 32 booleanity constraints and one packing constraint. */
    public static Circuit bits32(long value, int flipBit) {
        return cs -> {
            int v = cs.allocateInput(Fr.of(value & 0xFFFFFFFFL), 0);
            int[] bits = new int[32];
            try (var ns = cs.namespace(() -> "decompose")) {
                for (int i = 0; i < 32; i++) {
                    boolean bit = ((value >>> i) & 1) != 0;
                    bits[i] = cs.allocateBit(i == flipBit ? !bit : bit);
                    int b = bits[i];
                    final int index = i;
                    try (var inner = cs.namespace(() -> "bit " + index)) {
                        cs.enforce(() -> "boolean", a -> a.add(cs.one()).sub(b), lb -> lb.add(b), LcBuilder.ZERO);
                    }
                }
                cs.enforce(() -> "pack", a -> {
                    for (int i = 0; i < 32; i++) {
                        a.add(bits[i], Fr.of(BigInteger.ONE.shiftLeft(i)), 0);
                    }
                }, b -> b.add(cs.one()), c -> c.add(v));
            }
        };
    }

    /**
     * A random satisfiable circuit: inputs, field and bit aux variables, and constraints
     * a * b = z with random sides (repeated variables, cancelling terms, constants) and z a fresh
     * aux variable holding the product, sometimes a linear constraint a * 1 = z. The structure and
     * values depend only on the seed; corrupt >= 0 gives that constraint's z a wrong value.
     */
    public static Circuit random(long seed, int constraints, int corrupt) {
        return cs -> {
            Random rnd = new Random(seed);
            List<Integer> vars = new ArrayList<>();
            List<long[]> values = new ArrayList<>();
            vars.add(cs.one());
            values.add(Fr.of(1));
            int nInputs = 1 + rnd.nextInt(4);
            for (int i = 0; i < nInputs; i++) {
                long[] v = randomValue(rnd);
                vars.add(cs.allocateInput(v, 0));
                values.add(v);
            }
            for (int i = 0; i < 3; i++) {
                long[] v = randomValue(rnd);
                vars.add(cs.allocate(v, 0));
                values.add(v);
            }
            try (var ns = cs.namespace(() -> "random")) {
                for (int k = 0; k < constraints; k++) {
                    if (rnd.nextInt(4) == 0) {
                        boolean bit = rnd.nextBoolean();
                        vars.add(cs.allocateBit(bit));
                        values.add(Fr.of(bit ? 1 : 0));
                    }
                    if (rnd.nextInt(10) == 0) {
                        long[] v = randomValue(rnd);
                        vars.add(cs.allocateInput(v, 0));
                        values.add(v);
                    }
                    Side a = Side.random(rnd, vars, values);
                    Side b = rnd.nextInt(5) == 0 ? Side.one(values) : Side.random(rnd, vars, values);
                    long[] zv = new long[4];
                    Fr.mul(a.value, 0, b.value, 0, zv, 0);
                    if (k == corrupt) {
                        Fr.add(zv, 0, Fr.of(1), 0, zv, 0);
                    }
                    int z = cs.allocate(zv, 0);
                    vars.add(z);
                    values.add(zv);
                    int index = k;
                    cs.enforce(() -> "constraint " + index, a::build, b::build, c -> c.add(z));
                }
            }
        };
    }

    private static long[] randomValue(Random rnd) {
        long[] v = new long[4];
        switch (rnd.nextInt(4)) {
            case 0 -> Fr.setOne(v, 0);
            case 1 -> { }
            default -> Fr.random(rnd, v, 0);
        }
        return v;
    }

    /** One side of a random constraint: its terms and its value under the circuit's values. */
    private record Side(int[] vars, long[] coeffs, long[] value) {
        static Side one(List<long[]> values) {
            long[] c = Fr.of(1);
            return new Side(new int[] {Variable.ONE}, c, Fr.of(1));
        }

        static Side random(Random rnd, List<Integer> vars, List<long[]> values) {
            int n = rnd.nextInt(6);
            int[] vs = new int[n + (n > 1 && rnd.nextBoolean() ? 2 : 0)];
            long[] cs = new long[vs.length * 4];
            for (int t = 0; t < n; t++) {
                int pick = rnd.nextInt(vars.size());
                vs[t] = vars.get(pick);
                switch (rnd.nextInt(3)) {
                    case 0 -> Fr.setOne(cs, 4 * t);
                    case 1 -> System.arraycopy(Fr.of(BigInteger.ONE.shiftLeft(rnd.nextInt(250))), 0, cs, 4 * t, 4);
                    default -> Fr.random(rnd, cs, 4 * t);
                }
            }
            if (vs.length > n) {
                // A repeated variable, and a term that cancels an earlier one exactly.
                vs[n] = vs[0];
                Fr.random(rnd, cs, 4 * n);
                vs[n + 1] = vs[1];
                Fr.neg(cs, 4, cs, 4 * (n + 1));
            }
            long[] value = new long[4];
            long[] t = new long[4];
            for (int k = 0; k < vs.length; k++) {
                int pos = vars.indexOf(vs[k]);
                Fr.mul(cs, 4 * k, values.get(pos), 0, t, 0);
                Fr.add(value, 0, t, 0, value, 0);
            }
            return new Side(vs, cs, value);
        }

        void build(LinearCombination lc) {
            for (int k = 0; k < vars.length; k++) {
                lc.add(vars[k], coeffs, 4 * k);
            }
        }
    }
}
