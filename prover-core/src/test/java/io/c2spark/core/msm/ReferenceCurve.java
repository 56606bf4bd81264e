package io.c2spark.core.msm;

import io.c2spark.core.field.Fp;
import java.math.BigInteger;

/**
 * Textbook affine BLS12-381 arithmetic on BigInteger, independent of the production code: the
 * reference the MSM tests compare against. One implementation over Fp2 = Fp[u]/(u^2 + 1) serves
 * both groups (G1 points have zero u-parts). A point is {x0, x1, y0, y1}; null is the identity.
 */
final class ReferenceCurve {
    static final BigInteger P = Fp.MODULUS;
    static final BigInteger R = new BigInteger("73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001", 16);

    /** Generators, draft-irtf-cfrg-pairing-friendly-curves-11 section 4.2.1. */
    static final BigInteger[] G1 = {
        hex("17f1d3a73197d7942695638c4fa9ac0fc3688c4f9774b905a14e3a3f171bac586c55e83ff97a1aeffb3af00adb22c6bb"),
        BigInteger.ZERO,
        hex("08b3f481e3aaa0f1a09e30ed741d8ae4fcf5e095d5d00af600db18cb2c04b3edd03cc744a2888ae40caa232946c5e7e1"),
        BigInteger.ZERO};
    static final BigInteger[] G2 = {
        hex("024aa2b2f08f0a91260805272dc51051c6e47ad4fa403b02b4510b647ae3d1770bac0326a805bbefd48056c8c121bdb8"),
        hex("13e02b6052719f607dacd3a088274f65596bd0d09920b61ab5da61bbdc7f5049334cf11213945d57e5ac7d055d042b7e"),
        hex("0ce5d527727d6e118cc9cdc6da2e351aadfd9baa8cbdd3a76d429a695160d12c923ac9cc3baca289e193548608b82801"),
        hex("0606c4a02ea734cc32acd2b02bc28b99cb3e287e85a763af267492ab572e99ab3f370d275cec1da1aaa9075ff05f79be")};

    private ReferenceCurve() {
    }

    private static BigInteger hex(String s) {
        return new BigInteger(s, 16);
    }

    static BigInteger[] mul2(BigInteger a0, BigInteger a1, BigInteger b0, BigInteger b1) {
        return new BigInteger[] {a0.multiply(b0).subtract(a1.multiply(b1)).mod(P), a0.multiply(b1).add(a1.multiply(b0)).mod(P)};
    }

    static BigInteger[] inv2(BigInteger a0, BigInteger a1) {
        BigInteger norm = a0.multiply(a0).add(a1.multiply(a1)).mod(P).modInverse(P);
        return new BigInteger[] {a0.multiply(norm).mod(P), a1.negate().multiply(norm).mod(P)};
    }

    /** True when y^2 = x^3 + b, b = 4 (G1, zero u-parts) or 4 (1 + u) (G2). */
    static boolean onCurve(BigInteger[] p, boolean g2) {
        BigInteger[] y2 = mul2(p[2], p[3], p[2], p[3]);
        BigInteger[] x2 = mul2(p[0], p[1], p[0], p[1]);
        BigInteger[] x3 = mul2(x2[0], x2[1], p[0], p[1]);
        BigInteger b1 = g2 ? BigInteger.valueOf(4) : BigInteger.ZERO;
        return y2[0].equals(x3[0].add(BigInteger.valueOf(4)).mod(P)) && y2[1].equals(x3[1].add(b1).mod(P));
    }

    static BigInteger[] neg(BigInteger[] p) {
        return p == null ? null : new BigInteger[] {p[0], p[1], p[2].negate().mod(P), p[3].negate().mod(P)};
    }

    static BigInteger[] add(BigInteger[] p, BigInteger[] q) {
        if (p == null) {
            return q;
        }
        if (q == null) {
            return p;
        }
        BigInteger[] lambda;
        if (p[0].equals(q[0]) && p[1].equals(q[1])) {
            if (!p[2].equals(q[2]) || !p[3].equals(q[3]) || (p[2].signum() == 0 && p[3].signum() == 0)) {
                return null;
            }
            BigInteger[] x2 = mul2(p[0], p[1], p[0], p[1]);
            BigInteger[] den = inv2(p[2].shiftLeft(1).mod(P), p[3].shiftLeft(1).mod(P));
            lambda = mul2(x2[0].multiply(BigInteger.valueOf(3)), x2[1].multiply(BigInteger.valueOf(3)), den[0], den[1]);
        } else {
            BigInteger[] den = inv2(q[0].subtract(p[0]).mod(P), q[1].subtract(p[1]).mod(P));
            lambda = mul2(q[2].subtract(p[2]), q[3].subtract(p[3]), den[0], den[1]);
        }
        BigInteger[] l2 = mul2(lambda[0], lambda[1], lambda[0], lambda[1]);
        BigInteger x0 = l2[0].subtract(p[0]).subtract(q[0]).mod(P);
        BigInteger x1 = l2[1].subtract(p[1]).subtract(q[1]).mod(P);
        BigInteger[] y = mul2(lambda[0], lambda[1], p[0].subtract(x0), p[1].subtract(x1));
        return new BigInteger[] {x0, x1, y[0].subtract(p[2]).mod(P), y[1].subtract(p[3]).mod(P)};
    }

    /** k p by double-and-add (k reduced mod r). */
    static BigInteger[] mul(BigInteger[] p, BigInteger k) {
        k = k.mod(R);
        BigInteger[] acc = null;
        for (int i = k.bitLength() - 1; i >= 0; i--) {
            acc = add(acc, acc);
            if (k.testBit(i)) {
                acc = add(acc, p);
            }
        }
        return acc;
    }

    /** Writes p as an affine array point (G1: 12 longs, G2: 24), identity all zero. */
    static void write(BigInteger[] p, boolean g2, long[] out, int o) {
        int l = Fp.LIMBS;
        if (p == null) {
            java.util.Arrays.fill(out, o, o + (g2 ? 4 : 2) * l, 0);
            return;
        }
        if (g2) {
            for (int i = 0; i < 4; i++) {
                Fp.FIELD.fromBigInteger(p[i], out, o + i * l);
            }
        } else {
            Fp.FIELD.fromBigInteger(p[0], out, o);
            Fp.FIELD.fromBigInteger(p[2], out, o + l);
        }
    }

    /** Reads a Jacobian array point (G1: 18 longs, G2: 36) as an affine reference point. */
    static BigInteger[] readJacobian(long[] a, boolean g2) {
        int l = Fp.LIMBS;
        BigInteger[] c = new BigInteger[6];
        for (int i = 0; i < 3; i++) {
            if (g2) {
                c[2 * i] = Fp.toBigInteger(a, 2 * i * l);
                c[2 * i + 1] = Fp.toBigInteger(a, (2 * i + 1) * l);
            } else {
                c[2 * i] = Fp.toBigInteger(a, i * l);
                c[2 * i + 1] = BigInteger.ZERO;
            }
        }
        if (c[4].signum() == 0 && c[5].signum() == 0) {
            return null;
        }
        BigInteger[] zi = inv2(c[4], c[5]);
        BigInteger[] zi2 = mul2(zi[0], zi[1], zi[0], zi[1]);
        BigInteger[] zi3 = mul2(zi2[0], zi2[1], zi[0], zi[1]);
        BigInteger[] x = mul2(c[0], c[1], zi2[0], zi2[1]);
        BigInteger[] y = mul2(c[2], c[3], zi3[0], zi3[1]);
        return new BigInteger[] {x[0], x[1], y[0], y[1]};
    }
}
