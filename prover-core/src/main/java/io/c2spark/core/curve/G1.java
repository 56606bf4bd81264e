package io.c2spark.core.curve;

import io.c2spark.core.field.Fp;
import io.c2spark.core.field.Fr;
import java.math.BigInteger;
import java.util.Arrays;

/**
 * The BLS12-381 group G1: points of y^2 = x^3 + 4 over Fp, in the subgroup of prime order r.
 *
 * <p>Layout (Fp elements of 6 Montgomery limbs, at a limb offset of a {@code long[]}):
 * <ul>
 *   <li>affine: x, y = 12 longs; the identity is all-zero limbs ((0, 0) is not on the curve);
 *   <li>Jacobian: X, Y, Z = 18 longs for (X / Z^2, Y / Z^3); any Z = 0 is the identity, so a freshly
 *       allocated array holds the identity.
 * </ul>
 * Formulas are the a = 0 Jacobian ones of the Explicit-Formulas Database (hyperelliptic.org/EFD,
 * g1p/auto-shortw-jacobian-0): dbl-2009-l (2M + 5S), add-2007-bl (11M + 5S), madd-2007-bl (7M + 4S).
 * Additions detect the cases those formulas do not cover (an identity operand, P + P, P + (-P)).
 * Every output may alias an input at the same offset; temporaries are one small array per call.
 */
public final class G1 {
    public static final int AFFINE = 2 * Fp.LIMBS;
    public static final int JACOBIAN = 3 * Fp.LIMBS;
    private static final int N = Fp.LIMBS;

    /** Generator (draft-irtf-cfrg-pairing-friendly-curves-11 section 4.2.1; RFC 9380 section 8.8.1). */
    public static final BigInteger GENERATOR_X = new BigInteger(
            "17f1d3a73197d7942695638c4fa9ac0fc3688c4f9774b905a14e3a3f171bac586c55e83ff97a1aeffb3af00adb22c6bb", 16);
    public static final BigInteger GENERATOR_Y = new BigInteger(
            "08b3f481e3aaa0f1a09e30ed741d8ae4fcf5e095d5d00af600db18cb2c04b3edd03cc744a2888ae40caa232946c5e7e1", 16);

    private static final long[] B = Fp.of(4);
    private static final long[] GENERATOR = affine(GENERATOR_X, GENERATOR_Y);

    /**
     * A primitive cube root of unity in Fp: phi(x, y) = (BETA x, y) acts on G1 as multiplication by
     * -z^2 (z the curve parameter), the eigenvalue Scott's subgroup test relies on (eprint
     * 2021/1130 section 6; the other cube root, BETA^2, has eigenvalue z^2 - 1).
     */
    static final long[] BETA = Fp.of(new BigInteger(
            "5f19672fdf76ce51ba69c6076a0f77eaddb3a93be6f89688de17d813620a00022e01fffffffefffe", 16));

    private G1() {
    }

    /** A new affine array for the canonical coordinates (x, y); not checked. */
    public static long[] affine(BigInteger x, BigInteger y) {
        long[] a = new long[AFFINE];
        Fp.FIELD.fromBigInteger(x, a, 0);
        Fp.FIELD.fromBigInteger(y, a, N);
        return a;
    }

    /** A new affine array holding the generator. */
    public static long[] generator() {
        return GENERATOR.clone();
    }

    // ---------------------------------------------------------------- identity, copies, conversions

    public static boolean isIdentityAffine(long[] a, int ao) {
        return Fp.isZero(a, ao) && Fp.isZero(a, ao + N);
    }

    public static boolean isIdentity(long[] p, int po) {
        return Fp.isZero(p, po + 2 * N);
    }

    public static void setIdentity(long[] p, int po) {
        Arrays.fill(p, po, po + JACOBIAN, 0L);
    }

    public static void setIdentityAffine(long[] a, int ao) {
        Arrays.fill(a, ao, ao + AFFINE, 0L);
    }

