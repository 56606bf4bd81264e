package io.c2spark.bench;

import io.c2spark.core.curve.G1;
import io.c2spark.core.curve.G2;
import io.c2spark.core.pairing.Pairing;
import java.util.List;

/**
 * Pairing latency: whole pairings (Miller loop and final exponentiation) on the generators and
 * their negations; the cost does not depend on which points are paired. Each run does several, so
 * the runner's single warm-up run also warms the JIT.
 */
final class PairingBenchmarks {
    private static final int PAIRINGS_PER_RUN = 16;
    private static final int MULTI_PER_RUN = 8;

    private PairingBenchmarks() {
    }

    static List<Benchmark> all() {
        return List.of(pairing(), multiPairing4());
    }

    private static Benchmark pairing() {
        return new Benchmark("pairing", PAIRINGS_PER_RUN, "pairing") {
            long[] p;
            long[] q;

            public void setUp() {
                p = G1.generator();
                q = G2.generator();
            }

            public void run() {
                for (int i = 0; i < PAIRINGS_PER_RUN; i++) {
                    Pairing.pairing(p, 0, q, 0);
                }
            }
        };
    }

    /** A Groth16-sized check: the product of four pairings, G1, -G1, G1, -G1 against G2. */
    private static Benchmark multiPairing4() {
        return new Benchmark("multi-pairing-4", MULTI_PER_RUN, "product") {
            final long[] g1 = new long[4 * G1.AFFINE];
            final long[] g2 = new long[4 * G2.AFFINE];

            public void setUp() {
                long[] p = G1.generator();
                long[] q = G2.generator();
                for (int i = 0; i < 4; i++) {
                    System.arraycopy(p, 0, g1, i * G1.AFFINE, G1.AFFINE);
                    if (i % 2 == 1) {
                        G1.LAW.negAffine(g1, i * G1.AFFINE, g1, i * G1.AFFINE);
                    }
                    System.arraycopy(q, 0, g2, i * G2.AFFINE, G2.AFFINE);
                }
            }

            public void run() {
                for (int i = 0; i < MULTI_PER_RUN; i++) {
                    if (!Pairing.pairingCheck(g1, g2, 4)) {
                        throw new IllegalStateException("e(P, Q) e(-P, Q) e(P, Q) e(-P, Q) != 1");
                    }
                }
            }
        };
    }
}
