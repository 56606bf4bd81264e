package io.c2spark.core.curve;

import java.math.BigInteger;
import java.util.Arrays;

import io.c2spark.core.field.CoordinateField;
import io.c2spark.core.field.Fr;

/**
 * The group law of a short Weierstrass curve y^2 = x^3 + b (a = 0) in Jacobian coordinates, written
 * once for any {@link CoordinateField}: {@link G1} uses it over Fp and {@link G2} over Fp2.
 * Formulas are the a = 0 Jacobian ones of the Explicit-Formulas Database (hyperelliptic.org/EFD,
 * g1p/auto-shortw-jacobian-0): dbl-2009-l (2M + 5S), add-2007-bl (11M + 5S), madd-2007-bl (7M + 4S).
 * Additions detect the cases those formulas do not cover (an identity operand, P + P, P + (-P)).
 * Layouts: affine x, y (the identity all-zero limbs; (0, 0) is on neither curve) and Jacobian
 * X, Y, Z for (X / Z^2, Y / Z^3), any Z = 0 the identity. Every output may alias an input at the
 * same offset; temporaries are one small array per call, so the static G1 and G2 methods can be
 * called from any thread. The MSM's inner loops use the same formulas in place, with scratch
 * owned by one thread (msm.PointOps), where a fresh array per addition would cost more than the
 * addition's field arithmetic spares.
 */
public final class JacobianGroupLaw {
    private final CoordinateField f;
    private final long[] curveB;
    private final int n;
    private final int affine;
    private final int jacobian;

    JacobianGroupLaw(CoordinateField f, long[] b) {
        this.f = f;
        this.curveB = b;
        this.n = f.limbs;
        this.affine = 2 * n;
        this.jacobian = 3 * n;
    }

    /** The coordinate field. */
    public CoordinateField field() {
        return f;
    }

    /** Longs of an affine point (two coordinates). */
    public int affineLongs() {
        return affine;
    }

    /** Longs of a Jacobian point (three coordinates). */
    public int jacobianLongs() {
        return jacobian;
    }

    public boolean isIdentityAffine(long[] a, int ao) {
        return f.isZero(a, ao) && f.isZero(a, ao + n);
    }

    public boolean isIdentity(long[] p, int po) {
        return f.isZero(p, po + 2 * n);
    }

    public void setIdentity(long[] p, int po) {
        Arrays.fill(p, po, po + jacobian, 0L);
    }

    public void setIdentityAffine(long[] a, int ao) {
        Arrays.fill(a, ao, ao + affine, 0L);
    }

    /** Jacobian (x, y, 1) from affine (x, y); the identity maps to Z = 0. */
    public void fromAffine(long[] a, int ao, long[] r, int ro) {
        if (isIdentityAffine(a, ao)) {
            setIdentity(r, ro);
            return;
        }
        System.arraycopy(a, ao, r, ro, affine);
        f.setOne(r, ro + 2 * n);
    }

    /** Affine (X / Z^2, Y / Z^3); the identity maps to all zeros. One inversion. */
    public void toAffine(long[] p, int po, long[] r, int ro) {
        if (isIdentity(p, po)) {
            setIdentityAffine(r, ro);
            return;
        }
        long[] t = new long[2 * n];
        f.inverse(p, po + 2 * n, t, 0);
        f.sqr(t, 0, t, n);
        f.mul(t, 0, t, n, t, 0);
        f.mul(p, po, t, n, r, ro);
        f.mul(p, po + n, t, 0, r, ro + n);
    }

    /** y^2 = x^3 + b for an affine point; the identity counts as on the curve. */
    public boolean isOnCurveAffine(long[] a, int ao) {
        if (isIdentityAffine(a, ao)) {
            return true;
        }
        long[] t = new long[2 * n];
        f.sqr(a, ao, t, 0);
        f.mul(t, 0, a, ao, t, 0);
        f.add(t, 0, curveB, 0, t, 0);
        f.sqr(a, ao + n, t, n);
        return f.equal(t, 0, t, n);
    }

