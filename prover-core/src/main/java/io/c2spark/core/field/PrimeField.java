package io.c2spark.core.field;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.math.BigInteger;
import java.nio.ByteOrder;
import java.util.Random;

/**
 * A prime field in Montgomery form over 64-bit little-endian limbs, its constants derived from the
 * modulus at class load. Elements live in flat {@code long[]} arrays at limb offsets, so an array of
 * k elements is {@code long[k * limbs]} and no object is made per element.
 *
 * <p>This class holds the generic (loop over {@code limbs}) implementation of every operation but
 * the multiplication, which each field passes in unrolled for its limb count. The curve-specific
 * classes {@link Fr} and {@link Fp} expose the same operations as static methods and route the hot
 * ones (add, sub, mul, square) through code specialised to their limb count.
 */
public final class PrimeField {
    private static final VarHandle LONG_BE = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

    public final int limbs;
    public final int bytes;
    public final int bits;
    public final BigInteger modulus;
    /** Modulus limbs, canonical. */
    final long[] p;
    private final Multiplication multiplication;
    /** R mod p (the Montgomery form of 1), R^2 mod p, R^3 mod p. */
    final long[] one;
    final long[] r2;
    final long[] r3;
    /** p - 2, for inversion by Fermat. */
    final long[] pMinus2;
    /** (p - 1) / 2, for the Legendre symbol. */
    final long[] pMinus1Half;
    /** p - 1 = 2^s * t with t odd. */
    final int twoAdicity;
    final long[] t;
    final long[] tMinus1Half;
    /** A non-residue raised to t, in Montgomery form: generator of the 2^s subgroup. */
    final long[] rootOfUnity2s;

    /** The Montgomery multiplication r = a b R^-1 mod p, unrolled for one field's limb count. */
    @FunctionalInterface
    public interface Multiplication {
        void mul(long[] a, int ao, long[] b, int bo, long[] r, int ro);
    }

    public PrimeField(BigInteger modulus, Multiplication multiplication) {
        this.modulus = modulus;
        this.bits = modulus.bitLength();
        this.limbs = (bits + 63) / 64;
        this.bytes = (bits + 7) / 8;
        this.p = limbsOf(modulus, limbs);
        this.multiplication = multiplication;
        BigInteger r = BigInteger.ONE.shiftLeft(64 * limbs).mod(modulus);
        this.one = limbsOf(r, limbs);
        this.r2 = limbsOf(r.multiply(r).mod(modulus), limbs);
        this.r3 = limbsOf(r.multiply(r).multiply(r).mod(modulus), limbs);
        this.pMinus2 = limbsOf(modulus.subtract(BigInteger.TWO), limbs);
        BigInteger pm1 = modulus.subtract(BigInteger.ONE);
        this.pMinus1Half = limbsOf(pm1.shiftRight(1), limbs);
        int s = pm1.getLowestSetBit();
        this.twoAdicity = s;
        BigInteger tt = pm1.shiftRight(s);
        this.t = limbsOf(tt, limbs);
        this.tMinus1Half = limbsOf(tt.subtract(BigInteger.ONE).shiftRight(1), limbs);
        BigInteger z = BigInteger.TWO;
        while (z.modPow(pm1.shiftRight(1), modulus).equals(BigInteger.ONE)) {
            z = z.add(BigInteger.ONE);
        }
        this.rootOfUnity2s = limbsOf(z.modPow(tt, modulus).multiply(r).mod(modulus), limbs);
    }

    static long[] limbsOf(BigInteger v, int n) {
        if (v.signum() < 0 || v.bitLength() > 64 * n) {
            throw new IllegalArgumentException("value does not fit in " + n + " limbs");
        }
        long[] out = new long[n];
        for (int i = 0; i < n; i++) {
            out[i] = v.shiftRight(64 * i).longValue();
        }
        return out;
    }

    // ---------------------------------------------------------------- conversions

    /** Montgomery form of v (reduced mod p first; negative values allowed). */
    public long[] fromBigInteger(BigInteger v) {
        long[] out = new long[limbs];
        fromBigInteger(v, out, 0);
        return out;
    }

    public void fromBigInteger(BigInteger v, long[] out, int o) {
        long[] c = limbsOf(v.mod(modulus), limbs);
        mul(c, 0, r2, 0, out, o);
    }

