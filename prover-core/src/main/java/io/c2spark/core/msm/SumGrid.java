package io.c2spark.core.msm;

import io.c2spark.core.concurrent.ComputePool;
import io.c2spark.core.field.CoordinateField;

/**
 * All pairwise sums rows[a] + cols[b] of two affine point sets, as affine points in row-major
 * order: a cheap way to make many distinct points (benchmark and test bases). Each row is one
 * batch of affine additions with a single shared inversion (about 6 multiplications per point,
 * where a scalar multiplication per point would cost thousands); rows run in parallel. A pair with
 * equal x (P = Q or P = -Q) falls back to Jacobian arithmetic.
 */
public final class SumGrid {
    private SumGrid() {
    }

    /** G1: rows and cols are affine (12 longs per point); returns rows x cols points. */
    public static long[] g1(long[] rows, long[] cols) {
        return grid(CoordinateField.FP, rows, cols);
    }

    /** G2: rows and cols are affine (24 longs per point); returns rows x cols points. */
    public static long[] g2(long[] rows, long[] cols) {
        return grid(CoordinateField.FP2, rows, cols);
    }

    static long[] grid(CoordinateField f, long[] rows, long[] cols) {
        int l = f.limbs;
        int pl = 2 * l;
        int nr = rows.length / pl;
        int nc = cols.length / pl;
        long[] out = new long[nr * nc * pl];
        ComputePool.forRange(0, nr, 1, (from, to) -> {
            PointOps ops = new PointOps(f);
            long[] dx = new long[nc * l];
            long[] scratch = new long[nc * l];
            long[] t = new long[3 * l];
            for (int a = from; a < to; a++) {
                int ro = a * pl;
                for (int b = 0; b < nc; b++) {
                    f.sub(cols, b * pl, rows, ro, dx, b * l);
                    if (f.isZero(dx, b * l)) {
                        f.setOne(dx, b * l);
                    }
                }
                f.batchInverse(dx, 0, nc, scratch);
                for (int b = 0; b < nc; b++) {
                    int co = b * pl;
                    int oo = (a * nc + b) * pl;
                    if (f.equal(cols, co, rows, ro) || isIdentity(f, rows, ro) || isIdentity(f, cols, co)) {
                        ops.setAffine(t, 0, rows, ro);
                        if (!isIdentity(f, cols, co)) {
                            ops.addMixed(t, 0, cols, co);
                        }
                        ops.toAffine(t, 0, out, oo);
                        continue;
                    }
                    // lambda = (y_b - y_a) / (x_b - x_a); x3 = lambda^2 - x_a - x_b; y3 = lambda (x_a - x3) - y_a.
                    f.sub(cols, co + l, rows, ro + l, t, 0);
                    f.mul(t, 0, dx, b * l, t, 0);
                    f.sqr(t, 0, t, l);
                    f.sub(t, l, rows, ro, t, l);
                    f.sub(t, l, cols, co, t, l);
                    f.sub(rows, ro, t, l, t, 2 * l);
                    f.mul(t, 0, t, 2 * l, t, 2 * l);
                    f.sub(t, 2 * l, rows, ro + l, out, oo + l);
                    System.arraycopy(t, l, out, oo, l);
                }
            }
        });
        return out;
    }

    private static boolean isIdentity(CoordinateField f, long[] p, int po) {
        return f.isZero(p, po) && f.isZero(p, po + f.limbs);
    }
}
