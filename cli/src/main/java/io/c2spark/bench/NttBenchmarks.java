package io.c2spark.bench;

import io.c2spark.core.field.Fr;
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
        return new Benchmark() {
            EvaluationDomain domain;
            long[] data;

            public String name() {
                return "ntt-2^" + logN;
            }

            public long size() {
                return 1L << logN;
            }

            public String unit() {
                return "element";
            }

            public void setUp() {
                domain = EvaluationDomain.ofLogSize(logN);
                data = new long[4 << logN];
                Random rnd = new Random(logN);
                for (int i = 0; i < 1 << logN; i++) {
                    Fr.random(rnd, data, 4 * i);
                }
            }

            public void run() {
                domain.fft(data);
            }
        };
    }
}
