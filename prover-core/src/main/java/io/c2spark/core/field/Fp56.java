package io.c2spark.core.field;

import java.math.BigInteger;

/**
 * Fp in the MSM's working form: 7 limbs of 56 bits (little-endian, canonical, below p) in
 * Montgomery form with R' = 2^392, its multiplication unrolled.
 *
 * <p>Why a second representation: with 56-bit limbs a limb product is below 2^112, so the signed
 * {@link Math#multiplyHigh} is exact (no unsigned correction) and columns are summed without carry
 * detection (8 spare bits per long); Java 17 has neither unsigned multiply-high nor add-with-carry.
 * {@link Fp#mul} works the same way but re-cuts its operands from 64-bit limbs and packs the
 * result on every call, a little slower than this, and the shared layout's additions need carry
 * detection; the MSM's points stay cut. Conversions from the shared 6 x 64 layout (R = 2^384)
 * are a shift and a reduction, back to it a multiplication; they happen once per MSM input point
 * and result.
 */
final class Fp56 {
    static final int LIMBS = 7;
    private static final long M = 0xffffffffffffffL;
    private static final long INV = 0xf3fffcfffcfffdL;

    private static final long P0 = 0xfeffffffffaaabL;
    private static final long P1 = 0xfffeb153ffffb9L;
    private static final long P2 = 0xa0f6b0f6241eabL;
    private static final long P3 = 0xf38512bf6730d2L;
    private static final long P4 = 0x4bacd764774b84L;
    private static final long P5 = 0xe69a4b1ba7b643L;
    private static final long P6 = 0x1a0111ea397fL;
    /** The modulus's limbs and the 56-bit mask shifted up by 4 (see {@link #mul}). */
    private static final long S0 = P0 << 4;
    private static final long S1 = P1 << 4;
    private static final long S2 = P2 << 4;
    private static final long S3 = P3 << 4;
    private static final long S4 = P4 << 4;
    private static final long S5 = P5 << 4;
    private static final long S6 = P6 << 4;
    private static final long M4 = M << 4;

    /** 2^k p for k = 7 down to 0 ({@link #fromStandard}). */
    private static final long[][] P_MULTIPLES = new long[8][];
    /** R mod p: Montgomery-multiplying x R' by it gives x R. */
    private static final long[] FROM_56;
    /** R' mod p (one) and R'^3 mod p (for inversion). */
    private static final long[] ONE;
    private static final long[] R3;

    static {
        BigInteger p = Fp.MODULUS;
        BigInteger r = BigInteger.ONE.shiftLeft(384).mod(p);
        BigInteger r56 = BigInteger.ONE.shiftLeft(392).mod(p);
        for (int k = 0; k < 8; k++) {
            P_MULTIPLES[k] = limbs(p.shiftLeft(7 - k));
        }
        FROM_56 = limbs(r);
        ONE = limbs(r56);
        R3 = limbs(r56.pow(3).mod(p));
    }

    private Fp56() {
    }

    static long[] limbs(BigInteger v) {
        long[] out = new long[LIMBS];
        for (int i = 0; i < LIMBS; i++) {
            out[i] = v.shiftRight(56 * i).longValue() & M;
        }
        return out;
    }

    static BigInteger toBigIntegerRaw(long[] a, int ao) {
        BigInteger v = BigInteger.ZERO;
        for (int i = LIMBS - 1; i >= 0; i--) {
            v = v.shiftLeft(56).or(BigInteger.valueOf(a[ao + i]));
        }
        return v;
    }

