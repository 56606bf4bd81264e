package io.c2spark.bench;

import io.c2spark.core.curve.G1;
import io.c2spark.core.curve.G2;
import io.c2spark.core.curve.JacobianGroupLaw;
import java.math.BigInteger;

/** Distinct affine points of G1 or G2 made cheaply from the generator, the benchmarks' bases. */
final class GeneratorMultiples {
    private GeneratorMultiples() {
    }

    /** (i + 1) k G for i < count, affine. */
    static long[] progression(boolean g2, BigInteger k, int count) {
        JacobianGroupLaw law = g2 ? G2.LAW : G1.LAW;
        int jac = law.jacobianLongs();
        long[] step = new long[jac];
        long[] points = new long[count * jac];
        law.fromAffine(g2 ? G2.generator() : G1.generator(), 0, step, 0);
        law.mul(step, 0, k, step, 0);
        System.arraycopy(step, 0, points, 0, jac);
        for (int i = 1; i < count; i++) {
            law.add(points, (i - 1) * jac, step, 0, points, i * jac);
        }
        long[] aff = new long[count * law.affineLongs()];
        if (g2) {
            G2.batchToAffine(points, 0, aff, 0, count);
        } else {
            G1.batchToAffine(points, 0, aff, 0, count);
        }
        return aff;
    }
}