    /** Y^2 = X^3 + b Z^6 for a Jacobian point; the identity counts as on the curve. */
    public boolean isOnCurve(long[] p, int po) {
        if (isIdentity(p, po)) {
            return true;
        }
        long[] t = new long[3 * n];
        f.sqr(p, po + 2 * n, t, 0);
        f.mul(t, 0, p, po + 2 * n, t, 0);
        f.sqr(t, 0, t, 0);
        f.mul(t, 0, curveB, 0, t, 0);
        f.sqr(p, po, t, n);
        f.mul(t, n, p, po, t, n);
        f.add(t, 0, t, n, t, 0);
        f.sqr(p, po + n, t, 2 * n);
        return f.equal(t, 0, t, 2 * n);
    }

    /** Equality of Jacobian points as group elements (X1 Z2^2 = X2 Z1^2 and Y1 Z2^3 = Y2 Z1^3). */
    public boolean equal(long[] p, int po, long[] q, int qo) {
        boolean pi = isIdentity(p, po);
        boolean qi = isIdentity(q, qo);
        if (pi || qi) {
            return pi == qi;
        }
        long[] t = new long[6 * n];
        f.sqr(p, po + 2 * n, t, 0);
        f.sqr(q, qo + 2 * n, t, n);
        f.mul(p, po, t, n, t, 2 * n);
        f.mul(q, qo, t, 0, t, 3 * n);
        if (!f.equal(t, 2 * n, t, 3 * n)) {
            return false;
        }
        f.mul(t, 0, p, po + 2 * n, t, 0);
        f.mul(t, n, q, qo + 2 * n, t, n);
        f.mul(p, po + n, t, n, t, 4 * n);
        f.mul(q, qo + n, t, 0, t, 5 * n);
        return f.equal(t, 4 * n, t, 5 * n);
    }

    public void negAffine(long[] a, int ao, long[] r, int ro) {
        if (r != a || ro != ao) {
            System.arraycopy(a, ao, r, ro, n);
        }
        f.neg(a, ao + n, r, ro + n);
    }

    public void neg(long[] p, int po, long[] r, int ro) {
        if (r != p || ro != po) {
            System.arraycopy(p, po, r, ro, n);
            System.arraycopy(p, po + 2 * n, r, ro + 2 * n, n);
        }
        f.neg(p, po + n, r, ro + n);
    }

    /** r = 2p, dbl-2009-l. The identity doubles to Z = 0 by the formula itself. */
    public void dbl(long[] p, int po, long[] r, int ro) {
        final int a = 0;
        final int b = n;
        final int c = 2 * n;
        final int d = 3 * n;
        final int e = 4 * n;
        long[] t = new long[5 * n];
        f.sqr(p, po, t, a);                 // A = X1^2
        f.sqr(p, po + n, t, b);             // curveB = Y1^2
        f.sqr(t, b, t, c);                  // C = curveB^2
        f.add(p, po, t, b, t, d);
        f.sqr(t, d, t, d);
        f.sub(t, d, t, a, t, d);
        f.sub(t, d, t, c, t, d);
        f.add(t, d, t, d, t, d);            // D = 2 ((X1 + curveB)^2 - A - C)
        f.add(t, a, t, a, t, e);
        f.add(t, e, t, a, t, e);            // E = 3 A
        f.mul(p, po + n, p, po + 2 * n, t, b);
        f.add(t, b, t, b, r, ro + 2 * n);   // Z3 = 2 Y1 Z1: p is not read after this
        f.sqr(t, e, t, a);                  // F = E^2
        f.sub(t, a, t, d, t, a);
        f.sub(t, a, t, d, r, ro);           // X3 = F - 2 D
        f.sub(t, d, r, ro, t, d);
        f.mul(t, e, t, d, t, d);            // E (D - X3)
        f.add(t, c, t, c, t, c);
        f.add(t, c, t, c, t, c);
        f.add(t, c, t, c, t, c);            // 8 C
        f.sub(t, d, t, c, r, ro + n);       // Y3 = E (D - X3) - 8 C
    }