    /**
     * From the shared layout (6 x 64, Montgomery R; canonical, below p, as that layout keeps it) to
     * this one, canonical too: x R' = x R 2^8, so the same bits
     * shifted up by 8 and reduced by subtracting 2^k p where it fits, k = 7 down to 0 (about a third
     * of a Montgomery multiplication; parameters' points are converted by the million per proof).
     */
    static void fromStandard(long[] a, int ao, long[] r, int ro) {
        long a0 = a[ao], a1 = a[ao + 1], a2 = a[ao + 2], a3 = a[ao + 3], a4 = a[ao + 4], a5 = a[ao + 5];
        long v0 = (a0 << 8) & M;
        long v1 = ((a0 >>> 48) | (a1 << 16)) & M;
        long v2 = ((a1 >>> 40) | (a2 << 24)) & M;
        long v3 = ((a2 >>> 32) | (a3 << 32)) & M;
        long v4 = ((a3 >>> 24) | (a4 << 40)) & M;
        long v5 = ((a4 >>> 16) | (a5 << 48)) & M;
        long v6 = a5 >>> 8;
        for (long[] q : P_MULTIPLES) {
            long d0 = v0 - q[0];
            long d1 = v1 - q[1] - (d0 >>> 63);
            long d2 = v2 - q[2] - (d1 >>> 63);
            long d3 = v3 - q[3] - (d2 >>> 63);
            long d4 = v4 - q[4] - (d3 >>> 63);
            long d5 = v5 - q[5] - (d4 >>> 63);
            long d6 = v6 - q[6] - (d5 >>> 63);
            long keep = d6 >> 63;
            v0 = (v0 & keep) | (d0 & M & ~keep);
            v1 = (v1 & keep) | (d1 & M & ~keep);
            v2 = (v2 & keep) | (d2 & M & ~keep);
            v3 = (v3 & keep) | (d3 & M & ~keep);
            v4 = (v4 & keep) | (d4 & M & ~keep);
            v5 = (v5 & keep) | (d5 & M & ~keep);
            v6 = (v6 & keep) | (d6 & ~keep);
        }
        r[ro] = v0;
        r[ro + 1] = v1;
        r[ro + 2] = v2;
        r[ro + 3] = v3;
        r[ro + 4] = v4;
        r[ro + 5] = v5;
        r[ro + 6] = v6;
    }

    /** From this layout back to the shared one (6 x 64, Montgomery R). */
    static void toStandard(long[] a, int ao, long[] r, int ro) {
        long[] t = new long[LIMBS];
        mul(a, ao, FROM_56, 0, t, 0);
        r[ro] = t[0] | (t[1] << 56);
        r[ro + 1] = (t[1] >>> 8) | (t[2] << 48);
        r[ro + 2] = (t[2] >>> 16) | (t[3] << 40);
        r[ro + 3] = (t[3] >>> 24) | (t[4] << 32);
        r[ro + 4] = (t[4] >>> 32) | (t[5] << 24);
        r[ro + 5] = (t[5] >>> 40) | (t[6] << 16);
    }

    static void setOne(long[] r, int ro) {
        System.arraycopy(ONE, 0, r, ro, LIMBS);
    }

    /** r = a^-1 (zero stays zero): BigInteger's gcd inverse of x R' is x^-1 R'^-1; times R'^3 / R'. */
    static void inverse(long[] a, int ao, long[] r, int ro) {
        BigInteger v = toBigIntegerRaw(a, ao);
        if (v.signum() == 0) {
            java.util.Arrays.fill(r, ro, ro + LIMBS, 0);
            return;
        }
        mul(limbs(v.modInverse(Fp.MODULUS)), 0, R3, 0, r, ro);
    }

