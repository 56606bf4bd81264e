package io.c2spark.bench;

import io.c2spark.core.ntt.EvaluationDomain;
import java.util.List;
import java.util.Random;

/** Forward NTT over Fr of random vectors; the domain (twiddle table) is built in setUp. */
final class NttBenchmarks {
    private NttBenchmarks() {
    }

    static List<Benchmark> all() {
        return List.of(forward(20), forward(22));
    }

    private static Benchmark forward(int logN) {
        return new Benchmark("ntt-2^" + logN, 1L << logN, "element") {
            EvaluationDomain domain;
            long[] data;

            public void setUp() {
                domain = EvaluationDomain.ofLogSize(logN);
                data = RandomScalars.of(new Random(logN), 1 << logN);
            }

            public void run() {
                domain.fft(data);
            }
        };
    }
}
