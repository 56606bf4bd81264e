package io.c2spark.core.curve;

import io.c2spark.core.field.Fp;
import io.c2spark.core.field.Fp2;
import io.c2spark.core.field.Fr;
import java.math.BigInteger;
import java.util.Arrays;

/**
 * The BLS12-381 group G2: points of the sextic twist y^2 = x^3 + 4 (1 + u) over Fp2, in the subgroup
 * of prime order r.
 *
 * <p>Layout (Fp2 elements of 12 longs: c0 then c1, Montgomery limbs):
 * <ul>
 *   <li>affine: x, y = 24 longs (x.c0, x.c1, y.c0, y.c1); the identity is all-zero limbs;
 *   <li>Jacobian: X, Y, Z = 36 longs for (X / Z^2, Y / Z^3); any Z = 0 is the identity.
 * </ul>
 * The group law is {@link G1}'s, over Fp2: dbl-2009-l, add-2007-bl and madd-2007-bl from the
 * Explicit-Formulas Database (a = 0 Jacobian), with the identity, P + P and P + (-P) cases detected.
 * Every output may alias an input at the same offset.
 */
public final class G2 {
    public static final int AFFINE = 2 * Fp2.LIMBS;
    public static final int JACOBIAN = 3 * Fp2.LIMBS;
    private static final int N = Fp2.LIMBS;

    /** Generator (draft-irtf-cfrg-pairing-friendly-curves-11 section 4.2.1; RFC 9380 section 8.8.2). */
    public static final BigInteger GENERATOR_X0 = new BigInteger(
            "024aa2b2f08f0a91260805272dc51051c6e47ad4fa403b02b4510b647ae3d1770bac0326a805bbefd48056c8c121bdb8", 16);
    public static final BigInteger GENERATOR_X1 = new BigInteger(
            "13e02b6052719f607dacd3a088274f65596bd0d09920b61ab5da61bbdc7f5049334cf11213945d57e5ac7d055d042b7e", 16);
    public static final BigInteger GENERATOR_Y0 = new BigInteger(
            "0ce5d527727d6e118cc9cdc6da2e351aadfd9baa8cbdd3a76d429a695160d12c923ac9cc3baca289e193548608b82801", 16);
    public static final BigInteger GENERATOR_Y1 = new BigInteger(
            "0606c4a02ea734cc32acd2b02bc28b99cb3e287e85a763af267492ab572e99ab3f370d275cec1da1aaa9075ff05f79be", 16);

    private static final long[] B = Fp2.of(BigInteger.valueOf(4), BigInteger.valueOf(4));
    private static final long[] GENERATOR = affine(GENERATOR_X0, GENERATOR_X1, GENERATOR_Y0, GENERATOR_Y1);

    /**
     * The untwist-Frobenius-twist endomorphism psi(x, y) = (conj(x) PSI_X, conj(y) PSI_Y) with
     * PSI_X = 1 / (1 + u)^((p - 1) / 3) and PSI_Y = 1 / (1 + u)^((p - 1) / 2) (eprint 2019/814 and
     * 2021/1130); on G2 it acts as multiplication by z. Derived from the modulus here.
     */
    static final long[] PSI_X = psiCoefficient(3);
    static final long[] PSI_Y = psiCoefficient(2);

    private G2() {
    }

    private static long[] psiCoefficient(int d) {
        long[] c = Fp2.of(BigInteger.ONE, BigInteger.ONE);
        Fp2.pow(c, 0, CurveParameter.limbs(Fp.MODULUS.subtract(BigInteger.ONE).divide(BigInteger.valueOf(d))), c, 0);
        Fp2.inverse(c, 0, c, 0);
        return c;
    }

    /** A new affine array for the canonical coordinates x = x0 + x1 u, y = y0 + y1 u; not checked. */
    public static long[] affine(BigInteger x0, BigInteger x1, BigInteger y0, BigInteger y1) {
        long[] a = new long[AFFINE];
        Fp.FIELD.fromBigInteger(x0, a, 0);
        Fp.FIELD.fromBigInteger(x1, a, Fp.LIMBS);
        Fp.FIELD.fromBigInteger(y0, a, N);
        Fp.FIELD.fromBigInteger(y1, a, N + Fp.LIMBS);
        return a;
    }

    /** A new affine array holding the generator. */
    public static long[] generator() {
        return GENERATOR.clone();
    }

    // ---------------------------------------------------------------- identity, copies, conversions

    public static boolean isIdentityAffine(long[] a, int ao) {
        return Fp2.isZero(a, ao) && Fp2.isZero(a, ao + N);
    }