    public BigInteger toBigInteger(long[] a, int ao) {
        long[] c = new long[limbs];
        fromMontgomery(a, ao, c, 0);
        byte[] be = new byte[8 * limbs + 1];
        for (int i = 0; i < limbs; i++) {
            long w = c[i];
            for (int j = 0; j < 8; j++) {
                be[be.length - 1 - (8 * i + j)] = (byte) (w >>> (8 * j));
            }
        }
        return new BigInteger(be);
    }

    /** Montgomery form to canonical limbs. */
    public void fromMontgomery(long[] a, int ao, long[] out, int o) {
        long[] oneCanonical = new long[limbs];
        oneCanonical[0] = 1;
        mul(a, ao, oneCanonical, 0, out, o);
    }

    /** Canonical limbs (must be below p) to Montgomery form. */
    public void toMontgomery(long[] a, int ao, long[] out, int o) {
        mul(a, ao, r2, 0, out, o);
    }

    /** True when the canonical limbs at a[ao..] are strictly below the modulus. */
    public boolean isCanonical(long[] a, int ao) {
        for (int i = limbs - 1; i >= 0; i--) {
            long x = a[ao + i];
            if (x != p[i]) {
                return Long.compareUnsigned(x, p[i]) < 0;
            }
        }
        return false;
    }

    /**
     * Canonical little-endian bytes of the element, {@link #bytes} long.
     */
    public void toBytesLE(long[] a, int ao, byte[] out, int o) {
        long[] c = new long[limbs];
        fromMontgomery(a, ao, c, 0);
        for (int i = 0; i < bytes; i++) {
            out[o + i] = (byte) (c[i >>> 3] >>> (8 * (i & 7)));
        }
    }

    /** Canonical big-endian bytes of the element, {@link #bytes} long. */
    public void toBytesBE(long[] a, int ao, byte[] out, int o) {
        long[] c = new long[limbs];
        fromMontgomery(a, ao, c, 0);
        for (int i = 0; i < bytes; i++) {
            out[o + bytes - 1 - i] = (byte) (c[i >>> 3] >>> (8 * (i & 7)));
        }
    }

    /**
     * Reads canonical little-endian bytes into Montgomery form.
     *
     * @return false (and leaves out untouched) when the value is not below the modulus
     */
    public boolean fromBytesLE(byte[] in, int io, long[] out, int o) {
        long[] c = new long[limbs];
        for (int i = 0; i < bytes; i++) {
            c[i >>> 3] |= (in[io + i] & 0xFFL) << (8 * (i & 7));
        }
        if (!isCanonical(c, 0)) {
            return false;
        }
        toMontgomery(c, 0, out, o);
        return true;
    }

    /** Reads canonical big-endian bytes into Montgomery form; false when not below the modulus. */
    public boolean fromBytesBE(byte[] in, int io, long[] out, int o) {
        return fromBytesBE(in, io, -1L, out, o);
    }

    /**
     * As {@link #fromBytesBE(byte[], int, long[], int)}, the top limb ANDed with topMask first: an
     * encoding's flag bits in the unused top of the first byte are dropped without copying the bytes.
     * Whole limbs are read as big-endian longs (a parameter file's decoding spent a fifth of its time
     * assembling limbs byte by byte).
     */
    public boolean fromBytesBE(byte[] in, int io, long topMask, long[] out, int o) {
        long[] c = new long[limbs];
        if (bytes == 8 * limbs) {
            for (int i = 0; i < limbs; i++) {
                c[i] = (long) LONG_BE.get(in, io + bytes - 8 * (i + 1));
            }
        } else {
            for (int i = 0; i < bytes; i++) {
                c[i >>> 3] |= (in[io + bytes - 1 - i] & 0xFFL) << (8 * (i & 7));
            }
        }
        c[limbs - 1] &= topMask;
        if (!isCanonical(c, 0)) {
            return false;
        }
        toMontgomery(c, 0, out, o);
        return true;
    }

    // ---------------------------------------------------------------- predicates and copies

    public boolean isZero(long[] a, int ao) {
        long acc = 0;
        for (int i = 0; i < limbs; i++) {
            acc |= a[ao + i];
        }
        return acc == 0;
    }

    public boolean isOne(long[] a, int ao) {
        return equal(a, ao, one, 0);
    }

