package io.c2spark.gpu.msm;

import io.c2spark.core.curve.G1;
import io.c2spark.core.curve.G2;
import io.c2spark.core.curve.JacobianGroupLaw;
import io.c2spark.core.field.CoordinateField;

/**
 * The last step of an MSM on the CPU: sum_w 2^(c w) W_w by Horner from the per-window XYZZ sums
 * the device leaves ({@link Msm}). On the device it is one thread's chain of about 255 dependent
 * point doublings, milliseconds whatever the MSM's size; a CPU core does it in well under one,
 * outside the device's compute lock.
 *
 * <p>XYZZ (X, Y, ZZ, ZZZ) with ZZ^3 = ZZZ^2 is the Jacobian point (X ZZ^2, Y ZZZ^2, ZZZ); ZZZ = 0
 * is the identity. Field elements in prover-core's limbs (the device writes the same bytes).
 */
public final class WindowCombination {
    private WindowCombination() {
    }

    /** G1: windows XYZZ sums of 24 longs from xyzz[offset], window c bits; the Jacobian result (18 longs). */
    public static long[] g1(long[] xyzz, int offset, int windows, int c) {
        return combine(G1.LAW, xyzz, offset, windows, c);
    }

    /** G2: windows XYZZ sums of 48 longs from xyzz[offset]; the Jacobian result (36 longs). */
    public static long[] g2(long[] xyzz, int offset, int windows, int c) {
        return combine(G2.LAW, xyzz, offset, windows, c);
    }

    /** Horner over the windows in the group of law. */
    private static long[] combine(JacobianGroupLaw law, long[] xyzz, int offset, int windows, int c) {
        CoordinateField f = law.field();
        int n = f.limbs;
        long[] acc = new long[3 * n];
        long[] w = new long[3 * n];
        long[] t = new long[n];
        for (int i = windows - 1; i >= 0; i--) {
            for (int k = 0; k < c; k++) {
                law.dbl(acc, 0, acc, 0);
            }
            int o = offset + i * 4 * n;
            if (f.isZero(xyzz, o + 3 * n)) {
                continue;
            }
            f.sqr(xyzz, o + 2 * n, t, 0);
            f.mul(xyzz, o, t, 0, w, 0);
            f.sqr(xyzz, o + 3 * n, t, 0);
            f.mul(xyzz, o + n, t, 0, w, n);
            System.arraycopy(xyzz, o + 3 * n, w, 2 * n, n);
            law.add(acc, 0, w, 0, acc, 0);
        }
        return acc;
    }

    /** Either group, by the curve. */
    public static long[] of(Curve curve, long[] xyzz, int offset, int windows, int c) {
        return curve == Curve.G1 ? g1(xyzz, offset, windows, c) : g2(xyzz, offset, windows, c);
    }
}