    public static boolean isIdentity(long[] p, int po) {
        return Fp2.isZero(p, po + 2 * N);
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
        Fp2.setOne(r, ro + 2 * N);
    }

    /** Affine (X / Z^2, Y / Z^3); the identity maps to all zeros. One inversion. */
    public static void toAffine(long[] p, int po, long[] r, int ro) {
        if (isIdentity(p, po)) {
            setIdentityAffine(r, ro);
            return;
        }
        long[] t = new long[2 * N];
        Fp2.inverse(p, po + 2 * N, t, 0);
        Fp2.sqr(t, 0, t, N);
        Fp2.mul(t, 0, t, N, t, 0);
        Fp2.mul(p, po, t, N, r, ro);
        Fp2.mul(p, po + N, t, 0, r, ro + N);
    }

    /**
     * Converts count Jacobian points (jac from limb offset jo) to affine (aff from ao) with a single
     * Fp inversion: Z^-1 = conj(Z) / N(Z) with the norms N(Z) = c0^2 + c1^2 inverted together
     * (Montgomery's trick). Identities become all zeros. The ranges must not overlap.
     */
    public static void batchToAffine(long[] jac, int jo, long[] aff, int ao, int count) {
        final int h = Fp.LIMBS;
        long[] norm = new long[count * h];
        long[] t = new long[2 * N];
        for (int i = 0; i < count; i++) {
            int z = jo + i * JACOBIAN + 2 * N;
            Fp.sqr(jac, z, t, 0);
            Fp.sqr(jac, z + h, t, h);
            Fp.add(t, 0, t, h, norm, i * h);
        }
        Fp.batchInverse(norm, 0, count);
        for (int i = 0; i < count; i++) {
            int p = jo + i * JACOBIAN;
            int r = ao + i * AFFINE;
            if (Fp.isZero(norm, i * h)) {
                setIdentityAffine(aff, r);
                continue;
            }
            Fp2.conjugate(jac, p + 2 * N, t, 0);
            Fp2.mulByFp(t, 0, norm, i * h, t, 0);    // Z^-1
            Fp2.sqr(t, 0, t, N);
            Fp2.mul(t, 0, t, N, t, 0);               // Z^-3
            Fp2.mul(jac, p, t, N, aff, r);
            Fp2.mul(jac, p + N, t, 0, aff, r + N);
        }
    }

    // ---------------------------------------------------------------- predicates

    /** y^2 = x^3 + 4 (1 + u) for an affine point; the identity counts as on the curve. */
    public static boolean isOnCurveAffine(long[] a, int ao) {
        if (isIdentityAffine(a, ao)) {
            return true;
        }
        long[] t = new long[2 * N];
        Fp2.sqr(a, ao, t, 0);
        Fp2.mul(t, 0, a, ao, t, 0);
        Fp2.add(t, 0, B, 0, t, 0);
        Fp2.sqr(a, ao + N, t, N);
        return Fp2.equal(t, 0, t, N);
    }

    /** Y^2 = X^3 + 4 (1 + u) Z^6 for a Jacobian point; the identity counts as on the curve. */
    public static boolean isOnCurve(long[] p, int po) {
        if (isIdentity(p, po)) {
            return true;
        }
        long[] t = new long[3 * N];
        Fp2.sqr(p, po + 2 * N, t, 0);
        Fp2.mul(t, 0, p, po + 2 * N, t, 0);
        Fp2.sqr(t, 0, t, 0);
        Fp2.mul(t, 0, B, 0, t, 0);
        Fp2.sqr(p, po, t, N);
        Fp2.mul(t, N, p, po, t, N);
        Fp2.add(t, 0, t, N, t, 0);
        Fp2.sqr(p, po + N, t, 2 * N);
        return Fp2.equal(t, 0, t, 2 * N);
    }

    /** Equality of Jacobian points as group elements (X1 Z2^2 = X2 Z1^2 and Y1 Z2^3 = Y2 Z1^3). */
    public static boolean equal(long[] p, int po, long[] q, int qo) {
        boolean pi = isIdentity(p, po);
        boolean qi = isIdentity(q, qo);
        if (pi || qi) {
            return pi == qi;
        }
        long[] t = new long[6 * N];
        Fp2.sqr(p, po + 2 * N, t, 0);
        Fp2.sqr(q, qo + 2 * N, t, N);
        Fp2.mul(p, po, t, N, t, 2 * N);
        Fp2.mul(q, qo, t, 0, t, 3 * N);
        if (!Fp2.equal(t, 2 * N, t, 3 * N)) {
            return false;
        }
        Fp2.mul(t, 0, p, po + 2 * N, t, 0);
        Fp2.mul(t, N, q, qo + 2 * N, t, N);
        Fp2.mul(p, po + N, t, N, t, 4 * N);
        Fp2.mul(q, qo + N, t, 0, t, 5 * N);
        return Fp2.equal(t, 4 * N, t, 5 * N);
    }

