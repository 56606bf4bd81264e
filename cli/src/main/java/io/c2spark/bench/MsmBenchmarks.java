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
    private static long[] bases(boolean g2, int logN, Random rnd) {
        int nr = 1 << (logN / 2);
        int nc = 1 << (logN - logN / 2);
        BigInteger h = new BigInteger(250, rnd);
        return g2 ? SumGrid.g2(GeneratorMultiples.progression(true, BigInteger.ONE, nr),
                GeneratorMultiples.progression(true, h, nc))
                : SumGrid.g1(GeneratorMultiples.progression(false, BigInteger.ONE, nr),
                        GeneratorMultiples.progression(false, h, nc));
    }

    /** With halfOnes every other scalar is 1, as a snarkjs witness carries a circuit's bit signals. */
    private static Benchmark msm(boolean g2, int logN, boolean halfOnes) {
        String name = (g2 ? "g2" : "g1") + "-msm-2^" + logN + (halfOnes ? "-half-ones" : "");
        return new Benchmark(name, 1L << logN, "point") {
            long[] bases;
            long[] scalars;

            public void setUp() {
                Random rnd = new Random(logN);
                bases = bases(g2, logN, rnd);
                scalars = halfOnes ? halfOnes(rnd, 1 << logN) : RandomScalars.of(rnd, 1 << logN);
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

    /** count scalars: the even-indexed ones 1, the others random. */
    private static long[] halfOnes(Random rnd, int count) {
        long[] scalars = new long[Fr.LIMBS * count];
        for (int i = 0; i < count; i++) {
            if (i % 2 == 0) {
                Fr.setOne(scalars, Fr.LIMBS * i);
            } else {
                Fr.random(rnd, scalars, Fr.LIMBS * i);
            }
        }
        return scalars;
    }

    private static Benchmark batchAdd(int logN) {
        return new Benchmark("batch-add-2^" + logN, 1L << logN, "point") {
            long[] bases;
            long[] bitmap;

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
        return new Benchmark((g2 ? "g2" : "g1") + "-fixed-base-2^" + logN, 1L << logN, "multiple") {
            FixedBase table;
            long[] scalars;

            public void setUp() {
                int c = FixedBase.windowFor(1L << logN);
                table = g2 ? FixedBase.g2(G2.generator(), c) : FixedBase.g1(G1.generator(), c);
                scalars = RandomScalars.of(new Random(logN), 1 << logN);
            }

            public void run() {
                table.mul(scalars);
            }
        };
    }
}
