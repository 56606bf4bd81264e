package io.c2spark.core.curve;

import io.c2spark.core.field.CoordinateField;
import io.c2spark.core.field.Fp;
import io.c2spark.core.field.Fp2;
import io.c2spark.core.field.Fr;
import java.math.BigInteger;

/**
 * The BLS12-381 group G2: points of the sextic twist y^2 = x^3 + 4 (1 + u) over Fp2, in the subgroup
 * of prime order r.
 *
 * <p>Layout (Fp2 elements of 12 longs: c0 then c1, Montgomery limbs):
 * <ul>
 *   <li>affine: x, y = 24 longs (x.c0, x.c1, y.c0, y.c1); the identity is all-zero limbs;
 *   <li>Jacobian: X, Y, Z = 36 longs for (X / Z^2, Y / Z^3); any Z = 0 is the identity.
 * </ul>
 * The group law is {@link JacobianGroupLaw}'s over Fp2 (identity, P + P and P + (-P) handled; every
 * output may alias an input at the same offset).
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

    /**
     * The group law over this group's coordinates: {@code G2.LAW.add(...)}, {@code G2.LAW.mul(...)}
     * and the rest; code written once over G1 and G2 takes it as an argument.
     */
    public static final JacobianGroupLaw LAW = new JacobianGroupLaw(CoordinateField.FP2, B);
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
                LAW.setIdentityAffine(aff, r);
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

    /**
     * Membership of an on-curve affine point in the order-r subgroup by Scott's test: psi(P) =
     * [z] P, one 64-bit multiplication, about a seventh of the work of [r] P.
     */
    public static boolean isInSubgroup(long[] a, int ao) {
        return LAW.passesEndomorphismTest(a, ao, (p, po) -> psi(p, po, p, po), 1);
    }

    /** r = psi(p) for a Jacobian p: (conj(X) PSI_X, conj(Y) PSI_Y, conj(Z)). */
    static void psi(long[] p, int po, long[] r, int ro) {
        Fp2.conjugate(p, po, r, ro);
        Fp2.mul(r, ro, PSI_X, 0, r, ro);
        Fp2.conjugate(p, po + N, r, ro + N);
        Fp2.mul(r, ro + N, PSI_Y, 0, r, ro + N);
        Fp2.conjugate(p, po + 2 * N, r, ro + 2 * N);
    }
}
