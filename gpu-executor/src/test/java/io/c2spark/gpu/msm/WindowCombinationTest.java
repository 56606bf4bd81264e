package io.c2spark.gpu.msm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.math.BigInteger;

import org.junit.jupiter.api.Test;

import io.c2spark.core.curve.G1;
import io.c2spark.core.curve.G2;
import io.c2spark.core.field.Fp2;
import io.c2spark.core.field.Fp;
import io.c2spark.gpu.TestData;

/**
 * The CPU window combination against prover-core: for random window sums W_w (as XYZZ from
 * Jacobian points with Z != 1, identities among them), sum_w 2^(c w) W_w equals the sum of the
 * scalar multiples, for the window sizes MSMs use.
 */
public class WindowCombinationTest {
    /** XYZZ (X, Y, Z^2, Z^3) of a Jacobian point (X, Y, Z); all zero for the identity. */
    public static long[] xyzz(Curve curve, long[] jacobian) {
        int n = curve.affineLongs / 2;
        long[] out = new long[4 * n];
        boolean g1 = curve == Curve.G1;
        if (g1 ? G1.LAW.isIdentity(jacobian, 0) : G2.LAW.isIdentity(jacobian, 0)) {
            return out;
        }
        System.arraycopy(jacobian, 0, out, 0, 2 * n);
        if (g1) {
            Fp.sqr(jacobian, 2 * n, out, 2 * n);
            Fp.mul(out, 2 * n, jacobian, 2 * n, out, 3 * n);
        } else {
            Fp2.sqr(jacobian, 2 * n, out, 2 * n);
            Fp2.mul(out, 2 * n, jacobian, 2 * n, out, 3 * n);
        }
        return out;
    }

    static void check(Curve curve, int windows, int c, long seed) {
        boolean g1 = curve == Curve.G1;
        int jl = curve.jacobianLongs;
        long[] gen = new long[jl];
        if (g1) {
            G1.LAW.fromAffine(G1.generator(), 0, gen, 0);
        } else {
            G2.LAW.fromAffine(G2.generator(), 0, gen, 0);
        }
        long[] logs = TestData.randomFr(windows, seed);
        long[] all = new long[windows * 4 * (curve.affineLongs / 2)];
        long[] want = new long[jl];
        long[] p = new long[jl];
        long[] t = new long[jl];
        for (int w = 0; w < windows; w++) {
            if (w % 3 == 1) {
                continue;  // identity windows
            }
            if (g1) {
                G1.LAW.mul(gen, 0, logs, 4 * w, p, 0);
            } else {
                G2.LAW.mul(gen, 0, logs, 4 * w, p, 0);
            }
            long[] x = xyzz(curve, p);
            System.arraycopy(x, 0, all, w * x.length, x.length);
            BigInteger shift = BigInteger.ONE.shiftLeft(c * w);
            if (g1) {
                G1.LAW.mul(p, 0, shift, t, 0);
                G1.LAW.add(want, 0, t, 0, want, 0);
            } else {
                G2.LAW.mul(p, 0, shift, t, 0);
                G2.LAW.add(want, 0, t, 0, want, 0);
            }
        }
        long[] got = WindowCombination.of(curve, all, 0, windows, c);
        if (g1) {
            long[] a = new long[G1.AFFINE];
            long[] b = new long[G1.AFFINE];
            G1.LAW.toAffine(want, 0, a, 0);
            G1.LAW.toAffine(got, 0, b, 0);
            assertArrayEquals(a, b, curve + " windows " + windows + " c " + c);
        } else {
            long[] a = new long[G2.AFFINE];
            long[] b = new long[G2.AFFINE];
            G2.LAW.toAffine(want, 0, a, 0);
            G2.LAW.toAffine(got, 0, b, 0);
            assertArrayEquals(a, b, curve + " windows " + windows + " c " + c);
        }
    }

    @Test
    void combinationEqualsSumOfShiftedWindows() {
        for (Curve curve : Curve.values()) {
            check(curve, 64, 4, TestData.SEED + 1);
            check(curve, 32, 8, TestData.SEED + 2);
            check(curve, 16, 16, TestData.SEED + 3);
        }
    }
}
