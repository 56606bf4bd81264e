package io.c2spark.bench;

import io.c2spark.core.curve.G1;
import io.c2spark.core.curve.G2;
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
        return List.of(g1Add(), g2Add());
    }

    private static Benchmark g1Add() {
        return new Benchmark() {
            long[] table;
            final long[] acc = new long[G1.JACOBIAN];

            public String name() {
                return "g1-add";
            }

            public long size() {
                return G1_CHAIN;
            }

            public String unit() {
                return "add";
            }

            /** Table entry i is [i + 1] G: consecutive sums, normalised together. */
            public void setUp() {
                long[] jac = new long[TABLE * G1.JACOBIAN];
                long[] g = G1.generator();
                G1.LAW.fromAffine(g, 0, jac, 0);
                for (int i = 1; i < TABLE; i++) {
                    G1.LAW.addAffine(jac, (i - 1) * G1.JACOBIAN, g, 0, jac, i * G1.JACOBIAN);
                }
                table = new long[TABLE * G1.AFFINE];
                G1.batchToAffine(jac, 0, table, 0, TABLE);
                G1.LAW.fromAffine(g, 0, acc, 0);
            }

            public void run() {
                for (int i = 0; i < G1_CHAIN; i++) {
                    G1.LAW.addAffine(acc, 0, table, (i & (TABLE - 1)) * G1.AFFINE, acc, 0);
                }
            }
        };
    }

    private static Benchmark g2Add() {
        return new Benchmark() {
            long[] table;
            final long[] acc = new long[G2.JACOBIAN];

            public String name() {
                return "g2-add";
            }

            public long size() {
                return G2_CHAIN;
            }

            public String unit() {
                return "add";
            }

            public void setUp() {
                long[] jac = new long[TABLE * G2.JACOBIAN];
                long[] g = G2.generator();
                G2.LAW.fromAffine(g, 0, jac, 0);
                for (int i = 1; i < TABLE; i++) {
                    G2.LAW.addAffine(jac, (i - 1) * G2.JACOBIAN, g, 0, jac, i * G2.JACOBIAN);
                }
                table = new long[TABLE * G2.AFFINE];
                G2.batchToAffine(jac, 0, table, 0, TABLE);
                G2.LAW.fromAffine(g, 0, acc, 0);
            }

            public void run() {
                for (int i = 0; i < G2_CHAIN; i++) {
                    G2.LAW.addAffine(acc, 0, table, (i & (TABLE - 1)) * G2.AFFINE, acc, 0);
                }
            }
        };
    }
}
