package io.c2spark.bench;

import io.c2spark.core.field.Fp;
import io.c2spark.core.field.Fr;
import java.util.List;
import java.util.Random;

/** Field multiplication: a chain of dependent multiplications, so latency, not throughput. */
final class FieldBenchmarks {
    private static final int CHAIN = 1 << 22;

    private FieldBenchmarks() {
    }

    static List<Benchmark> all() {
        return List.of(frMul(), fpMul());
    }

    private static Benchmark frMul() {
        return new Benchmark() {
            final long[] a = new long[Fr.LIMBS];
            final long[] b = new long[Fr.LIMBS];

            public String name() {
                return "fr-mul";
            }

            public long size() {
                return CHAIN;
            }

            public String unit() {
                return "mul";
            }

            public void setUp() {
                Random rnd = new Random(1);
                Fr.random(rnd, a, 0);
                Fr.random(rnd, b, 0);
            }

            public void run() {
                for (int i = 0; i < CHAIN; i++) {
                    Fr.mul(a, 0, b, 0, a, 0);
                }
            }
        };
    }

    private static Benchmark fpMul() {
        return new Benchmark() {
            final long[] a = new long[Fp.LIMBS];
            final long[] b = new long[Fp.LIMBS];

            public String name() {
                return "fp-mul";
            }

            public long size() {
                return CHAIN;
            }

            public String unit() {
                return "mul";
            }

            public void setUp() {
                Random rnd = new Random(2);
                Fp.random(rnd, a, 0);
                Fp.random(rnd, b, 0);
            }

            public void run() {
                for (int i = 0; i < CHAIN; i++) {
                    Fp.mul(a, 0, b, 0, a, 0);
                }
            }
        };
    }
}