    public boolean equal(long[] a, int ao, long[] b, int bo) {
        for (int i = 0; i < limbs; i++) {
            if (a[ao + i] != b[bo + i]) {
                return false;
            }
        }
        return true;
    }

    public void setOne(long[] r, int ro) {
        System.arraycopy(one, 0, r, ro, limbs);
    }

    public void setZero(long[] r, int ro) {
        for (int i = 0; i < limbs; i++) {
            r[ro + i] = 0;
        }
    }

    public long[] one() {
        return one.clone();
    }

    /** A uniformly distributed element (rejection sampling on canonical limbs). */
    public void random(Random rnd, long[] r, int ro) {
        long[] c = new long[limbs];
        int topBits = bits - 64 * (limbs - 1);
        long topMask = topBits == 64 ? -1L : (1L << topBits) - 1;
        do {
            for (int i = 0; i < limbs; i++) {
                c[i] = rnd.nextLong();
            }
            c[limbs - 1] &= topMask;
        } while (!isCanonical(c, 0));
        toMontgomery(c, 0, r, ro);
    }

    // ---------------------------------------------------------------- generic arithmetic

    public void add(long[] a, int ao, long[] b, int bo, long[] r, int ro) {
        long carry = 0;
        long[] s = new long[limbs];
        for (int i = 0; i < limbs; i++) {
            long x = a[ao + i];
            long y = b[bo + i];
            long z = x + y;
            long c1 = Long.compareUnsigned(z, x) < 0 ? 1 : 0;
            long z2 = z + carry;
            long c2 = Long.compareUnsigned(z2, z) < 0 ? 1 : 0;
            s[i] = z2;
            carry = c1 + c2;
        }
        reduceOnce(s, carry, r, ro);
    }

    public void sub(long[] a, int ao, long[] b, int bo, long[] r, int ro) {
        long borrow = 0;
        long[] d = new long[limbs];
        for (int i = 0; i < limbs; i++) {
            long x = a[ao + i];
            long y = b[bo + i];
            long z = x - y;
            long b1 = Long.compareUnsigned(x, y) < 0 ? 1 : 0;
            long z2 = z - borrow;
            long b2 = Long.compareUnsigned(z, borrow) < 0 ? 1 : 0;
            d[i] = z2;
            borrow = b1 | b2;
        }
        if (borrow != 0) {
            long carry = 0;
            for (int i = 0; i < limbs; i++) {
                long z = d[i] + p[i];
                long c1 = Long.compareUnsigned(z, d[i]) < 0 ? 1 : 0;
                long z2 = z + carry;
                long c2 = Long.compareUnsigned(z2, z) < 0 ? 1 : 0;
                d[i] = z2;
                carry = c1 + c2;
            }
        }
        System.arraycopy(d, 0, r, ro, limbs);
    }

    public void neg(long[] a, int ao, long[] r, int ro) {
        if (isZero(a, ao)) {
            setZero(r, ro);
            return;
        }
        long borrow = 0;
        for (int i = 0; i < limbs; i++) {
            long x = p[i];
            long y = a[ao + i];
            long z = x - y;
            long b1 = Long.compareUnsigned(x, y) < 0 ? 1 : 0;
            long z2 = z - borrow;
            long b2 = Long.compareUnsigned(z, borrow) < 0 ? 1 : 0;
            r[ro + i] = z2;
            borrow = b1 | b2;
        }
    }

    private void reduceOnce(long[] s, long carry, long[] r, int ro) {
        long[] d = new long[limbs];
        long borrow = 0;
        for (int i = 0; i < limbs; i++) {
            long x = s[i];
            long y = p[i];
            long z = x - y;
            long b1 = Long.compareUnsigned(x, y) < 0 ? 1 : 0;
            long z2 = z - borrow;
            long b2 = Long.compareUnsigned(z, borrow) < 0 ? 1 : 0;
            d[i] = z2;
            borrow = b1 | b2;
        }
        // s >= p exactly when the carry out is set or the subtraction did not borrow.
        long[] src = (carry != 0 || borrow == 0) ? d : s;
        System.arraycopy(src, 0, r, ro, limbs);
    }

    /** Montgomery multiplication: r = a * b * R^-1 mod p, by the field's unrolled code. Output may alias inputs. */
    public void mul(long[] a, int ao, long[] b, int bo, long[] r, int ro) {
        multiplication.mul(a, ao, b, bo, r, ro);
    }