    /**
     * r = a b / R' mod p, canonical. Outputs may alias inputs.
     *
     * <p>Both operands' limbs are shifted up by 4 bits on loading, so that a limb product x y =
     * 2^8 a_i b_j is below 2^120: its high word {@code multiplyHigh(x, y)} is then exactly the
     * product's bits 56 and up, and its low word shifted down by 8 exactly bits 0..55, one
     * operation where splitting the unshifted product at bit 56 took four.
     */
    static void mul(long[] a, int ao, long[] b, int bo, long[] r, int ro) {
        long a0 = a[ao] << 4, a1 = a[ao + 1] << 4, a2 = a[ao + 2] << 4, a3 = a[ao + 3] << 4, a4 = a[ao + 4] << 4,
                a5 = a[ao + 5] << 4, a6 = a[ao + 6] << 4;
        long t0 = 0, t1 = 0, t2 = 0, t3 = 0, t4 = 0, t5 = 0, t6 = 0, t7 = 0;
        // Generated by FieldCodegen.workingFormRounds (prover-core tests): edit the generator.
        long bi, m;
        bi = b[bo] << 4;
        t0 += (a0 * bi) >>> 8; t1 += Math.multiplyHigh(a0, bi);
        t1 += (a1 * bi) >>> 8; t2 += Math.multiplyHigh(a1, bi);
        t2 += (a2 * bi) >>> 8; t3 += Math.multiplyHigh(a2, bi);
        t3 += (a3 * bi) >>> 8; t4 += Math.multiplyHigh(a3, bi);
        t4 += (a4 * bi) >>> 8; t5 += Math.multiplyHigh(a4, bi);
        t5 += (a5 * bi) >>> 8; t6 += Math.multiplyHigh(a5, bi);
        t6 += (a6 * bi) >>> 8; t7 += Math.multiplyHigh(a6, bi);
        m = ((t0 * INV) << 4) & M4;
        t0 += (m * S0) >>> 8; t1 += Math.multiplyHigh(m, S0);
        t1 += (m * S1) >>> 8; t2 += Math.multiplyHigh(m, S1);
        t2 += (m * S2) >>> 8; t3 += Math.multiplyHigh(m, S2);
        t3 += (m * S3) >>> 8; t4 += Math.multiplyHigh(m, S3);
        t4 += (m * S4) >>> 8; t5 += Math.multiplyHigh(m, S4);
        t5 += (m * S5) >>> 8; t6 += Math.multiplyHigh(m, S5);
        t6 += (m * S6) >>> 8; t7 += Math.multiplyHigh(m, S6);
        t0 = t1 + (t0 >>> 56);
        t1 = t2;
        t2 = t3;
        t3 = t4;
        t4 = t5;
        t5 = t6;
        t6 = t7;
        t7 = 0;
        bi = b[bo + 1] << 4;
        t0 += (a0 * bi) >>> 8; t1 += Math.multiplyHigh(a0, bi);
        t1 += (a1 * bi) >>> 8; t2 += Math.multiplyHigh(a1, bi);
        t2 += (a2 * bi) >>> 8; t3 += Math.multiplyHigh(a2, bi);
        t3 += (a3 * bi) >>> 8; t4 += Math.multiplyHigh(a3, bi);
        t4 += (a4 * bi) >>> 8; t5 += Math.multiplyHigh(a4, bi);
        t5 += (a5 * bi) >>> 8; t6 += Math.multiplyHigh(a5, bi);
        t6 += (a6 * bi) >>> 8; t7 += Math.multiplyHigh(a6, bi);
        m = ((t0 * INV) << 4) & M4;
        t0 += (m * S0) >>> 8; t1 += Math.multiplyHigh(m, S0);
        t1 += (m * S1) >>> 8; t2 += Math.multiplyHigh(m, S1);
        t2 += (m * S2) >>> 8; t3 += Math.multiplyHigh(m, S2);
        t3 += (m * S3) >>> 8; t4 += Math.multiplyHigh(m, S3);
        t4 += (m * S4) >>> 8; t5 += Math.multiplyHigh(m, S4);
        t5 += (m * S5) >>> 8; t6 += Math.multiplyHigh(m, S5);
        t6 += (m * S6) >>> 8; t7 += Math.multiplyHigh(m, S6);
        t0 = t1 + (t0 >>> 56);
        t1 = t2;
        t2 = t3;
        t3 = t4;
        t4 = t5;
        t5 = t6;
        t6 = t7;
        t7 = 0;
        bi = b[bo + 2] << 4;
        t0 += (a0 * bi) >>> 8; t1 += Math.multiplyHigh(a0, bi);
        t1 += (a1 * bi) >>> 8; t2 += Math.multiplyHigh(a1, bi);
        t2 += (a2 * bi) >>> 8; t3 += Math.multiplyHigh(a2, bi);
        t3 += (a3 * bi) >>> 8; t4 += Math.multiplyHigh(a3, bi);
        t4 += (a4 * bi) >>> 8; t5 += Math.multiplyHigh(a4, bi);
        t5 += (a5 * bi) >>> 8; t6 += Math.multiplyHigh(a5, bi);
        t6 += (a6 * bi) >>> 8; t7 += Math.multiplyHigh(a6, bi);
        m = ((t0 * INV) << 4) & M4;
        t0 += (m * S0) >>> 8; t1 += Math.multiplyHigh(m, S0);
        t1 += (m * S1) >>> 8; t2 += Math.multiplyHigh(m, S1);
        t2 += (m * S2) >>> 8; t3 += Math.multiplyHigh(m, S2);
        t3 += (m * S3) >>> 8; t4 += Math.multiplyHigh(m, S3);
        t4 += (m * S4) >>> 8; t5 += Math.multiplyHigh(m, S4);
        t5 += (m * S5) >>> 8; t6 += Math.multiplyHigh(m, S5);
        t6 += (m * S6) >>> 8; t7 += Math.multiplyHigh(m, S6);
        t0 = t1 + (t0 >>> 56);
        t1 = t2;
        t2 = t3;
        t3 = t4;
        t4 = t5;
        t5 = t6;
        t6 = t7;
        t7 = 0;
        bi = b[bo + 3] << 4;
        t0 += (a0 * bi) >>> 8; t1 += Math.multiplyHigh(a0, bi);
        t1 += (a1 * bi) >>> 8; t2 += Math.multiplyHigh(a1, bi);
        t2 += (a2 * bi) >>> 8; t3 += Math.multiplyHigh(a2, bi);
        t3 += (a3 * bi) >>> 8; t4 += Math.multiplyHigh(a3, bi);
        t4 += (a4 * bi) >>> 8; t5 += Math.multiplyHigh(a4, bi);
        t5 += (a5 * bi) >>> 8; t6 += Math.multiplyHigh(a5, bi);
        t6 += (a6 * bi) >>> 8; t7 += Math.multiplyHigh(a6, bi);
        m = ((t0 * INV) << 4) & M4;
        t0 += (m * S0) >>> 8; t1 += Math.multiplyHigh(m, S0);
        t1 += (m * S1) >>> 8; t2 += Math.multiplyHigh(m, S1);
        t2 += (m * S2) >>> 8; t3 += Math.multiplyHigh(m, S2);
        t3 += (m * S3) >>> 8; t4 += Math.multiplyHigh(m, S3);
        t4 += (m * S4) >>> 8; t5 += Math.multiplyHigh(m, S4);
        t5 += (m * S5) >>> 8; t6 += Math.multiplyHigh(m, S5);
        t6 += (m * S6) >>> 8; t7 += Math.multiplyHigh(m, S6);
        t0 = t1 + (t0 >>> 56);
        t1 = t2;
        t2 = t3;
        t3 = t4;
        t4 = t5;
        t5 = t6;
        t6 = t7;
        t7 = 0;
        bi = b[bo + 4] << 4;
        t0 += (a0 * bi) >>> 8; t1 += Math.multiplyHigh(a0, bi);
        t1 += (a1 * bi) >>> 8; t2 += Math.multiplyHigh(a1, bi);
        t2 += (a2 * bi) >>> 8; t3 += Math.multiplyHigh(a2, bi);
        t3 += (a3 * bi) >>> 8; t4 += Math.multiplyHigh(a3, bi);
        t4 += (a4 * bi) >>> 8; t5 += Math.multiplyHigh(a4, bi);
        t5 += (a5 * bi) >>> 8; t6 += Math.multiplyHigh(a5, bi);
        t6 += (a6 * bi) >>> 8; t7 += Math.multiplyHigh(a6, bi);
        m = ((t0 * INV) << 4) & M4;
        t0 += (m * S0) >>> 8; t1 += Math.multiplyHigh(m, S0);
        t1 += (m * S1) >>> 8; t2 += Math.multiplyHigh(m, S1);
        t2 += (m * S2) >>> 8; t3 += Math.multiplyHigh(m, S2);
        t3 += (m * S3) >>> 8; t4 += Math.multiplyHigh(m, S3);
        t4 += (m * S4) >>> 8; t5 += Math.multiplyHigh(m, S4);
        t5 += (m * S5) >>> 8; t6 += Math.multiplyHigh(m, S5);
        t6 += (m * S6) >>> 8; t7 += Math.multiplyHigh(m, S6);
        t0 = t1 + (t0 >>> 56);
        t1 = t2;
        t2 = t3;
        t3 = t4;
        t4 = t5;
        t5 = t6;
        t6 = t7;
        t7 = 0;
        bi = b[bo + 5] << 4;
        t0 += (a0 * bi) >>> 8; t1 += Math.multiplyHigh(a0, bi);
        t1 += (a1 * bi) >>> 8; t2 += Math.multiplyHigh(a1, bi);
        t2 += (a2 * bi) >>> 8; t3 += Math.multiplyHigh(a2, bi);
        t3 += (a3 * bi) >>> 8; t4 += Math.multiplyHigh(a3, bi);
        t4 += (a4 * bi) >>> 8; t5 += Math.multiplyHigh(a4, bi);
        t5 += (a5 * bi) >>> 8; t6 += Math.multiplyHigh(a5, bi);
        t6 += (a6 * bi) >>> 8; t7 += Math.multiplyHigh(a6, bi);
        m = ((t0 * INV) << 4) & M4;
        t0 += (m * S0) >>> 8; t1 += Math.multiplyHigh(m, S0);
        t1 += (m * S1) >>> 8; t2 += Math.multiplyHigh(m, S1);
        t2 += (m * S2) >>> 8; t3 += Math.multiplyHigh(m, S2);
        t3 += (m * S3) >>> 8; t4 += Math.multiplyHigh(m, S3);
        t4 += (m * S4) >>> 8; t5 += Math.multiplyHigh(m, S4);
        t5 += (m * S5) >>> 8; t6 += Math.multiplyHigh(m, S5);
        t6 += (m * S6) >>> 8; t7 += Math.multiplyHigh(m, S6);
        t0 = t1 + (t0 >>> 56);
        t1 = t2;
        t2 = t3;
        t3 = t4;
        t4 = t5;
        t5 = t6;
        t6 = t7;
        t7 = 0;
        bi = b[bo + 6] << 4;
        t0 += (a0 * bi) >>> 8; t1 += Math.multiplyHigh(a0, bi);
        t1 += (a1 * bi) >>> 8; t2 += Math.multiplyHigh(a1, bi);
        t2 += (a2 * bi) >>> 8; t3 += Math.multiplyHigh(a2, bi);
        t3 += (a3 * bi) >>> 8; t4 += Math.multiplyHigh(a3, bi);
        t4 += (a4 * bi) >>> 8; t5 += Math.multiplyHigh(a4, bi);
        t5 += (a5 * bi) >>> 8; t6 += Math.multiplyHigh(a5, bi);
        t6 += (a6 * bi) >>> 8; t7 += Math.multiplyHigh(a6, bi);
        m = ((t0 * INV) << 4) & M4;
        t0 += (m * S0) >>> 8; t1 += Math.multiplyHigh(m, S0);
        t1 += (m * S1) >>> 8; t2 += Math.multiplyHigh(m, S1);
        t2 += (m * S2) >>> 8; t3 += Math.multiplyHigh(m, S2);
        t3 += (m * S3) >>> 8; t4 += Math.multiplyHigh(m, S3);
        t4 += (m * S4) >>> 8; t5 += Math.multiplyHigh(m, S4);
        t5 += (m * S5) >>> 8; t6 += Math.multiplyHigh(m, S5);
        t6 += (m * S6) >>> 8; t7 += Math.multiplyHigh(m, S6);
        t0 = t1 + (t0 >>> 56);
        t1 = t2;
        t2 = t3;
        t3 = t4;
        t4 = t5;
        t5 = t6;
        t6 = t7;
        // End of the generated rounds.
        t1 += t0 >>> 56; t0 &= M;
        t2 += t1 >>> 56; t1 &= M;
        t3 += t2 >>> 56; t2 &= M;
        t4 += t3 >>> 56; t3 &= M;
        t5 += t4 >>> 56; t4 &= M;
        t6 += t5 >>> 56; t5 &= M;
        reduce(t0, t1, t2, t3, t4, t5, t6, r, ro);
    }

