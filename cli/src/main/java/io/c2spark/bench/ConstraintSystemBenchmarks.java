package io.c2spark.bench;

import io.c2spark.core.field.Fr;
import io.c2spark.core.r1cs.Circuit;
import io.c2spark.core.r1cs.R1csShape;
import io.c2spark.core.r1cs.ShapeSystem;
import io.c2spark.core.r1cs.Witness;
import io.c2spark.core.r1cs.WitnessSystem;
import java.util.List;

/**
 * Synthesis of a bit-heavy circuit shaped like SHA-256's bulk: a chain of XORs, each a new bit
 * variable and one constraint (2a) * b = a + b - c, plus one field variable per 64 bits. Measures the
 * generic witness and shape modes per constraint, the baseline the dedicated witness writers beat.
 */
final class ConstraintSystemBenchmarks {
    private static final int CONSTRAINTS = 1 << 20;

    private ConstraintSystemBenchmarks() {
    }

    static List<Benchmark> all() {
        return List.of(witness(), shape());
    }

    static Circuit xorChain(int n) {
        return cs -> {
            long[] two = Fr.of(2);
            long[] field = Fr.of(12345);
            int a = cs.allocateBit(true);
            boolean av = true;
            long state = 0x9E3779B97F4A7C15L;
            for (int i = 0; i < n; i++) {
                state = state * 6364136223846793005L + 1442695040888963407L;
                boolean bv = state < 0;
                int b = cs.allocateBit(bv);
                boolean cv = av ^ bv;
                int c = cs.allocateBit(cv);
                int x = a;
                cs.enforce(() -> "xor", lc -> lc.add(x, two, 0), lc -> lc.add(b), lc -> lc.add(x).add(b).sub(c));
                if ((i & 63) == 0) {
                    cs.allocate(field, 0);
                }
                a = c;
                av = cv;
            }
        };
    }

    private static Benchmark witness() {
        return new Benchmark("r1cs-witness", CONSTRAINTS, "constraint") {
            /** Kept so the JIT cannot drop the work. */
            Witness last;

            public void setUp() {
            }

            public void run() {
                last = WitnessSystem.of(xorChain(CONSTRAINTS));
            }
        };
    }

    private static Benchmark shape() {
        return new Benchmark("r1cs-shape", CONSTRAINTS, "constraint") {
            /** Kept so the JIT cannot drop the work. */
            R1csShape last;

            public void setUp() {
            }

            public void run() {
                last = ShapeSystem.of(xorChain(CONSTRAINTS), true);
            }
        };
    }
}
