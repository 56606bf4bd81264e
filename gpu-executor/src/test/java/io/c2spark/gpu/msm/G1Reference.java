package io.c2spark.gpu.msm;

import java.math.BigInteger;

import io.c2spark.core.field.Fp;

/**
 * A deliberately plain G1 for checking the kernels: affine BigInteger arithmetic on
 * y^2 = x^3 + 4 with a field inversion per addition; null is the identity.
 * Generator from draft-irtf-cfrg-pairing-friendly-curves-11 section 4.2.1.
 */
final class G1Reference {
    static final BigInteger P = Fp.MODULUS;
    static final BigInteger B = BigInteger.valueOf(4);
    static final BigInteger[] G = {
        new BigInteger("17f1d3a73197d7942695638c4fa9ac0fc3688c4f9774b905a14e3a3f171bac586c55e83ff97a1aeffb3af00adb22c6bb", 16),
        new BigInteger("08b3f481e3aaa0f1a09e30ed741d8ae4fcf5e095d5d00af600db18cb2c04b3edd03cc744a2888ae40caa232946c5e7e1", 16)};

    private G1Reference() {
    }

    static boolean onCurve(BigInteger[] a) {
        return a == null || a[1].multiply(a[1]).subtract(a[0].pow(3)).subtract(B).mod(P).signum() == 0;
    }

    static BigInteger[] neg(BigInteger[] a) {
        return a == null ? null : new BigInteger[] {a[0], a[1].negate().mod(P)};
    }

    static BigInteger[] add(BigInteger[] a, BigInteger[] b) {
        if (a == null) {
            return b;
        }
        if (b == null) {
            return a;
        }
        BigInteger lambda;
        if (a[0].equals(b[0])) {
            if (!a[1].equals(b[1]) || a[1].signum() == 0) {
                return null;
            }
            lambda = a[0].multiply(a[0]).multiply(BigInteger.valueOf(3)).multiply(a[1].shiftLeft(1).modInverse(P)).mod(P);
        } else {
            lambda = b[1].subtract(a[1]).multiply(b[0].subtract(a[0]).modInverse(P)).mod(P);
        }
        BigInteger x = lambda.multiply(lambda).subtract(a[0]).subtract(b[0]).mod(P);
        BigInteger y = lambda.multiply(a[0].subtract(x)).subtract(a[1]).mod(P);
        return new BigInteger[] {x, y};
    }

    static BigInteger[] mul(BigInteger[] a, BigInteger k) {
        BigInteger[] r = null;
        for (int i = k.bitLength() - 1; i >= 0; i--) {
            r = add(r, r);
            if (k.testBit(i)) {
                r = add(r, a);
            }
        }
        return r;
    }

    /** prover-core's affine layout: x then y, Montgomery Fp limbs; all zero for the identity. */
    static long[] toLimbs(BigInteger[] a) {
        long[] out = new long[12];
        if (a != null) {
            System.arraycopy(Fp.of(a[0]), 0, out, 0, 6);
            System.arraycopy(Fp.of(a[1]), 0, out, 6, 6);
        }
        return out;
    }

    static BigInteger[] fromLimbs(long[] l, int off) {
        boolean zero = true;
        for (int i = 0; i < 12; i++) {
            zero &= l[off + i] == 0;
        }
        return zero ? null : new BigInteger[] {Fp.toBigInteger(l, off), Fp.toBigInteger(l, off + 6)};
    }
}
