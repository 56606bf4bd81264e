package io.c2spark.bench;

import io.c2spark.core.field.Fr;
import java.util.Random;

/** Vectors of uniformly random Fr elements, the benchmarks' inputs. */
final class RandomScalars {
    private RandomScalars() {
    }

    /** count random elements, Fr.LIMBS longs each. */
    static long[] of(Random rnd, int count) {
        long[] scalars = new long[Fr.LIMBS * count];
        for (int i = 0; i < count; i++) {
            Fr.random(rnd, scalars, Fr.LIMBS * i);
        }
        return scalars;
    }
}
