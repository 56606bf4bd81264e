package io.c2spark.cli.fuzz;

import io.c2spark.core.curve.G1;
import io.c2spark.core.curve.G2;
import io.c2spark.core.curve.ZcashEncoding;
import io.c2spark.core.field.Fp;
import io.c2spark.core.field.Fr;
import java.math.BigInteger;
import java.util.Random;

/**
 * Points for mutations, in the affine layout of {@link G1} and {@link G2} (Fp Montgomery limbs):
 * valid ones (a random multiple of the generator: well formed, but not the point that was there),
 * ones on the curve outside the order-r subgroup, and ones off the curve; and the encodings the
 * files use: zcash bytes, snarkjs's little-endian Montgomery limbs, and decimal strings.
 */
public final class BadPoints {
    /** The kinds of replacement point; IDENTITY and X_NOT_BELOW_P are encoded by the callers. */
    public enum Fault { VALID_OTHER, NOT_IN_SUBGROUP, OFF_CURVE, IDENTITY, X_NOT_BELOW_P }

    private static final Fault[] FAULTS = Fault.values();

    private BadPoints() {
    }

    public static Fault anyFault(Random rnd) {
        return FAULTS[rnd.nextInt(FAULTS.length)];
    }

    /** A random point of the order-r subgroup, affine. */
    public static long[] valid(boolean g2, Random rnd) {
        BigInteger k = new BigInteger(250, rnd).add(BigInteger.TWO);
        if (g2) {
            long[] j = new long[G2.JACOBIAN];
            G2.LAW.fromAffine(G2.generator(), 0, j, 0);
            G2.LAW.mul(j, 0, k, j, 0);
            long[] a = new long[G2.AFFINE];
            G2.LAW.toAffine(j, 0, a, 0);
            return a;
        }
        long[] j = new long[G1.JACOBIAN];
        G1.LAW.fromAffine(G1.generator(), 0, j, 0);
        G1.LAW.mul(j, 0, k, j, 0);
        long[] a = new long[G1.AFFINE];
        G1.LAW.toAffine(j, 0, a, 0);
        return a;
    }

    /** A point on the curve outside the order-r subgroup (a random x with a root, decoded unchecked). */
    public static long[] notInSubgroup(boolean g2, Random rnd) {
        int len = g2 ? ZcashEncoding.G2_COMPRESSED : ZcashEncoding.G1_COMPRESSED;
        long[] out = new long[g2 ? G2.AFFINE : G1.AFFINE];
        while (true) {
            byte[] enc = new byte[len];
            for (int i = 0; i < len; i += Fp.BYTES) {
                byte[] x = BigIntegers.fixed(new BigInteger(380, rnd).mod(Fp.MODULUS), Fp.BYTES);
                System.arraycopy(x, 0, enc, i, Fp.BYTES);
            }
            enc[0] |= (byte) 0x80;
            try {
                if (g2) {
                    ZcashEncoding.readG2(enc, 0, len, false, out, 0);
                    if (!G2.isInSubgroup(out, 0)) {
                        return out;
                    }
                } else {
                    ZcashEncoding.readG1(enc, 0, len, false, out, 0);
                    if (!G1.isInSubgroup(out, 0)) {
                        return out;
                    }
                }
            } catch (IllegalArgumentException noRoot) {
                // Not the x of a curve point: another.
            }
        }
    }

    /** A valid point with one coordinate limb changed: off the curve, its coordinates still below p. */
    public static long[] offCurve(boolean g2, Random rnd) {
        long[] p = valid(g2, rnd);
        int y = g2 ? 2 * Fp.LIMBS : Fp.LIMBS;
        long[] one = Fp.FIELD.one();
        Fp.add(p, y, one, 0, p, y);
        return p;
    }

    /** The replacement point of a fault other than IDENTITY and X_NOT_BELOW_P. */
    public static long[] point(Fault f, boolean g2, Random rnd) {
        return switch (f) {
            case VALID_OTHER -> valid(g2, rnd);
            case NOT_IN_SUBGROUP -> notInSubgroup(g2, rnd);
            case OFF_CURVE -> offCurve(g2, rnd);
            default -> throw new IllegalArgumentException(f + " has no affine point");
        };
    }

    /** p + k as a coordinate's raw value: not below p. */
    public static BigInteger notBelowP(Random rnd) {
        return Fp.MODULUS.add(BigInteger.valueOf(rnd.nextInt(3) == 0 ? 0 : rnd.nextInt(1 << 20)));
    }