    /** Jacobian (x, y, 1) from affine (x, y); the identity maps to Z = 0. */
    public static void fromAffine(long[] a, int ao, long[] r, int ro) {
        if (isIdentityAffine(a, ao)) {
            setIdentity(r, ro);
            return;
        }
        System.arraycopy(a, ao, r, ro, AFFINE);
        Fp.setOne(r, ro + 2 * N);
    }

    /** Affine (X / Z^2, Y / Z^3); the identity maps to all zeros. One inversion. */
    public static void toAffine(long[] p, int po, long[] r, int ro) {
        if (isIdentity(p, po)) {
            setIdentityAffine(r, ro);
            return;
        }
        long[] t = new long[2 * N];
        Fp.inverse(p, po + 2 * N, t, 0);
        Fp.sqr(t, 0, t, N);
        Fp.mul(t, 0, t, N, t, 0);
        Fp.mul(p, po, t, N, r, ro);
        Fp.mul(p, po + N, t, 0, r, ro + N);
    }

    /**
     * Converts count Jacobian points (jac from limb offset jo) to affine (aff from ao) with a single
     * field inversion (Montgomery's trick); identities become all zeros. The ranges must not overlap.
     */
    public static void batchToAffine(long[] jac, int jo, long[] aff, int ao, int count) {
        long[] zInv = new long[count * N];
        for (int i = 0; i < count; i++) {
            System.arraycopy(jac, jo + i * JACOBIAN + 2 * N, zInv, i * N, N);
        }
        Fp.batchInverse(zInv, 0, count);
        long[] t = new long[N];
        for (int i = 0; i < count; i++) {
            int p = jo + i * JACOBIAN;
            int r = ao + i * AFFINE;
            int z = i * N;
            if (Fp.isZero(zInv, z)) {
                setIdentityAffine(aff, r);
                continue;
            }
            Fp.sqr(zInv, z, t, 0);
            Fp.mul(jac, p, t, 0, aff, r);
            Fp.mul(t, 0, zInv, z, t, 0);
            Fp.mul(jac, p + N, t, 0, aff, r + N);
        }
    }

    // ---------------------------------------------------------------- predicates

    /** y^2 = x^3 + 4 for an affine point; the identity counts as on the curve. */
    public static boolean isOnCurveAffine(long[] a, int ao) {
        if (isIdentityAffine(a, ao)) {
            return true;
        }
        long[] t = new long[2 * N];
        Fp.sqr(a, ao, t, 0);
        Fp.mul(t, 0, a, ao, t, 0);
        Fp.add(t, 0, B, 0, t, 0);
        Fp.sqr(a, ao + N, t, N);
        return Fp.equal(t, 0, t, N);
    }

    /** Y^2 = X^3 + 4 Z^6 for a Jacobian point; the identity counts as on the curve. */
    public static boolean isOnCurve(long[] p, int po) {
        if (isIdentity(p, po)) {
            return true;
        }
        long[] t = new long[3 * N];
        Fp.sqr(p, po + 2 * N, t, 0);
        Fp.mul(t, 0, p, po + 2 * N, t, 0);
        Fp.sqr(t, 0, t, 0);
        Fp.mul(t, 0, B, 0, t, 0);
        Fp.sqr(p, po, t, N);
        Fp.mul(t, N, p, po, t, N);
        Fp.add(t, 0, t, N, t, 0);
        Fp.sqr(p, po + N, t, 2 * N);
        return Fp.equal(t, 0, t, 2 * N);
    }

    /** Equality of Jacobian points as group elements (X1 Z2^2 = X2 Z1^2 and Y1 Z2^3 = Y2 Z1^3). */
    public static boolean equal(long[] p, int po, long[] q, int qo) {
        boolean pi = isIdentity(p, po);
        boolean qi = isIdentity(q, qo);
        if (pi || qi) {
            return pi == qi;
        }
        long[] t = new long[6 * N];
        Fp.sqr(p, po + 2 * N, t, 0);
        Fp.sqr(q, qo + 2 * N, t, N);
        Fp.mul(p, po, t, N, t, 2 * N);
        Fp.mul(q, qo, t, 0, t, 3 * N);
        if (!Fp.equal(t, 2 * N, t, 3 * N)) {
            return false;
        }
        Fp.mul(t, 0, p, po + 2 * N, t, 0);
        Fp.mul(t, N, q, qo + 2 * N, t, N);
        Fp.mul(p, po + N, t, N, t, 4 * N);
        Fp.mul(q, qo + N, t, 0, t, 5 * N);
        return Fp.equal(t, 4 * N, t, 5 * N);
    }