    /**
     * r = p + q for Jacobian p and q, add-2007-bl. Its second half has the shape of
     * {@link #addAffine}'s (madd-2007-bl ends alike); each stays written out, since add with
     * Z2 = 1 would spend 4 multiplications and a squaring more on every mixed addition.
     */
    public void add(long[] p, int po, long[] q, int qo, long[] r, int ro) {
        if (isIdentity(p, po)) {
            System.arraycopy(q, qo, r, ro, jacobian);
            return;
        }
        if (isIdentity(q, qo)) {
            if (r != p || ro != po) {
                System.arraycopy(p, po, r, ro, jacobian);
            }
            return;
        }
        final int z1z1 = 0;
        final int z2z2 = n;
        final int u1 = 2 * n;
        final int h = 3 * n;
        final int s1 = 4 * n;
        final int rr = 5 * n;
        final int z3 = 6 * n;
        final int x3 = 7 * n;
        final int y3 = 8 * n;
        long[] t = new long[9 * n];
        f.sqr(p, po + 2 * n, t, z1z1);
        f.sqr(q, qo + 2 * n, t, z2z2);
        f.mul(p, po, t, z2z2, t, u1);               // U1 = X1 Z2Z2
        f.mul(q, qo, t, z1z1, t, h);                // U2 = X2 Z1Z1
        f.mul(p, po + n, q, qo + 2 * n, t, s1);
        f.mul(t, s1, t, z2z2, t, s1);               // S1 = Y1 Z2 Z2Z2
        f.mul(q, qo + n, p, po + 2 * n, t, rr);
        f.mul(t, rr, t, z1z1, t, rr);               // S2 = Y2 Z1 Z1Z1
        f.sub(t, h, t, u1, t, h);                   // H = U2 - U1
        f.sub(t, rr, t, s1, t, rr);
        f.add(t, rr, t, rr, t, rr);                 // r = 2 (S2 - S1)
        if (f.isZero(t, h)) {
            if (f.isZero(t, rr)) {
                dbl(p, po, r, ro);
            } else {
                setIdentity(r, ro);
            }
            return;
        }
        f.add(p, po + 2 * n, q, qo + 2 * n, t, z3);
        f.sqr(t, z3, t, z3);
        f.sub(t, z3, t, z1z1, t, z3);
        f.sub(t, z3, t, z2z2, t, z3);
        f.mul(t, z3, t, h, t, z3);                  // Z3 = ((Z1 + Z2)^2 - Z1Z1 - Z2Z2) H
        f.add(t, h, t, h, t, z1z1);
        f.sqr(t, z1z1, t, z1z1);                    // I = (2 H)^2
        f.mul(t, h, t, z1z1, t, z2z2);              // J = H I
        f.mul(t, u1, t, z1z1, t, u1);               // V = U1 I
        f.sqr(t, rr, t, x3);
        f.sub(t, x3, t, z2z2, t, x3);
        f.sub(t, x3, t, u1, t, x3);
        f.sub(t, x3, t, u1, t, x3);                 // X3 = r^2 - J - 2 V
        f.sub(t, u1, t, x3, t, u1);
        f.mul(t, rr, t, u1, t, u1);                 // r (V - X3)
        f.mul(t, s1, t, z2z2, t, s1);
        f.add(t, s1, t, s1, t, s1);                 // 2 S1 J
        f.sub(t, u1, t, s1, t, y3);                 // Y3 = r (V - X3) - 2 S1 J
        System.arraycopy(t, x3, r, ro, n);
        System.arraycopy(t, y3, r, ro + n, n);
        System.arraycopy(t, z3, r, ro + 2 * n, n);
    }