    /**
     * Membership of an on-curve affine point in the order-r subgroup by Scott's endomorphism test
     * (eprint 2021/1130): psi(P) = [z] P: one 64-bit multiplication, about a seventh of the work of [r] P.
     */
    public static boolean isInSubgroup(long[] a, int ao) {
        if (isIdentityAffine(a, ao)) {
            return true;
        }
        long[] p = new long[JACOBIAN];
        fromAffine(a, ao, p, 0);
        long[] q = new long[JACOBIAN];
        mulLimbs(p, 0, CurveParameter.ABS_Z, q, 0);
        neg(q, 0, q, 0);
        psi(p, 0, p, 0);
        return equal(p, 0, q, 0);
    }

    /** r = psi(p) for a Jacobian p: (conj(X) PSI_X, conj(Y) PSI_Y, conj(Z)). */
    static void psi(long[] p, int po, long[] r, int ro) {
        Fp2.conjugate(p, po, r, ro);
        Fp2.mul(r, ro, PSI_X, 0, r, ro);
        Fp2.conjugate(p, po + N, r, ro + N);
        Fp2.mul(r, ro + N, PSI_Y, 0, r, ro + N);
        Fp2.conjugate(p, po + 2 * N, r, ro + 2 * N);
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
        Fp2.neg(a, ao + N, r, ro + N);
    }

    public static void neg(long[] p, int po, long[] r, int ro) {
        if (r != p || ro != po) {
            System.arraycopy(p, po, r, ro, N);
            System.arraycopy(p, po + 2 * N, r, ro + 2 * N, N);
        }
        Fp2.neg(p, po + N, r, ro + N);
    }