    /**
     * Membership of an on-curve affine point in the order-r subgroup by Scott's endomorphism test
     * (eprint 2021/1130): phi(P) = -[z^2] P: two 64-bit multiplications, under a third of the work of [r] P.
     */
    public static boolean isInSubgroup(long[] a, int ao) {
        if (isIdentityAffine(a, ao)) {
            return true;
        }
        long[] p = new long[JACOBIAN];
        fromAffine(a, ao, p, 0);
        long[] q = new long[JACOBIAN];
        mulLimbs(p, 0, CurveParameter.ABS_Z, q, 0);
        mulLimbs(q, 0, CurveParameter.ABS_Z, q, 0);
        neg(q, 0, q, 0);
        Fp.mul(p, 0, BETA, 0, p, 0);
        return equal(p, 0, q, 0);
    }

    /** The reference subgroup test, [r] P = O; slower, kept to check {@link #isInSubgroup}. */
    public static boolean isInSubgroupByOrder(long[] a, int ao) {
        long[] p = new long[JACOBIAN];
        fromAffine(a, ao, p, 0);
        mul(p, 0, Fr.MODULUS, p, 0);
        return isIdentity(p, 0);
    }

    // ---------------------------------------------------------------- group law

    public static void negAffine(long[] a, int ao, long[] r, int ro) {
        if (r != a || ro != ao) {
            System.arraycopy(a, ao, r, ro, N);
        }
        Fp.neg(a, ao + N, r, ro + N);
    }

    public static void neg(long[] p, int po, long[] r, int ro) {
        if (r != p || ro != po) {
            System.arraycopy(p, po, r, ro, N);
            System.arraycopy(p, po + 2 * N, r, ro + 2 * N, N);
        }
        Fp.neg(p, po + N, r, ro + N);
    }

    /** r = 2p, dbl-2009-l. The identity doubles to Z = 0 by the formula itself. */
    public static void dbl(long[] p, int po, long[] r, int ro) {
        final int a = 0;
        final int b = N;
        final int c = 2 * N;
        final int d = 3 * N;
        final int e = 4 * N;
        long[] t = new long[5 * N];
        Fp.sqr(p, po, t, a);                 // A = X1^2
        Fp.sqr(p, po + N, t, b);             // B = Y1^2
        Fp.sqr(t, b, t, c);                  // C = B^2
        Fp.add(p, po, t, b, t, d);
        Fp.sqr(t, d, t, d);
        Fp.sub(t, d, t, a, t, d);
        Fp.sub(t, d, t, c, t, d);
        Fp.add(t, d, t, d, t, d);            // D = 2 ((X1 + B)^2 - A - C)
        Fp.add(t, a, t, a, t, e);
        Fp.add(t, e, t, a, t, e);            // E = 3 A
        Fp.mul(p, po + N, p, po + 2 * N, t, b);
        Fp.add(t, b, t, b, r, ro + 2 * N);   // Z3 = 2 Y1 Z1: p is not read after this
        Fp.sqr(t, e, t, a);                  // F = E^2
        Fp.sub(t, a, t, d, t, a);
        Fp.sub(t, a, t, d, r, ro);           // X3 = F - 2 D
        Fp.sub(t, d, r, ro, t, d);
        Fp.mul(t, e, t, d, t, d);            // E (D - X3)
        Fp.add(t, c, t, c, t, c);
        Fp.add(t, c, t, c, t, c);
        Fp.add(t, c, t, c, t, c);            // 8 C
        Fp.sub(t, d, t, c, r, ro + N);       // Y3 = E (D - X3) - 8 C
    }