    static void sqr(long[] a, int ao, long[] r, int ro) {
        mul(a, ao, a, ao, r, ro);
    }

    /** Writes x mod p for normalized limbs x < 2p. */
    private static void reduce(long x0, long x1, long x2, long x3, long x4, long x5, long x6, long[] r, int ro) {
        long c, d0, d1, d2, d3, d4, d5, d6;
        c = x0 - P0; d0 = c & M; c >>= 56;
        c += x1 - P1; d1 = c & M; c >>= 56;
        c += x2 - P2; d2 = c & M; c >>= 56;
        c += x3 - P3; d3 = c & M; c >>= 56;
        c += x4 - P4; d4 = c & M; c >>= 56;
        c += x5 - P5; d5 = c & M; c >>= 56;
        c += x6 - P6; d6 = c & M; c >>= 56;
        if (c < 0) {
            r[ro] = x0;
            r[ro + 1] = x1;
            r[ro + 2] = x2;
            r[ro + 3] = x3;
            r[ro + 4] = x4;
            r[ro + 5] = x5;
            r[ro + 6] = x6;
        } else {
            r[ro] = d0;
            r[ro + 1] = d1;
            r[ro + 2] = d2;
            r[ro + 3] = d3;
            r[ro + 4] = d4;
            r[ro + 5] = d5;
            r[ro + 6] = d6;
        }
    }

