package io.c2spark.core.curve;

import io.c2spark.core.field.CoordinateField;
import io.c2spark.core.field.Fp;
import io.c2spark.core.field.Fr;
import java.math.BigInteger;

/**
 * The BLS12-381 group G1: points of y^2 = x^3 + 4 over Fp, in the subgroup of prime order r.
 *
 * <p>Layout (Fp elements of 6 Montgomery limbs, at a limb offset of a {@code long[]}):
 * <ul>
 *   <li>affine: x, y = 12 longs; the identity is all-zero limbs ((0, 0) is not on the curve);
 *   <li>Jacobian: X, Y, Z = 18 longs for (X / Z^2, Y / Z^3); any Z = 0 is the identity, so a freshly
 *       allocated array holds the identity.
 * </ul>
 * The group law is {@link JacobianGroupLaw}'s over Fp (identity, P + P and P + (-P) handled; every
 * output may alias an input at the same offset).
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

    /**
     * The group law over this group's coordinates: {@code G1.LAW.add(...)}, {@code G1.LAW.mul(...)}
     * and the rest; code written once over G1 and G2 takes it as an argument.
     */
    public static final JacobianGroupLaw LAW = new JacobianGroupLaw(CoordinateField.FP, B);
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
                LAW.setIdentityAffine(aff, r);
                continue;
            }
            Fp.sqr(zInv, z, t, 0);
            Fp.mul(jac, p, t, 0, aff, r);
            Fp.mul(t, 0, zInv, z, t, 0);
            Fp.mul(jac, p + N, t, 0, aff, r + N);
        }
    }

    /**
     * Membership of an on-curve affine point in the order-r subgroup by Scott's test: phi(P) =
     * -[z^2] P, two 64-bit multiplications, under a third of the work of [r] P.
     */
    public static boolean isInSubgroup(long[] a, int ao) {
        return LAW.passesEndomorphismTest(a, ao, (p, po) -> Fp.mul(p, po, BETA, 0, p, po), 2);
    }
}
