package io.c2spark.core.groth16;

import io.c2spark.core.curve.G1;
import io.c2spark.core.curve.G2;
import io.c2spark.core.curve.JacobianGroupLaw;
import io.c2spark.core.msm.Msm;

/**
 * Multi-scalar multiplication as the provers use it: bases affine in the shared layout (G1 12 longs,
 * G2 24 longs, all zero = identity), scalars Fr Montgomery (4 longs each); the result is Jacobian
 * (G1 18 longs, G2 36). The msm package's Pippenger implements it; {@link #REFERENCE} is the plain
 * sum of scalar multiplications, for small circuits and for checking the fast one.
 */
public interface MultiExp {
    long[] g1(long[] bases, long[] scalars);

    long[] g2(long[] bases, long[] scalars);

    /** Pippenger's bucket method ({@link Msm}): the fast one. */
    MultiExp PIPPENGER = new MultiExp() {
        @Override
        public long[] g1(long[] bases, long[] scalars) {
            return Msm.g1(bases, scalars);
        }

        @Override
        public long[] g2(long[] bases, long[] scalars) {
            return Msm.g2(bases, scalars);
        }
    };

    /** sum s_i P_i by one double-and-add scalar multiplication per point. */
    MultiExp REFERENCE = new MultiExp() {
        @Override
        public long[] g1(long[] bases, long[] scalars) {
            return sum(G1.LAW, bases, scalars);
        }

        @Override
        public long[] g2(long[] bases, long[] scalars) {
            return sum(G2.LAW, bases, scalars);
        }

        private long[] sum(JacobianGroupLaw law, long[] bases, long[] scalars) {
            int n = count(bases, scalars, law.affineLongs());
            long[] acc = new long[law.jacobianLongs()];
            long[] t = new long[law.jacobianLongs()];
            for (int i = 0; i < n; i++) {
                law.fromAffine(bases, i * law.affineLongs(), t, 0);
                law.mul(t, 0, scalars, 4 * i, t, 0);
                law.add(acc, 0, t, 0, acc, 0);
            }
            return acc;
        }

        private int count(long[] bases, long[] scalars, int pointLongs) {
            int n = scalars.length / 4;
            if (scalars.length % 4 != 0 || bases.length != (long) n * pointLongs) {
                throw new IllegalArgumentException("MSM of " + scalars.length / 4.0 + " scalars over "
                        + bases.length / (double) pointLongs + " bases");
            }
            return n;
        }
    };
}