    static void add(long[] a, int ao, long[] b, int bo, long[] r, int ro) {
        long c, x0, x1, x2, x3, x4, x5, x6;
        c = a[ao] + b[bo]; x0 = c & M; c >>>= 56;
        c += a[ao + 1] + b[bo + 1]; x1 = c & M; c >>>= 56;
        c += a[ao + 2] + b[bo + 2]; x2 = c & M; c >>>= 56;
        c += a[ao + 3] + b[bo + 3]; x3 = c & M; c >>>= 56;
        c += a[ao + 4] + b[bo + 4]; x4 = c & M; c >>>= 56;
        c += a[ao + 5] + b[bo + 5]; x5 = c & M; c >>>= 56;
        c += a[ao + 6] + b[bo + 6]; x6 = c & M; c >>>= 56;
        reduce(x0, x1, x2, x3, x4, x5, x6, r, ro);
    }

    static void sub(long[] a, int ao, long[] b, int bo, long[] r, int ro) {
        long c, x0, x1, x2, x3, x4, x5, x6;
        c = a[ao] - b[bo]; x0 = c & M; c >>= 56;
        c += a[ao + 1] - b[bo + 1]; x1 = c & M; c >>= 56;
        c += a[ao + 2] - b[bo + 2]; x2 = c & M; c >>= 56;
        c += a[ao + 3] - b[bo + 3]; x3 = c & M; c >>= 56;
        c += a[ao + 4] - b[bo + 4]; x4 = c & M; c >>= 56;
        c += a[ao + 5] - b[bo + 5]; x5 = c & M; c >>= 56;
        c += a[ao + 6] - b[bo + 6]; x6 = c & M; c >>= 56;
        if (c < 0) {
            c = x0 + P0; r[ro] = c & M; c >>>= 56;
            c += x1 + P1; r[ro + 1] = c & M; c >>>= 56;
            c += x2 + P2; r[ro + 2] = c & M; c >>>= 56;
            c += x3 + P3; r[ro + 3] = c & M; c >>>= 56;
            c += x4 + P4; r[ro + 4] = c & M; c >>>= 56;
            c += x5 + P5; r[ro + 5] = c & M; c >>>= 56;
            c += x6 + P6; r[ro + 6] = c & M; c >>>= 56;
        } else {
            r[ro] = x0;
            r[ro + 1] = x1;
            r[ro + 2] = x2;
            r[ro + 3] = x3;
            r[ro + 4] = x4;
            r[ro + 5] = x5;
            r[ro + 6] = x6;
        }
    }

    static void neg(long[] a, int ao, long[] r, int ro) {
        long acc = 0;
        for (int i = 0; i < LIMBS; i++) {
            acc |= a[ao + i];
        }
        if (acc == 0) {
            java.util.Arrays.fill(r, ro, ro + LIMBS, 0);
            return;
        }
        long c;
        c = P0 - a[ao]; r[ro] = c & M; c >>= 56;
        c += P1 - a[ao + 1]; r[ro + 1] = c & M; c >>= 56;
        c += P2 - a[ao + 2]; r[ro + 2] = c & M; c >>= 56;
        c += P3 - a[ao + 3]; r[ro + 3] = c & M; c >>= 56;
        c += P4 - a[ao + 4]; r[ro + 4] = c & M; c >>= 56;
        c += P5 - a[ao + 5]; r[ro + 5] = c & M; c >>= 56;
        c += P6 - a[ao + 6]; r[ro + 6] = c & M; c >>= 56;
    }
}