    /** r = p + q for Jacobian p and q, add-2007-bl. */
    public static void add(long[] p, int po, long[] q, int qo, long[] r, int ro) {
        if (isIdentity(p, po)) {
            System.arraycopy(q, qo, r, ro, JACOBIAN);
            return;
        }
        if (isIdentity(q, qo)) {
            if (r != p || ro != po) {
                System.arraycopy(p, po, r, ro, JACOBIAN);
            }
            return;
        }
        final int z1z1 = 0;
        final int z2z2 = N;
        final int u1 = 2 * N;
        final int h = 3 * N;
        final int s1 = 4 * N;
        final int rr = 5 * N;
        final int z3 = 6 * N;
        final int x3 = 7 * N;
        final int y3 = 8 * N;
        long[] t = new long[9 * N];
        Fp.sqr(p, po + 2 * N, t, z1z1);
        Fp.sqr(q, qo + 2 * N, t, z2z2);
        Fp.mul(p, po, t, z2z2, t, u1);               // U1 = X1 Z2Z2
        Fp.mul(q, qo, t, z1z1, t, h);                // U2 = X2 Z1Z1
        Fp.mul(p, po + N, q, qo + 2 * N, t, s1);
        Fp.mul(t, s1, t, z2z2, t, s1);               // S1 = Y1 Z2 Z2Z2
        Fp.mul(q, qo + N, p, po + 2 * N, t, rr);
        Fp.mul(t, rr, t, z1z1, t, rr);               // S2 = Y2 Z1 Z1Z1
        Fp.sub(t, h, t, u1, t, h);                   // H = U2 - U1
        Fp.sub(t, rr, t, s1, t, rr);
        Fp.add(t, rr, t, rr, t, rr);                 // r = 2 (S2 - S1)
        if (Fp.isZero(t, h)) {
            if (Fp.isZero(t, rr)) {
                dbl(p, po, r, ro);
            } else {
                setIdentity(r, ro);
            }
            return;
        }
        Fp.add(p, po + 2 * N, q, qo + 2 * N, t, z3);
        Fp.sqr(t, z3, t, z3);
        Fp.sub(t, z3, t, z1z1, t, z3);
        Fp.sub(t, z3, t, z2z2, t, z3);
        Fp.mul(t, z3, t, h, t, z3);                  // Z3 = ((Z1 + Z2)^2 - Z1Z1 - Z2Z2) H
        Fp.add(t, h, t, h, t, z1z1);
        Fp.sqr(t, z1z1, t, z1z1);                    // I = (2 H)^2
        Fp.mul(t, h, t, z1z1, t, z2z2);              // J = H I
        Fp.mul(t, u1, t, z1z1, t, u1);               // V = U1 I
        Fp.sqr(t, rr, t, x3);
        Fp.sub(t, x3, t, z2z2, t, x3);
        Fp.sub(t, x3, t, u1, t, x3);
        Fp.sub(t, x3, t, u1, t, x3);                 // X3 = r^2 - J - 2 V
        Fp.sub(t, u1, t, x3, t, u1);
        Fp.mul(t, rr, t, u1, t, u1);                 // r (V - X3)
        Fp.mul(t, s1, t, z2z2, t, s1);
        Fp.add(t, s1, t, s1, t, s1);                 // 2 S1 J
        Fp.sub(t, u1, t, s1, t, y3);                 // Y3 = r (V - X3) - 2 S1 J
        System.arraycopy(t, x3, r, ro, N);
        System.arraycopy(t, y3, r, ro + N, N);
        System.arraycopy(t, z3, r, ro + 2 * N, N);
    }

