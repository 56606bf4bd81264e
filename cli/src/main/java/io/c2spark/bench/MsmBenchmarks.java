package io.c2spark.bench;

import io.c2spark.core.curve.G1;
import io.c2spark.core.curve.G2;
import io.c2spark.core.field.Fr;
import io.c2spark.core.msm.BatchAddition;
import io.c2spark.core.msm.FixedBase;
import io.c2spark.core.msm.Msm;
import io.c2spark.core.msm.SumGrid;
import java.math.BigInteger;
import java.util.List;
import java.util.Random;

/**
 * G1 and G2 MSM with random full-width scalars (and G1 with every other scalar one), bitmap batch
 * addition with half the bits set, and fixed-base multiplication (parameter generation's work) with
 * random full-width scalars.
 * Bases (not timed) are the distinct points a G + b H (a, b small, H a random multiple of G) made by
 * {@link SumGrid} from two short progressions.
 */
final class MsmBenchmarks {
    private MsmBenchmarks() {
    }

    static List<Benchmark> all() {
        return List.of(msm(false, 16, false), msm(false, 16, true), msm(false, 20, false), msm(true, 16, false),
                msm(true, 20, false), batchAdd(20), fixedBase(false, 20), fixedBase(true, 18));
    }

    /** 2^logN distinct affine bases of G1 or G2. */
    static long[] bases(boolean g2, int logN, Random rnd) {
        int nr = 1 << (logN / 2);
        int nc = 1 << (logN - logN / 2);
        BigInteger h = new BigInteger(250, rnd);
        return g2 ? SumGrid.g2(progression(true, BigInteger.ONE, nr), progression(true, h, nc))
                : SumGrid.g1(progression(false, BigInteger.ONE, nr), progression(false, h, nc));
    }

    /** (i + 1) k G for i < count, affine. */
    private static long[] progression(boolean g2, BigInteger k, int count) {
        int jac = g2 ? G2.JACOBIAN : G1.JACOBIAN;
        long[] step = new long[jac];
        long[] points = new long[count * jac];
        if (g2) {
            G2.LAW.fromAffine(G2.generator(), 0, step, 0);
            G2.LAW.mul(step, 0, k, step, 0);
            System.arraycopy(step, 0, points, 0, jac);
            for (int i = 1; i < count; i++) {
                G2.LAW.add(points, (i - 1) * jac, step, 0, points, i * jac);
            }
            long[] aff = new long[count * G2.AFFINE];
            G2.batchToAffine(points, 0, aff, 0, count);
            return aff;
        }
        G1.LAW.fromAffine(G1.generator(), 0, step, 0);
        G1.LAW.mul(step, 0, k, step, 0);
        System.arraycopy(step, 0, points, 0, jac);
        for (int i = 1; i < count; i++) {
            G1.LAW.add(points, (i - 1) * jac, step, 0, points, i * jac);
        }
        long[] aff = new long[count * G1.AFFINE];
        G1.batchToAffine(points, 0, aff, 0, count);
        return aff;
    }

    /** With halfOnes every other scalar is 1, as a snarkjs witness carries a circuit's bit signals. */
    private static Benchmark msm(boolean g2, int logN, boolean halfOnes) {
        return new Benchmark() {
            long[] bases;
            long[] scalars;

            public String name() {
                return (g2 ? "g2" : "g1") + "-msm-2^" + logN + (halfOnes ? "-half-ones" : "");
            }

            public long size() {
                return 1L << logN;
            }

            public String unit() {
                return "point";
            }

            public void setUp() {
                Random rnd = new Random(logN);
                bases = bases(g2, logN, rnd);
                scalars = new long[4 << logN];
                for (int i = 0; i < 1 << logN; i++) {
                    if (halfOnes && i % 2 == 0) {
                        Fr.setOne(scalars, 4 * i);
                    } else {
                        Fr.random(rnd, scalars, 4 * i);
                    }
                }
            }

            public void run() {
                if (g2) {
                    Msm.g2(bases, scalars);
                } else {
                    Msm.g1(bases, scalars);
                }
            }
        };
    }

    private static Benchmark batchAdd(int logN) {
        return new Benchmark() {
            long[] bases;
            long[] bitmap;

            public String name() {
                return "batch-add-2^" + logN;
            }

            public long size() {
                return 1L << logN;
            }

            public String unit() {
                return "point";
            }

            public void setUp() {
                Random rnd = new Random(logN);
                bases = bases(false, logN, rnd);
                bitmap = new long[(1 << logN) / 64];
                for (int i = 0; i < bitmap.length; i++) {
                    bitmap[i] = rnd.nextLong();
                }
            }

            public void run() {
                BatchAddition.g1(bases, bitmap, 1 << logN);
            }
        };
    }

    /** 2^logN multiples of the generator, the window parameter generation would pick for that many (table not timed). */
    private static Benchmark fixedBase(boolean g2, int logN) {
        return new Benchmark() {
            FixedBase table;
            long[] scalars;

            public String name() {
                return (g2 ? "g2" : "g1") + "-fixed-base-2^" + logN;
            }

            public long size() {
                return 1L << logN;
            }

            public String unit() {
                return "multiple";
            }

            public void setUp() {
                int c = FixedBase.windowFor(1L << logN);
                table = g2 ? FixedBase.g2(G2.generator(), c) : FixedBase.g1(G1.generator(), c);
                Random rnd = new Random(logN);
                scalars = new long[4 << logN];
                for (int i = 0; i < 1 << logN; i++) {
                    Fr.random(rnd, scalars, 4 * i);
                }
            }

            public void run() {
                table.mul(scalars);
            }
        };
    }
}