    /**
     * r = p + a for Jacobian p and affine a (the MSM bucket step), madd-2007-bl: written out beside
     * {@link #add}, whose shape it shares, so that it spends nothing on a's Z = 1.
     */
    public void addAffine(long[] p, int po, long[] a, int ao, long[] r, int ro) {
        if (isIdentityAffine(a, ao)) {
            if (r != p || ro != po) {
                System.arraycopy(p, po, r, ro, jacobian);
            }
            return;
        }
        if (isIdentity(p, po)) {
            System.arraycopy(a, ao, r, ro, affine);
            f.setOne(r, ro + 2 * n);
            return;
        }
        final int z1z1 = 0;
        final int h = n;
        final int rr = 2 * n;
        final int hh = 3 * n;
        final int z3 = 4 * n;
        final int y3 = 5 * n;
        long[] t = new long[6 * n];
        f.sqr(p, po + 2 * n, t, z1z1);
        f.mul(a, ao, t, z1z1, t, h);                // U2 = X2 Z1Z1
        f.mul(p, po + 2 * n, t, z1z1, t, rr);
        f.mul(a, ao + n, t, rr, t, rr);             // S2 = Y2 Z1 Z1Z1
        f.sub(t, h, p, po, t, h);                   // H = U2 - X1
        f.sub(t, rr, p, po + n, t, rr);
        f.add(t, rr, t, rr, t, rr);                 // r = 2 (S2 - Y1)
        if (f.isZero(t, h)) {
            if (f.isZero(t, rr)) {
                dbl(p, po, r, ro);
            } else {
                setIdentity(r, ro);
            }
            return;
        }
        f.sqr(t, h, t, hh);                         // HH = H^2
        f.add(p, po + 2 * n, t, h, t, z3);
        f.sqr(t, z3, t, z3);
        f.sub(t, z3, t, z1z1, t, z3);
        f.sub(t, z3, t, hh, t, z3);                 // Z3 = (Z1 + H)^2 - Z1Z1 - HH
        f.add(t, hh, t, hh, t, hh);
        f.add(t, hh, t, hh, t, hh);                 // I = 4 HH
        f.mul(t, h, t, hh, t, h);                   // J = H I
        f.mul(p, po, t, hh, t, hh);                 // V = X1 I
        f.sqr(t, rr, t, z1z1);
        f.sub(t, z1z1, t, h, t, z1z1);
        f.sub(t, z1z1, t, hh, t, z1z1);
        f.sub(t, z1z1, t, hh, t, z1z1);             // X3 = r^2 - J - 2 V
        f.sub(t, hh, t, z1z1, t, hh);
        f.mul(t, rr, t, hh, t, hh);                 // r (V - X3)
        f.mul(p, po + n, t, h, t, y3);
        f.add(t, y3, t, y3, t, y3);                 // 2 Y1 J
        f.sub(t, hh, t, y3, t, y3);                 // Y3 = r (V - X3) - 2 Y1 J
        System.arraycopy(t, z1z1, r, ro, n);
        System.arraycopy(t, y3, r, ro + n, n);
        System.arraycopy(t, z3, r, ro + 2 * n, n);
    }

    /** r = [k] p for a Jacobian p and an Fr scalar k (Montgomery form, 4 limbs at ko). */
    public void mul(long[] p, int po, long[] k, int ko, long[] r, int ro) {
        long[] c = new long[Fr.LIMBS];
        Fr.FIELD.fromMontgomery(k, ko, c, 0);
        mulLimbs(p, po, c, r, ro);
    }

    /** r = [k] p for any integer k (negative k multiplies -p). */
    public void mul(long[] p, int po, BigInteger k, long[] r, int ro) {
        mulLimbs(p, po, CurveParameter.limbs(k.abs()), r, ro);
        if (k.signum() < 0) {
            neg(r, ro, r, ro);
        }
    }

    /** Whether [r] a is the identity, r the group order: the slow, definitional subgroup test. */
    public boolean isInSubgroupByOrder(long[] a, int ao) {
        long[] p = new long[jacobian];
        fromAffine(a, ao, p, 0);
        mul(p, 0, Fr.MODULUS, p, 0);
        return isIdentity(p, 0);
    }

    /** An endomorphism of the curve applied to a Jacobian point in place. */
    @FunctionalInterface
    interface Endomorphism {
        void apply(long[] p, int po);
    }

    /**
     * Membership of an on-curve affine point in the order-r subgroup by Scott's endomorphism test
     * (eprint 2021/1130): whether endo(P) = -[|z|^k] P, z the curve parameter (negative here).
     */
    boolean passesEndomorphismTest(long[] a, int ao, Endomorphism endo, int k) {
        if (isIdentityAffine(a, ao)) {
            return true;
        }
        long[] p = new long[jacobian];
        fromAffine(a, ao, p, 0);
        long[] q = p.clone();
        for (int i = 0; i < k; i++) {
            mulLimbs(q, 0, CurveParameter.ABS_Z, q, 0);
        }
        neg(q, 0, q, 0);
        endo.apply(p, 0);
        return equal(p, 0, q, 0);
    }

    /** r = [k] p, k as little-endian unsigned limbs; left-to-right double and add. */
    void mulLimbs(long[] p, int po, long[] k, long[] r, int ro) {
        long[] base = new long[jacobian];
        System.arraycopy(p, po, base, 0, jacobian);
        long[] acc = new long[jacobian];
        for (int i = k.length - 1; i >= 0; i--) {
            for (int bit = 63; bit >= 0; bit--) {
                dbl(acc, 0, acc, 0);
                if (((k[i] >>> bit) & 1) != 0) {
                    add(acc, 0, base, 0, acc, 0);
                }
            }
        }
        System.arraycopy(acc, 0, r, ro, jacobian);
    }
}
