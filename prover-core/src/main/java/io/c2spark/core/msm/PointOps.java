package io.c2spark.core.msm;

import io.c2spark.core.field.CoordinateField;

/**
 * Jacobian point arithmetic (X, Y, Z; x = X/Z^2, y = Y/Z^3; identity Z = 0) for y^2 = x^3 + b over
 * a {@link CoordinateField}, as the MSM needs it for bucket reduction and window combination.
 * Formulas from the Explicit-Formulas Database (a = 0): madd-2007-bl, add-2007-bl, dbl-2009-l,
 * with the cases where an addition meets its own point (doubling) or its negation (identity).
 * They are the curve package's group law (G1, G2) done in place: that law allocates its
 * temporaries per call so that any thread may call it, these inner loops reuse one scratch array.
 *
 * <p>An instance owns scratch space: one per thread. Affine points are 2 coordinates, all-zero for
 * the identity, as in the shared layout; Jacobian points are 3 coordinates.
 */
final class PointOps {
    final CoordinateField f;
    private final int l;
    private final long[] t;

    PointOps(CoordinateField f) {
        this.f = f;
        this.l = f.limbs;
        this.t = new long[13 * f.limbs];
    }

    boolean isIdentity(long[] p, int po) {
        return f.isZero(p, po + 2 * l);
    }

    void setIdentity(long[] p, int po) {
        java.util.Arrays.fill(p, po, po + 3 * l, 0);
    }

    /** p = q for an affine q (all-zero q gives the identity). */
    void setAffine(long[] p, int po, long[] q, int qo) {
        if (f.isZero(q, qo) && f.isZero(q, qo + l)) {
            setIdentity(p, po);
            return;
        }
        System.arraycopy(q, qo, p, po, 2 * l);
        f.setOne(p, po + 2 * l);
    }

    /**
     * Affine p = 2p for p not the identity (y != 0 in a prime-order group): lambda = 3x^2 / 2y,
     * x3 = lambda^2 - 2x, y3 = lambda (x - x3) - y. One inversion: for the batches' rare same-x
     * additions.
     */
    private void doubleAffine(long[] p, int po) {
        long[] t = this.t;
        f.add(p, po + l, p, po + l, t, 0);
        f.inverse(t, 0, t, 0);
        f.sqr(p, po, t, l);
        f.add(t, l, t, l, t, 2 * l);
        f.add(t, 2 * l, t, l, t, l);
        f.mul(t, 0, t, l, t, 0);
        f.sqr(t, 0, t, l);
        f.sub(t, l, p, po, t, l);
        f.sub(t, l, p, po, t, l);
        f.sub(p, po, t, l, t, 2 * l);
        f.mul(t, 0, t, 2 * l, t, 2 * l);
        f.sub(t, 2 * l, p, po + l, p, po + l);
        System.arraycopy(t, l, p, po, l);
    }

    /**
     * Affine target += (negate ? -1 : 1) source where the two share x, the case every batch of affine
     * additions hands back: equal points double the target (true), opposite ones sum to the identity
     * (false, the target left as it was).
     */
    boolean addSameX(long[] target, int to, long[] source, int so, boolean negate) {
        long[] t = this.t;
        if (negate) {
            f.neg(source, so + l, t, 0);
        } else {
            System.arraycopy(source, so + l, t, 0, l);
        }
        if (!f.equal(t, 0, target, to + l)) {
            return false;
        }
        doubleAffine(target, to);
        return true;
    }

    /**
     * Jacobian p += affine q (q not the identity). Its second half has the shape of {@link #add}'s
     * (madd-2007-bl and add-2007-bl end alike): both stay straight-line code, the MSM's bucket
     * accumulation and reduction running them in their inner loops.
     */
    void addMixed(long[] p, int po, long[] q, int qo) {
        int x1 = po, y1 = po + l, z1 = po + 2 * l;
        if (f.isZero(p, z1)) {
            setAffine(p, po, q, qo);
            return;
        }
        long[] t = this.t;
        int t0 = 0, t1 = l, t2 = 2 * l, t3 = 3 * l, t4 = 4 * l, t5 = 5 * l, t6 = 6 * l, t7 = 7 * l, t8 = 8 * l,
                t9 = 9 * l, t10 = 10 * l, t11 = 11 * l;
        f.sqr(p, z1, t, t0);
        f.mul(q, qo, t, t0, t, t1);
        f.mul(q, qo + l, p, z1, t, t2);
        f.mul(t, t2, t, t0, t, t2);
        f.sub(t, t1, p, x1, t, t3);
        f.sub(t, t2, p, y1, t, t4);
        if (f.isZero(t, t3)) {
            if (f.isZero(t, t4)) {
                dbl(p, po);
            } else {
                setIdentity(p, po);
            }
            return;
        }
        f.add(t, t4, t, t4, t, t4);
        f.sqr(t, t3, t, t5);
        f.add(t, t5, t, t5, t, t6);
        f.add(t, t6, t, t6, t, t6);
        f.mul(t, t3, t, t6, t, t7);
        f.mul(p, x1, t, t6, t, t8);
        f.sqr(t, t4, t, t9);
        f.sub(t, t9, t, t7, t, t9);
        f.sub(t, t9, t, t8, t, t9);
        f.sub(t, t9, t, t8, t, t9);
        f.sub(t, t8, t, t9, t, t8);
        f.mul(t, t4, t, t8, t, t8);
        f.mul(p, y1, t, t7, t, t10);
        f.add(t, t10, t, t10, t, t10);
        f.sub(t, t8, t, t10, t, t8);
        f.add(p, z1, t, t3, t, t11);
        f.sqr(t, t11, t, t11);
        f.sub(t, t11, t, t0, t, t11);
        f.sub(t, t11, t, t5, p, z1);
        System.arraycopy(t, t9, p, x1, l);
        System.arraycopy(t, t8, p, y1, l);
    }