    /** r = p + a for Jacobian p and affine a (the MSM bucket step), madd-2007-bl. */
    public static void addAffine(long[] p, int po, long[] a, int ao, long[] r, int ro) {
        if (isIdentityAffine(a, ao)) {
            if (r != p || ro != po) {
                System.arraycopy(p, po, r, ro, JACOBIAN);
            }
            return;
        }
        if (isIdentity(p, po)) {
            System.arraycopy(a, ao, r, ro, AFFINE);
            Fp.setOne(r, ro + 2 * N);
            return;
        }
        final int z1z1 = 0;
        final int h = N;
        final int rr = 2 * N;
        final int hh = 3 * N;
        final int z3 = 4 * N;
        final int y3 = 5 * N;
        long[] t = new long[6 * N];
        Fp.sqr(p, po + 2 * N, t, z1z1);
        Fp.mul(a, ao, t, z1z1, t, h);                // U2 = X2 Z1Z1
        Fp.mul(p, po + 2 * N, t, z1z1, t, rr);
        Fp.mul(a, ao + N, t, rr, t, rr);             // S2 = Y2 Z1 Z1Z1
        Fp.sub(t, h, p, po, t, h);                   // H = U2 - X1
        Fp.sub(t, rr, p, po + N, t, rr);
        Fp.add(t, rr, t, rr, t, rr);                 // r = 2 (S2 - Y1)
        if (Fp.isZero(t, h)) {
            if (Fp.isZero(t, rr)) {
                dbl(p, po, r, ro);
            } else {
                setIdentity(r, ro);
            }
            return;
        }
        Fp.sqr(t, h, t, hh);                         // HH = H^2
        Fp.add(p, po + 2 * N, t, h, t, z3);
        Fp.sqr(t, z3, t, z3);
        Fp.sub(t, z3, t, z1z1, t, z3);
        Fp.sub(t, z3, t, hh, t, z3);                 // Z3 = (Z1 + H)^2 - Z1Z1 - HH
        Fp.add(t, hh, t, hh, t, hh);
        Fp.add(t, hh, t, hh, t, hh);                 // I = 4 HH
        Fp.mul(t, h, t, hh, t, h);                   // J = H I
        Fp.mul(p, po, t, hh, t, hh);                 // V = X1 I
        Fp.sqr(t, rr, t, z1z1);
        Fp.sub(t, z1z1, t, h, t, z1z1);
        Fp.sub(t, z1z1, t, hh, t, z1z1);
        Fp.sub(t, z1z1, t, hh, t, z1z1);             // X3 = r^2 - J - 2 V
        Fp.sub(t, hh, t, z1z1, t, hh);
        Fp.mul(t, rr, t, hh, t, hh);                 // r (V - X3)
        Fp.mul(p, po + N, t, h, t, y3);
        Fp.add(t, y3, t, y3, t, y3);                 // 2 Y1 J
        Fp.sub(t, hh, t, y3, t, y3);                 // Y3 = r (V - X3) - 2 Y1 J
        System.arraycopy(t, z1z1, r, ro, N);
        System.arraycopy(t, y3, r, ro + N, N);
        System.arraycopy(t, z3, r, ro + 2 * N, N);
    }

    // ---------------------------------------------------------------- scalar multiplication

    /** r = [k] p for a Jacobian p and an Fr scalar k (Montgomery form, 4 limbs at ko). */
    public static void mul(long[] p, int po, long[] k, int ko, long[] r, int ro) {
        long[] c = new long[Fr.LIMBS];
        Fr.FIELD.fromMontgomery(k, ko, c, 0);
        mulLimbs(p, po, c, r, ro);
    }

    /** r = [k] p for any integer k (negative k multiplies -p). */
    public static void mul(long[] p, int po, BigInteger k, long[] r, int ro) {
        long[] limbs = CurveParameter.limbs(k.abs());
        mulLimbs(p, po, limbs, r, ro);
        if (k.signum() < 0) {
            neg(r, ro, r, ro);
        }
    }

    /** r = [k] p, k as little-endian unsigned limbs; left-to-right double and add. */
    static void mulLimbs(long[] p, int po, long[] k, long[] r, int ro) {
        long[] base = new long[JACOBIAN];
        System.arraycopy(p, po, base, 0, JACOBIAN);
        long[] acc = new long[JACOBIAN];
        for (int i = k.length - 1; i >= 0; i--) {
            for (int bit = 63; bit >= 0; bit--) {
                dbl(acc, 0, acc, 0);
                if (((k[i] >>> bit) & 1) != 0) {
                    add(acc, 0, base, 0, acc, 0);
                }
            }
        }
        System.arraycopy(acc, 0, r, ro, JACOBIAN);
    }
}
