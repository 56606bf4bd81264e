package io.c2spark.bench;

import io.c2spark.core.curve.G1;
import io.c2spark.core.curve.G2;
import io.c2spark.core.curve.JacobianGroupLaw;
import java.math.BigInteger;
import java.util.List;

/**
 * Mixed addition (Jacobian accumulator + affine point), the step an MSM bucket repeats: a dependent
 * chain over a table of distinct affine points, so latency, not throughput.
 */
final class CurveBenchmarks {
    private static final int TABLE = 256;
    private static final int G1_CHAIN = 1 << 15;
    private static final int G2_CHAIN = 1 << 13;

    private CurveBenchmarks() {
    }

    static List<Benchmark> all() {
        return List.of(addChain("g1-add", false, G1_CHAIN), addChain("g2-add", true, G2_CHAIN));
    }

    /** Table entry i is [i + 1] G; the accumulator starts at G. */
    private static Benchmark addChain(String name, boolean g2, int chain) {
        JacobianGroupLaw law = g2 ? G2.LAW : G1.LAW;
        return new Benchmark(name, chain, "add") {
            long[] table;
            final long[] acc = new long[law.jacobianLongs()];

            public void setUp() {
                table = GeneratorMultiples.progression(g2, BigInteger.ONE, TABLE);
                law.fromAffine(g2 ? G2.generator() : G1.generator(), 0, acc, 0);
            }

            public void run() {
                int affine = law.affineLongs();
                for (int i = 0; i < chain; i++) {
                    law.addAffine(acc, 0, table, (i & (TABLE - 1)) * affine, acc, 0);
                }
            }
        };
    }
}