    /** r + k: a scalar not below r. */
    public static BigInteger notBelowR(Random rnd) {
        return Fr.MODULUS.add(BigInteger.valueOf(rnd.nextInt(3) == 0 ? 0 : rnd.nextInt(1 << 20)));
    }

    /**
     * The zcash encoding of the fault's point (uncompressed or compressed): IDENTITY is the infinity
     * encoding, X_NOT_BELOW_P a valid point's encoding with x replaced by p + k.
     */
    public static byte[] zcash(Fault f, boolean g2, boolean compressed, Random rnd) {
        int len = g2 ? (compressed ? ZcashEncoding.G2_COMPRESSED : ZcashEncoding.G2_UNCOMPRESSED)
                : (compressed ? ZcashEncoding.G1_COMPRESSED : ZcashEncoding.G1_UNCOMPRESSED);
        if (f == Fault.IDENTITY) {
            byte[] out = new byte[len];
            out[0] = (byte) (0x40 | (compressed ? 0x80 : 0));
            return out;
        }
        if (f == Fault.X_NOT_BELOW_P) {
            byte[] out = g2 ? ZcashEncoding.encodeG2(valid(true, rnd), 0, compressed)
                    : ZcashEncoding.encodeG1(valid(false, rnd), 0, compressed);
            int flags = out[0] & 0xE0;
            // For G2 the first 48 bytes are x.c1.
            byte[] x = BigIntegers.fixed(notBelowP(rnd), Fp.BYTES);
            System.arraycopy(x, 0, out, 0, Fp.BYTES);
            out[0] |= (byte) flags;
            return out;
        }
        long[] p = point(f, g2, rnd);
        return g2 ? ZcashEncoding.encodeG2(p, 0, compressed) : ZcashEncoding.encodeG1(p, 0, compressed);
    }

    /**
     * The fault's point as snarkjs's binary files hold it: each coordinate six little-endian 64-bit
     * Montgomery limbs (G2: x.c0, x.c1, y.c0, y.c1); the identity all zero, X_NOT_BELOW_P x's raw
     * limbs p + k.
     */
    public static byte[] snarkjsBinary(Fault f, boolean g2, Random rnd) {
        long[] limbs;
        if (f == Fault.IDENTITY) {
            limbs = new long[g2 ? G2.AFFINE : G1.AFFINE];
        } else if (f == Fault.X_NOT_BELOW_P) {
            limbs = valid(g2, rnd);
            BigInteger v = notBelowP(rnd);
            for (int i = 0; i < Fp.LIMBS; i++) {
                limbs[i] = v.shiftRight(64 * i).longValue();
            }
        } else {
            limbs = point(f, g2, rnd);
        }
        byte[] out = new byte[limbs.length * 8];
        for (int i = 0; i < limbs.length; i++) {
            for (int b = 0; b < 8; b++) {
                out[8 * i + b] = (byte) (limbs[i] >>> (8 * b));
            }
        }
        return out;
    }

    /**
     * The fault's point as snarkjs's JSON holds it: decimal coordinates, then z (G1 [x, y, z], G2
     * [[x0, x1], [y0, y1], [z0, z1]]); the identity as snarkjs writes it, X_NOT_BELOW_P with x = p + k.
     */
    public static Object[] snarkjsJson(Fault f, boolean g2, Random rnd) {
        if (f == Fault.IDENTITY) {
            return g2 ? new Object[] {new String[] {"0", "0"}, new String[] {"1", "0"}, new String[] {"0", "0"}}
                    : new Object[] {"0", "1", "0"};
        }
        long[] p = f == Fault.X_NOT_BELOW_P ? valid(g2, rnd) : point(f, g2, rnd);
        String[] c = new String[g2 ? 4 : 2];
        for (int i = 0; i < c.length; i++) {
            c[i] = Fp.FIELD.toBigInteger(p, i * Fp.LIMBS).toString();
        }
        if (f == Fault.X_NOT_BELOW_P) {
            c[0] = notBelowP(rnd).toString();
        }
        return g2 ? new Object[] {new String[] {c[0], c[1]}, new String[] {c[2], c[3]}, new String[] {"1", "0"}}
                : new Object[] {c[0], c[1], "1"};
    }
}
