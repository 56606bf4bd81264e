package io.c2spark.core.bench;

import io.c2spark.core.field.Fp;
import io.c2spark.core.field.Fp2;
import io.c2spark.core.pairing.Pairing;
import java.math.BigInteger;
import java.util.List;

/**
 * Pairing latency: whole pairings (Miller loop and final exponentiation) on the generators and
 * their negations; the cost does not depend on which points are paired. Each run does several, so
 * the runner's single warm-up run also warms the JIT.
 */
final class PairingBenchmarks {
    private static final int PAIRINGS_PER_RUN = 16;
    private static final int MULTI_PER_RUN = 8;
    private static final int G1 = 2 * Fp.LIMBS;
    private static final int G2 = 2 * Fp2.LIMBS;

    private PairingBenchmarks() {
    }

    static List<Benchmark> all() {
        return List.of(pairing(), multiPairing4());
    }

    /** The generators of draft-irtf-cfrg-pairing-friendly-curves-11 section 4.2.1, affine. */
    private static long[] g1Generator() {
        long[] p = new long[G1];
        Fp.FIELD.fromBigInteger(new BigInteger("17f1d3a73197d7942695638c4fa9ac0fc3688c4f9774b905a14e3a3f171bac58"
                + "6c55e83ff97a1aeffb3af00adb22c6bb", 16), p, 0);
        Fp.FIELD.fromBigInteger(new BigInteger("08b3f481e3aaa0f1a09e30ed741d8ae4fcf5e095d5d00af600db18cb2c04b3ed"
                + "d03cc744a2888ae40caa232946c5e7e1", 16), p, Fp.LIMBS);
        return p;
    }

    private static long[] g2Generator() {
        return concat(Fp2.of(
                new BigInteger("024aa2b2f08f0a91260805272dc51051c6e47ad4fa403b02b4510b647ae3d1770bac0326a805bbefd48056c8c121bdb8", 16),
                new BigInteger("13e02b6052719f607dacd3a088274f65596bd0d09920b61ab5da61bbdc7f5049334cf11213945d57e5ac7d055d042b7e", 16)),
                Fp2.of(
                new BigInteger("0ce5d527727d6e118cc9cdc6da2e351aadfd9baa8cbdd3a76d429a695160d12c923ac9cc3baca289e193548608b82801", 16),
                new BigInteger("0606c4a02ea734cc32acd2b02bc28b99cb3e287e85a763af267492ab572e99ab3f370d275cec1da1aaa9075ff05f79be", 16)));
    }

    private static long[] concat(long[] x, long[] y) {
        long[] r = new long[x.length + y.length];
        System.arraycopy(x, 0, r, 0, x.length);
        System.arraycopy(y, 0, r, x.length, y.length);
        return r;
    }

    private static Benchmark pairing() {
        return new Benchmark() {
            long[] p;
            long[] q;

            public String name() {
                return "pairing";
            }

            public long size() {
                return PAIRINGS_PER_RUN;
            }

            public String unit() {
                return "pairing";
            }

            public void setUp() {
                p = g1Generator();
                q = g2Generator();
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
        return new Benchmark() {
            final long[] g1 = new long[4 * G1];
            final long[] g2 = new long[4 * G2];

            public String name() {
                return "multi-pairing-4";
            }

            public long size() {
                return MULTI_PER_RUN;
            }

            public String unit() {
                return "product";
            }

            public void setUp() {
                long[] p = g1Generator();
                long[] q = g2Generator();
                for (int i = 0; i < 4; i++) {
                    System.arraycopy(p, 0, g1, i * G1, G1);
                    if (i % 2 == 1) {
                        Fp.neg(g1, i * G1 + Fp.LIMBS, g1, i * G1 + Fp.LIMBS);
                    }
                    System.arraycopy(q, 0, g2, i * G2, G2);
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
