package io.c2spark.bench;

import io.c2spark.core.field.Fp;
import io.c2spark.core.field.Fr;
import java.util.List;
import java.util.Random;

/** Field multiplication: a chain of dependent multiplications, so latency, not throughput. */
final class FieldBenchmarks {
    private static final int CHAIN = 1 << 22;

    /** Fr.random and Fp.random. */
    private interface RandomElement {
        void random(Random rnd, long[] r, int ro);
    }

    /**
     * a = a * b, CHAIN times. Each field writes its own loop so that the multiplication is a direct
     * static call: a loop shared by both fields would call it through an interface and time a type
     * check with every step.
     */
    private interface Chain {
        void run(long[] a, long[] b);
    }

    private FieldBenchmarks() {
    }

    static List<Benchmark> all() {
        return List.of(mulChain("fr-mul", Fr.LIMBS, 1, Fr::random, (a, b) -> {
            for (int i = 0; i < CHAIN; i++) {
                Fr.mul(a, 0, b, 0, a, 0);
            }
        }), mulChain("fp-mul", Fp.LIMBS, 2, Fp::random, (a, b) -> {
            for (int i = 0; i < CHAIN; i++) {
                Fp.mul(a, 0, b, 0, a, 0);
            }
        }));
    }

    /** The chain from two random elements drawn with the given seed. */
    private static Benchmark mulChain(String name, int limbs, long seed, RandomElement random, Chain chain) {
        return new Benchmark(name, CHAIN, "mul") {
            final long[] a = new long[limbs];
            final long[] b = new long[limbs];

            public void setUp() {
                Random rnd = new Random(seed);
                random.random(rnd, a, 0);
                random.random(rnd, b, 0);
            }

            public void run() {
                chain.run(a, b);
            }
        };
    }
}
