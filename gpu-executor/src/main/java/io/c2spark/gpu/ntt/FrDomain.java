package io.c2spark.gpu.ntt;

import java.math.BigInteger;

import io.c2spark.core.field.Fr;

/**
 * The constants of a radix-2 evaluation domain over Fr, as bellperson's EvaluationDomain uses
 * them: the 2^32-th root of unity 7^((r - 1) / 2^32) squared 32 - lgN times, and the coset
 * generator 7 (bellperson src/domain.rs, blstrs src/scalar.rs). All values in Montgomery form.
 */
public final class FrDomain {
    public static final int TWO_ADICITY = 32;
    public static final BigInteger GENERATOR = BigInteger.valueOf(7);
    /** 7^((r - 1) / 2^32): a primitive 2^32-th root of unity. */
    public static final BigInteger ROOT_OF_UNITY_2_32 =
            GENERATOR.modPow(Fr.MODULUS.subtract(BigInteger.ONE).shiftRight(TWO_ADICITY), Fr.MODULUS);

    public final int lgN;
    public final long[] omega;
    public final long[] omegaInv;
    public final long[] generator;
    public final long[] generatorInv;
    public final long[] sizeInv;

    public FrDomain(int lgN) {
        if (lgN < 0 || lgN > TWO_ADICITY) {
            throw new IllegalArgumentException("domain size 2^" + lgN + " exceeds Fr's 2-adicity " + TWO_ADICITY);
        }
        this.lgN = lgN;
        BigInteger w = ROOT_OF_UNITY_2_32;
        for (int i = lgN; i < TWO_ADICITY; i++) {
            w = w.multiply(w).mod(Fr.MODULUS);
        }
        this.omega = Fr.of(w);
        this.omegaInv = Fr.of(w.modInverse(Fr.MODULUS));
        this.generator = Fr.of(GENERATOR);
        this.generatorInv = Fr.of(GENERATOR.modInverse(Fr.MODULUS));
        this.sizeInv = Fr.of(BigInteger.ONE.shiftLeft(lgN).modInverse(Fr.MODULUS));
    }

    /** bases[b] = x^(2^b) for b < bits, packed as Fr elements (the input of the fr_powers kernel). */
    public static long[] squarings(long[] x, int bits) {
        long[] out = new long[4 * Math.max(1, bits)];
        System.arraycopy(x, 0, out, 0, 4);
        for (int b = 1; b < bits; b++) {
            Fr.sqr(out, 4 * (b - 1), out, 4 * b);
        }
        return out;
    }
}
