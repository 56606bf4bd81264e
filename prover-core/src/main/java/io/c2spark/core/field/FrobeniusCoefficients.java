package io.c2spark.core.field;

import java.math.BigInteger;

/**
 * The constants of the Frobenius maps on the BLS12-381 tower: gamma(k, i) = xi^(i (p^k - 1) / 6)
 * in Fp2, for k = 0..11 and i = 0..5, where xi = 1 + u and w^6 = xi.
 *
 * <p>Why these: (a w^i)^(p^k) = a^(p^k) w^i w^(i (p^k - 1)) = a^(p^k) gamma(k, i) w^i, because
 * p = 1 mod 6. Derived at class load from the modulus: gamma(1, 1) by one Fp2 exponentiation, then
 * gamma(k + 1, 1) = gamma(k, 1)^p gamma(1, 1) (the exponent (p^(k+1) - 1) / 6 is p (p^k - 1) / 6 +
 * (p - 1) / 6) and gamma(k, i) = gamma(k, 1)^i.
 */
final class FrobeniusCoefficients {
    static final int POWERS = 12;
    static final int TERMS = 6;
    private static final long[] GAMMA = derive();

    private FrobeniusCoefficients() {
    }

    /** Offset of gamma(k, i) in {@link #table()}. */
    static int offset(int k, int i) {
        return (k * TERMS + i) * Fp2.LIMBS;
    }

    /** The flat table, gamma(k, i) at {@link #offset}; callers read it and never write. */
    static long[] table() {
        return GAMMA;
    }

    private static long[] derive() {
        long[] g = new long[POWERS * TERMS * Fp2.LIMBS];
        long[] xi = Fp2.of(BigInteger.ONE, BigInteger.ONE);
        BigInteger e = Fp.MODULUS.subtract(BigInteger.ONE).divide(BigInteger.valueOf(6));
        long[] gamma1 = new long[Fp2.LIMBS];
        Fp2.pow(xi, 0, PrimeField.limbsOf(e, Fp.LIMBS), gamma1, 0);
        long[] gammaK = new long[Fp2.LIMBS];
        Fp2.setOne(gammaK, 0);
        for (int k = 0; k < POWERS; k++) {
            Fp2.setOne(g, offset(k, 0));
            for (int i = 1; i < TERMS; i++) {
                Fp2.mul(g, offset(k, i - 1), gammaK, 0, g, offset(k, i));
            }
            Fp2.conjugate(gammaK, 0, gammaK, 0);
            Fp2.mul(gammaK, 0, gamma1, 0, gammaK, 0);
        }
        return g;
    }
}
