package io.c2spark.core.groth16;

import io.c2spark.core.curve.G1;
import io.c2spark.core.curve.G2;
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
            int n = count(bases, scalars, G1.AFFINE);
            long[] acc = new long[G1.JACOBIAN];
            long[] t = new long[G1.JACOBIAN];
            for (int i = 0; i < n; i++) {
                G1.fromAffine(bases, i * G1.AFFINE, t, 0);
                G1.mul(t, 0, scalars, 4 * i, t, 0);
                G1.add(acc, 0, t, 0, acc, 0);
            }
            return acc;
        }

        @Override
        public long[] g2(long[] bases, long[] scalars) {
            int n = count(bases, scalars, G2.AFFINE);
            long[] acc = new long[G2.JACOBIAN];
            long[] t = new long[G2.JACOBIAN];
            for (int i = 0; i < n; i++) {
                G2.fromAffine(bases, i * G2.AFFINE, t, 0);
                G2.mul(t, 0, scalars, 4 * i, t, 0);
                G2.add(acc, 0, t, 0, acc, 0);
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