    /** r = 2p, dbl-2009-l. The identity doubles to Z = 0 by the formula itself. */
    public static void dbl(long[] p, int po, long[] r, int ro) {
        final int a = 0;
        final int b = N;
        final int c = 2 * N;
        final int d = 3 * N;
        final int e = 4 * N;
        long[] t = new long[5 * N];
        Fp2.sqr(p, po, t, a);                 // A = X1^2
        Fp2.sqr(p, po + N, t, b);             // B = Y1^2
        Fp2.sqr(t, b, t, c);                  // C = B^2
        Fp2.add(p, po, t, b, t, d);
        Fp2.sqr(t, d, t, d);
        Fp2.sub(t, d, t, a, t, d);
        Fp2.sub(t, d, t, c, t, d);
        Fp2.add(t, d, t, d, t, d);            // D = 2 ((X1 + B)^2 - A - C)
        Fp2.add(t, a, t, a, t, e);
        Fp2.add(t, e, t, a, t, e);            // E = 3 A
        Fp2.mul(p, po + N, p, po + 2 * N, t, b);
        Fp2.add(t, b, t, b, r, ro + 2 * N);   // Z3 = 2 Y1 Z1: p is not read after this
        Fp2.sqr(t, e, t, a);                  // F = E^2
        Fp2.sub(t, a, t, d, t, a);
        Fp2.sub(t, a, t, d, r, ro);           // X3 = F - 2 D
        Fp2.sub(t, d, r, ro, t, d);
        Fp2.mul(t, e, t, d, t, d);            // E (D - X3)
        Fp2.add(t, c, t, c, t, c);
        Fp2.add(t, c, t, c, t, c);
        Fp2.add(t, c, t, c, t, c);            // 8 C
        Fp2.sub(t, d, t, c, r, ro + N);       // Y3 = E (D - X3) - 8 C
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
        Fp2.sqr(p, po + 2 * N, t, z1z1);
        Fp2.sqr(q, qo + 2 * N, t, z2z2);
        Fp2.mul(p, po, t, z2z2, t, u1);               // U1 = X1 Z2Z2
        Fp2.mul(q, qo, t, z1z1, t, h);                // U2 = X2 Z1Z1
        Fp2.mul(p, po + N, q, qo + 2 * N, t, s1);
        Fp2.mul(t, s1, t, z2z2, t, s1);               // S1 = Y1 Z2 Z2Z2
        Fp2.mul(q, qo + N, p, po + 2 * N, t, rr);
        Fp2.mul(t, rr, t, z1z1, t, rr);               // S2 = Y2 Z1 Z1Z1
        Fp2.sub(t, h, t, u1, t, h);                   // H = U2 - U1
        Fp2.sub(t, rr, t, s1, t, rr);
        Fp2.add(t, rr, t, rr, t, rr);                 // r = 2 (S2 - S1)
        if (Fp2.isZero(t, h)) {
            if (Fp2.isZero(t, rr)) {
                dbl(p, po, r, ro);
            } else {
                setIdentity(r, ro);
            }
            return;
        }
        Fp2.add(p, po + 2 * N, q, qo + 2 * N, t, z3);
        Fp2.sqr(t, z3, t, z3);
        Fp2.sub(t, z3, t, z1z1, t, z3);
        Fp2.sub(t, z3, t, z2z2, t, z3);
        Fp2.mul(t, z3, t, h, t, z3);                  // Z3 = ((Z1 + Z2)^2 - Z1Z1 - Z2Z2) H
        Fp2.add(t, h, t, h, t, z1z1);
        Fp2.sqr(t, z1z1, t, z1z1);                    // I = (2 H)^2
        Fp2.mul(t, h, t, z1z1, t, z2z2);              // J = H I
        Fp2.mul(t, u1, t, z1z1, t, u1);               // V = U1 I
        Fp2.sqr(t, rr, t, x3);
        Fp2.sub(t, x3, t, z2z2, t, x3);
        Fp2.sub(t, x3, t, u1, t, x3);
        Fp2.sub(t, x3, t, u1, t, x3);                 // X3 = r^2 - J - 2 V
        Fp2.sub(t, u1, t, x3, t, u1);
        Fp2.mul(t, rr, t, u1, t, u1);                 // r (V - X3)
        Fp2.mul(t, s1, t, z2z2, t, s1);
        Fp2.add(t, s1, t, s1, t, s1);                 // 2 S1 J
        Fp2.sub(t, u1, t, s1, t, y3);                 // Y3 = r (V - X3) - 2 S1 J
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
            Fp2.setOne(r, ro + 2 * N);
            return;
        }
        final int z1z1 = 0;
        final int h = N;
        final int rr = 2 * N;
        final int hh = 3 * N;
        final int z3 = 4 * N;
        final int y3 = 5 * N;
        long[] t = new long[6 * N];
        Fp2.sqr(p, po + 2 * N, t, z1z1);
        Fp2.mul(a, ao, t, z1z1, t, h);                // U2 = X2 Z1Z1
        Fp2.mul(p, po + 2 * N, t, z1z1, t, rr);
        Fp2.mul(a, ao + N, t, rr, t, rr);             // S2 = Y2 Z1 Z1Z1
        Fp2.sub(t, h, p, po, t, h);                   // H = U2 - X1
        Fp2.sub(t, rr, p, po + N, t, rr);
        Fp2.add(t, rr, t, rr, t, rr);                 // r = 2 (S2 - Y1)
        if (Fp2.isZero(t, h)) {
            if (Fp2.isZero(t, rr)) {
                dbl(p, po, r, ro);
            } else {
                setIdentity(r, ro);
            }
            return;
        }
        Fp2.sqr(t, h, t, hh);                         // HH = H^2
        Fp2.add(p, po + 2 * N, t, h, t, z3);
        Fp2.sqr(t, z3, t, z3);
        Fp2.sub(t, z3, t, z1z1, t, z3);
        Fp2.sub(t, z3, t, hh, t, z3);                 // Z3 = (Z1 + H)^2 - Z1Z1 - HH
        Fp2.add(t, hh, t, hh, t, hh);
        Fp2.add(t, hh, t, hh, t, hh);                 // I = 4 HH
        Fp2.mul(t, h, t, hh, t, h);                   // J = H I
        Fp2.mul(p, po, t, hh, t, hh);                 // V = X1 I
        Fp2.sqr(t, rr, t, z1z1);
        Fp2.sub(t, z1z1, t, h, t, z1z1);
        Fp2.sub(t, z1z1, t, hh, t, z1z1);
        Fp2.sub(t, z1z1, t, hh, t, z1z1);             // X3 = r^2 - J - 2 V
        Fp2.sub(t, hh, t, z1z1, t, hh);
        Fp2.mul(t, rr, t, hh, t, hh);                 // r (V - X3)
        Fp2.mul(p, po + N, t, h, t, y3);
        Fp2.add(t, y3, t, y3, t, y3);                 // 2 Y1 J
        Fp2.sub(t, hh, t, y3, t, y3);                 // Y3 = r (V - X3) - 2 Y1 J
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