    public void sqr(long[] a, int ao, long[] r, int ro) {
        mul(a, ao, a, ao, r, ro);
    }

    /** r = a^e for an exponent given as little-endian 64-bit limbs (any length). */
    public void pow(long[] a, int ao, long[] e, long[] r, int ro) {
        long[] acc = one.clone();
        long[] base = new long[limbs];
        System.arraycopy(a, ao, base, 0, limbs);
        for (int i = e.length - 1; i >= 0; i--) {
            for (int bit = 63; bit >= 0; bit--) {
                mul(acc, 0, acc, 0, acc, 0);
                if (((e[i] >>> bit) & 1) != 0) {
                    mul(acc, 0, base, 0, acc, 0);
                }
            }
        }
        System.arraycopy(acc, 0, r, ro, limbs);
    }

    /** r = a^-1; the inverse of zero is zero. */
    public void inverse(long[] a, int ao, long[] r, int ro) {
        pow(a, ao, pMinus2, r, ro);
    }

    /**
     * Inverts count elements of a starting at element offset off, in place (Montgomery's trick:
     * one inversion and 3(count-1) multiplications). Zeros stay zero.
     */
    public void batchInverse(long[] a, int off, int count) {
        int n = limbs;
        long[] prefix = new long[count * n];
        long[] acc = one.clone();
        for (int i = 0; i < count; i++) {
            int ai = (off + i) * n;
            System.arraycopy(acc, 0, prefix, i * n, n);
            if (!isZero(a, ai)) {
                mul(acc, 0, a, ai, acc, 0);
            }
        }
        inverse(acc, 0, acc, 0);
        long[] tmp = new long[n];
        for (int i = count - 1; i >= 0; i--) {
            int ai = (off + i) * n;
            if (isZero(a, ai)) {
                continue;
            }
            mul(acc, 0, prefix, i * n, tmp, 0);
            mul(acc, 0, a, ai, acc, 0);
            System.arraycopy(tmp, 0, a, ai, n);
        }
    }

    /** Legendre symbol: 1 for a non-zero square, -1 for a non-square, 0 for zero. */
    public int legendre(long[] a, int ao) {
        if (isZero(a, ao)) {
            return 0;
        }
        long[] x = new long[limbs];
        pow(a, ao, pMinus1Half, x, 0);
        return isOne(x, 0) ? 1 : -1;
    }

    /**
     * Square root by Tonelli-Shanks. Returns false when a is not a square; otherwise writes one of
     * the two roots (no sign convention: callers choose by their encoding's rule).
     */
    public boolean sqrt(long[] a, int ao, long[] r, int ro) {
        if (isZero(a, ao)) {
            setZero(r, ro);
            return true;
        }
        if (legendre(a, ao) != 1) {
            return false;
        }
        int n = limbs;
        long[] w = new long[n];
        pow(a, ao, tMinus1Half, w, 0);
        long[] x = new long[n];
        mul(a, ao, w, 0, x, 0);
        long[] b = new long[n];
        mul(x, 0, w, 0, b, 0);
        long[] z = rootOfUnity2s.clone();
        int v = twoAdicity;
        long[] tmp = new long[n];
        while (!isOne(b, 0)) {
            int k = 0;
            System.arraycopy(b, 0, tmp, 0, n);
            while (!isOne(tmp, 0)) {
                sqr(tmp, 0, tmp, 0);
                k++;
            }
            long[] wz = z.clone();
            for (int j = 0; j < v - k - 1; j++) {
                sqr(wz, 0, wz, 0);
            }
            mul(wz, 0, wz, 0, z, 0);
            mul(x, 0, wz, 0, x, 0);
            mul(b, 0, z, 0, b, 0);
            v = k;
        }
        System.arraycopy(x, 0, r, ro, n);
        return true;
    }

    /** True when the canonical value of a is greater than (p-1)/2 (the zcash "larger" flag rule). */
    public boolean isLexicographicallyLarger(long[] a, int ao) {
        long[] c = new long[limbs];
        fromMontgomery(a, ao, c, 0);
        for (int i = limbs - 1; i >= 0; i--) {
            if (c[i] != pMinus1Half[i]) {
                return Long.compareUnsigned(c[i], pMinus1Half[i]) > 0;
            }
        }
        return false;
    }
}