    /** Jacobian p += Jacobian q; straight-line like {@link #addMixed}, for the same inner loops. */
    void add(long[] p, int po, long[] q, int qo) {
        int x1 = po, y1 = po + l, z1 = po + 2 * l;
        int x2 = qo, y2 = qo + l, z2 = qo + 2 * l;
        if (f.isZero(q, z2)) {
            return;
        }
        if (f.isZero(p, z1)) {
            System.arraycopy(q, qo, p, po, 3 * l);
            return;
        }
        long[] t = this.t;
        int t0 = 0, t1 = l, t2 = 2 * l, t3 = 3 * l, t4 = 4 * l, t5 = 5 * l, t6 = 6 * l, t7 = 7 * l, t8 = 8 * l,
                t9 = 9 * l, t10 = 10 * l, t11 = 11 * l, t12 = 12 * l;
        f.sqr(p, z1, t, t0);
        f.sqr(q, z2, t, t1);
        f.mul(p, x1, t, t1, t, t2);
        f.mul(q, x2, t, t0, t, t3);
        f.mul(p, y1, q, z2, t, t4);
        f.mul(t, t4, t, t1, t, t4);
        f.mul(q, y2, p, z1, t, t5);
        f.mul(t, t5, t, t0, t, t5);
        f.sub(t, t3, t, t2, t, t6);
        f.sub(t, t5, t, t4, t, t7);
        if (f.isZero(t, t6)) {
            if (f.isZero(t, t7)) {
                dbl(p, po);
            } else {
                setIdentity(p, po);
            }
            return;
        }
        f.add(t, t7, t, t7, t, t7);
        f.add(t, t6, t, t6, t, t8);
        f.sqr(t, t8, t, t8);
        f.mul(t, t6, t, t8, t, t9);
        f.mul(t, t2, t, t8, t, t10);
        f.sqr(t, t7, t, t11);
        f.sub(t, t11, t, t9, t, t11);
        f.sub(t, t11, t, t10, t, t11);
        f.sub(t, t11, t, t10, t, t11);
        f.sub(t, t10, t, t11, t, t10);
        f.mul(t, t7, t, t10, t, t10);
        f.mul(t, t4, t, t9, t, t4);
        f.add(t, t4, t, t4, t, t4);
        f.sub(t, t10, t, t4, t, t10);
        f.add(p, z1, q, z2, t, t12);
        f.sqr(t, t12, t, t12);
        f.sub(t, t12, t, t0, t, t12);
        f.sub(t, t12, t, t1, t, t12);
        f.mul(t, t12, t, t6, p, z1);
        System.arraycopy(t, t11, p, x1, l);
        System.arraycopy(t, t10, p, y1, l);
    }

    /** p = 2p. */
    void dbl(long[] p, int po) {
        int x1 = po, y1 = po + l, z1 = po + 2 * l;
        if (f.isZero(p, z1)) {
            return;
        }
        long[] t = this.t;
        int t0 = 0, t1 = l, t2 = 2 * l, t3 = 3 * l, t4 = 4 * l, t5 = 5 * l, t6 = 6 * l, t7 = 7 * l;
        f.sqr(p, x1, t, t0);
        f.sqr(p, y1, t, t1);
        f.sqr(t, t1, t, t2);
        f.add(p, x1, t, t1, t, t3);
        f.sqr(t, t3, t, t3);
        f.sub(t, t3, t, t0, t, t3);
        f.sub(t, t3, t, t2, t, t3);
        f.add(t, t3, t, t3, t, t3);
        f.add(t, t0, t, t0, t, t4);
        f.add(t, t4, t, t0, t, t4);
        f.sqr(t, t4, t, t5);
        f.sub(t, t5, t, t3, t, t6);
        f.sub(t, t6, t, t3, t, t6);
        f.sub(t, t3, t, t6, t, t7);
        f.mul(t, t4, t, t7, t, t7);
        f.add(t, t2, t, t2, t, t2);
        f.add(t, t2, t, t2, t, t2);
        f.add(t, t2, t, t2, t, t2);
        f.sub(t, t7, t, t2, t, t7);
        f.mul(p, y1, p, z1, p, z1);
        f.add(p, z1, p, z1, p, z1);
        System.arraycopy(t, t6, p, x1, l);
        System.arraycopy(t, t7, p, y1, l);
    }

    /** Affine form of the Jacobian p (the identity becomes all zeros). */
    void toAffine(long[] p, int po, long[] r, int ro) {
        if (isIdentity(p, po)) {
            java.util.Arrays.fill(r, ro, ro + 2 * l, 0);
            return;
        }
        long[] t = this.t;
        f.inverse(p, po + 2 * l, t, 0);
        f.sqr(t, 0, t, l);
        f.mul(p, po, t, l, r, ro);
        f.mul(t, l, t, 0, t, l);
        f.mul(p, po + l, t, l, r, ro + l);
    }
}
