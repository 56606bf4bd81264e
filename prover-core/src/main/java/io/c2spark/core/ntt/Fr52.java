package io.c2spark.core.ntt;

import io.c2spark.core.field.Fr;
import java.math.BigInteger;

/**
 * Fr in the NTT's working form: 5 limbs of 52 bits (little-endian), values kept lazily in [0, 4r)
 * rather than canonical. Data stay in the shared layout's Montgomery form (x R, R = 2^256), only
 * re-cut into 52-bit limbs; twiddles and other constant multipliers are held as w R' (R' = 2^260),
 * so that Montgomery-multiplying x R by w R' gives x w R.
 *
 * <p>Why 52-bit limbs: a limb product is below 2^104, so the signed {@link Math#multiplyHigh} is
 * exact and columns are summed without carry detection (Java 17 has neither unsigned multiply-high
 * nor add-with-carry); {@link Fr#mul} re-cuts its operands so on every call, here the data stay
 * cut for the whole transform. Why lazy: r is below 2^255 and 5
 * limbs hold 260 bits, so sums up to 4r need no reduction; the butterfly then does one branch-free
 * conditional subtraction instead of two data-dependent ones, and the product skips its final one.
 *
 * <p>Bounds: for a below 4r and w below 2^256 the product a w / R' is below a w / 2^260 + r, under
 * 1.25 r (1.13 r for w below r); {@link #butterfly} keeps both outputs below 4r given inputs below
 * 4r.
 */
final class Fr52 {
    /** Longs per element. */
    static final int LIMBS = 5;
    private static final long M = 0xfffffffffffffL;
    private static final long INV = 0xffffeffffffffL;

    private static final long P0 = 0xfffff00000001L;
    private static final long P1 = 0x2fffe5bfefffL;
    private static final long P2 = 0x9a1d80553bda4L;
    private static final long P3 = 0x7d483339d8080L;
    private static final long P4 = 0x73eda753299dL;
    /** The modulus's limbs and the 52-bit mask shifted up by 6 (see {@link #mul}). */
    private static final long S0 = P0 << 6;
    private static final long S1 = P1 << 6;
    private static final long S2 = P2 << 6;
    private static final long S3 = P3 << 6;
    private static final long S4 = P4 << 6;
    private static final long M6 = M << 6;
    /** 2r. */
    private static final long Q0 = 0xffffe00000002L;
    private static final long Q1 = 0x5fffcb7fdfffL;
    private static final long Q2 = 0x343b00aa77b48L;
    private static final long Q3 = 0xfa906673b0101L;
    private static final long Q4 = 0xe7db4ea6533aL;
    /** R'^2 / R mod r as 52-bit limbs: Montgomery-multiplying w R by it gives w R'. */
    private static final long[] TO_CONSTANT;

    static {
        BigInteger r = Fr.MODULUS;
        BigInteger rp = BigInteger.ONE.shiftLeft(260).mod(r);
        BigInteger c = rp.multiply(rp).multiply(BigInteger.ONE.shiftLeft(256).modInverse(r)).mod(r);
        TO_CONSTANT = new long[LIMBS];
        for (int i = 0; i < LIMBS; i++) {
            TO_CONSTANT[i] = c.shiftRight(52 * i).longValue() & M;
        }
    }

    private Fr52() {
    }

    /** Re-cuts the shared-layout element at ao (4 x 64 bits) into 52-bit limbs at ro. */
    static void unpack(long[] a, int ao, long[] r, int ro) {
        long x0 = a[ao], x1 = a[ao + 1], x2 = a[ao + 2], x3 = a[ao + 3];
        r[ro] = x0 & M;
        r[ro + 1] = ((x0 >>> 52) | (x1 << 12)) & M;
        r[ro + 2] = ((x1 >>> 40) | (x2 << 24)) & M;
        r[ro + 3] = ((x2 >>> 28) | (x3 << 36)) & M;
        r[ro + 4] = x3 >>> 16;
    }

    /** Reduces the element at ao (below 4r) to canonical and writes it in the shared layout at ro. */
    static void pack(long[] a, int ao, long[] r, int ro) {
        long t0 = a[ao], t1 = a[ao + 1], t2 = a[ao + 2], t3 = a[ao + 3], t4 = a[ao + 4];
        long c, d0, d1, d2, d3, d4, keep;
        c = t0 - Q0; d0 = c & M; c >>= 52;
        c += t1 - Q1; d1 = c & M; c >>= 52;
        c += t2 - Q2; d2 = c & M; c >>= 52;
        c += t3 - Q3; d3 = c & M; c >>= 52;
        d4 = c + t4 - Q4;
        keep = d4 >> 63;
        t0 = (t0 & keep) | (d0 & ~keep);
        t1 = (t1 & keep) | (d1 & ~keep);
        t2 = (t2 & keep) | (d2 & ~keep);
        t3 = (t3 & keep) | (d3 & ~keep);
        t4 = (t4 & keep) | (d4 & ~keep);
        c = t0 - P0; d0 = c & M; c >>= 52;
        c += t1 - P1; d1 = c & M; c >>= 52;
        c += t2 - P2; d2 = c & M; c >>= 52;
        c += t3 - P3; d3 = c & M; c >>= 52;
        d4 = c + t4 - P4;
        keep = d4 >> 63;
        t0 = (t0 & keep) | (d0 & ~keep);
        t1 = (t1 & keep) | (d1 & ~keep);
        t2 = (t2 & keep) | (d2 & ~keep);
        t3 = (t3 & keep) | (d3 & ~keep);
        t4 = (t4 & keep) | (d4 & ~keep);
        r[ro] = t0 | (t1 << 52);
        r[ro + 1] = (t1 >>> 12) | (t2 << 40);
        r[ro + 2] = (t2 >>> 24) | (t3 << 28);
        r[ro + 3] = (t3 >>> 36) | (t4 << 16);
    }

    /** Writes the constant form w R' of the shared-layout element w (w R, canonical) at ro. */
    static void constant(long[] w, int wo, long[] r, int ro) {
        long[] t = new long[LIMBS];
        unpack(w, wo, t, 0);
        mul(t, 0, TO_CONSTANT, 0, r, ro);
        long[] packed = new long[4];
        pack(r, ro, packed, 0);
        unpack(packed, 0, r, ro);
    }

    /**
     * r = a w / R' for a below 4r and a constant w (below 2^256); r is below 1.25 r, its limbs
     * normalised. r may alias a.
     *
     * <p>Both operands' limbs are shifted up by 6 bits on loading, so that a limb product x y =
     * 2^12 a_i w_j is below 2^116: its high word {@code multiplyHigh(x, y)} is then exactly the
     * product's bits 52 and up, and its low word shifted down by 12 exactly bits 0..51. Splitting
     * the unshifted product at bit 52 took three more operations each (measured 88 -> 59 ns).
     */
    static void mul(long[] a, int ao, long[] b, int bo, long[] r, int ro) {
        long a0 = a[ao] << 6, a1 = a[ao + 1] << 6, a2 = a[ao + 2] << 6, a3 = a[ao + 3] << 6, a4 = a[ao + 4] << 6;
        long t0 = 0, t1 = 0, t2 = 0, t3 = 0, t4 = 0, t5 = 0;
        // Generated by FieldCodegen.workingFormRounds (prover-core tests): edit the generator.
        long bi, m;
        bi = b[bo] << 6;
        t0 += (a0 * bi) >>> 12; t1 += Math.multiplyHigh(a0, bi);
        t1 += (a1 * bi) >>> 12; t2 += Math.multiplyHigh(a1, bi);
        t2 += (a2 * bi) >>> 12; t3 += Math.multiplyHigh(a2, bi);
        t3 += (a3 * bi) >>> 12; t4 += Math.multiplyHigh(a3, bi);
        t4 += (a4 * bi) >>> 12; t5 += Math.multiplyHigh(a4, bi);
        m = ((t0 * INV) << 6) & M6;
        t0 += (m * S0) >>> 12; t1 += Math.multiplyHigh(m, S0);
        t1 += (m * S1) >>> 12; t2 += Math.multiplyHigh(m, S1);
        t2 += (m * S2) >>> 12; t3 += Math.multiplyHigh(m, S2);
        t3 += (m * S3) >>> 12; t4 += Math.multiplyHigh(m, S3);
        t4 += (m * S4) >>> 12; t5 += Math.multiplyHigh(m, S4);
        t0 = t1 + (t0 >>> 52);
        t1 = t2;
        t2 = t3;
        t3 = t4;
        t4 = t5;
        t5 = 0;
        bi = b[bo + 1] << 6;
        t0 += (a0 * bi) >>> 12; t1 += Math.multiplyHigh(a0, bi);
        t1 += (a1 * bi) >>> 12; t2 += Math.multiplyHigh(a1, bi);
        t2 += (a2 * bi) >>> 12; t3 += Math.multiplyHigh(a2, bi);
        t3 += (a3 * bi) >>> 12; t4 += Math.multiplyHigh(a3, bi);
        t4 += (a4 * bi) >>> 12; t5 += Math.multiplyHigh(a4, bi);
        m = ((t0 * INV) << 6) & M6;
        t0 += (m * S0) >>> 12; t1 += Math.multiplyHigh(m, S0);
        t1 += (m * S1) >>> 12; t2 += Math.multiplyHigh(m, S1);
        t2 += (m * S2) >>> 12; t3 += Math.multiplyHigh(m, S2);
        t3 += (m * S3) >>> 12; t4 += Math.multiplyHigh(m, S3);
        t4 += (m * S4) >>> 12; t5 += Math.multiplyHigh(m, S4);
        t0 = t1 + (t0 >>> 52);
        t1 = t2;
        t2 = t3;
        t3 = t4;
        t4 = t5;
        t5 = 0;
        bi = b[bo + 2] << 6;
        t0 += (a0 * bi) >>> 12; t1 += Math.multiplyHigh(a0, bi);
        t1 += (a1 * bi) >>> 12; t2 += Math.multiplyHigh(a1, bi);
        t2 += (a2 * bi) >>> 12; t3 += Math.multiplyHigh(a2, bi);
        t3 += (a3 * bi) >>> 12; t4 += Math.multiplyHigh(a3, bi);
        t4 += (a4 * bi) >>> 12; t5 += Math.multiplyHigh(a4, bi);
        m = ((t0 * INV) << 6) & M6;
        t0 += (m * S0) >>> 12; t1 += Math.multiplyHigh(m, S0);
        t1 += (m * S1) >>> 12; t2 += Math.multiplyHigh(m, S1);
        t2 += (m * S2) >>> 12; t3 += Math.multiplyHigh(m, S2);
        t3 += (m * S3) >>> 12; t4 += Math.multiplyHigh(m, S3);
        t4 += (m * S4) >>> 12; t5 += Math.multiplyHigh(m, S4);
        t0 = t1 + (t0 >>> 52);
        t1 = t2;
        t2 = t3;
        t3 = t4;
        t4 = t5;
        t5 = 0;
        bi = b[bo + 3] << 6;
        t0 += (a0 * bi) >>> 12; t1 += Math.multiplyHigh(a0, bi);
        t1 += (a1 * bi) >>> 12; t2 += Math.multiplyHigh(a1, bi);
        t2 += (a2 * bi) >>> 12; t3 += Math.multiplyHigh(a2, bi);
        t3 += (a3 * bi) >>> 12; t4 += Math.multiplyHigh(a3, bi);
        t4 += (a4 * bi) >>> 12; t5 += Math.multiplyHigh(a4, bi);
        m = ((t0 * INV) << 6) & M6;
        t0 += (m * S0) >>> 12; t1 += Math.multiplyHigh(m, S0);
        t1 += (m * S1) >>> 12; t2 += Math.multiplyHigh(m, S1);
        t2 += (m * S2) >>> 12; t3 += Math.multiplyHigh(m, S2);
        t3 += (m * S3) >>> 12; t4 += Math.multiplyHigh(m, S3);
        t4 += (m * S4) >>> 12; t5 += Math.multiplyHigh(m, S4);
        t0 = t1 + (t0 >>> 52);
        t1 = t2;
        t2 = t3;
        t3 = t4;
        t4 = t5;
        t5 = 0;
        bi = b[bo + 4] << 6;
        t0 += (a0 * bi) >>> 12; t1 += Math.multiplyHigh(a0, bi);
        t1 += (a1 * bi) >>> 12; t2 += Math.multiplyHigh(a1, bi);
        t2 += (a2 * bi) >>> 12; t3 += Math.multiplyHigh(a2, bi);
        t3 += (a3 * bi) >>> 12; t4 += Math.multiplyHigh(a3, bi);
        t4 += (a4 * bi) >>> 12; t5 += Math.multiplyHigh(a4, bi);
        m = ((t0 * INV) << 6) & M6;
        t0 += (m * S0) >>> 12; t1 += Math.multiplyHigh(m, S0);
        t1 += (m * S1) >>> 12; t2 += Math.multiplyHigh(m, S1);
        t2 += (m * S2) >>> 12; t3 += Math.multiplyHigh(m, S2);
        t3 += (m * S3) >>> 12; t4 += Math.multiplyHigh(m, S3);
        t4 += (m * S4) >>> 12; t5 += Math.multiplyHigh(m, S4);
        t0 = t1 + (t0 >>> 52);
        t1 = t2;
        t2 = t3;
        t3 = t4;
        t4 = t5;
        // End of the generated rounds.
        t1 += t0 >>> 52; t0 &= M;
        t2 += t1 >>> 52; t1 &= M;
        t3 += t2 >>> 52; t2 &= M;
        t4 += t3 >>> 52; t3 &= M;
        r[ro] = t0;
        r[ro + 1] = t1;
        r[ro + 2] = t2;
        r[ro + 3] = t3;
        r[ro + 4] = t4;
    }

    /**
     * The decimation-in-time butterfly (x, y) = (x + w y, x - w y) in place on the elements at
     * offsets x and y (both below 4r; w a constant, or null for one), outputs below 4r: x is
     * brought below 2r, t = w y is below 2r (for w = one, y is brought below 2r instead), then
     * x + t and x - t + 2r.
     */
    static void butterfly(long[] a, int x, int y, long[] w, int wo) {
        if (w != null) {
            mul(a, y, w, wo, a, y);
        } else {
            belowTwoR(a, y);
        }
        belowTwoR(a, x);
        long x0 = a[x], x1 = a[x + 1], x2 = a[x + 2], x3 = a[x + 3], x4 = a[x + 4];
        long t0 = a[y], t1 = a[y + 1], t2 = a[y + 2], t3 = a[y + 3], t4 = a[y + 4];
        long s0 = x0 + t0, s1 = x1 + t1, s2 = x2 + t2, s3 = x3 + t3, s4 = x4 + t4;
        s1 += s0 >>> 52; s0 &= M;
        s2 += s1 >>> 52; s1 &= M;
        s3 += s2 >>> 52; s2 &= M;
        s4 += s3 >>> 52; s3 &= M;
        long c = x0 - t0 + Q0;
        long d0 = c & M;
        c = (c >> 52) + x1 - t1 + Q1;
        long d1 = c & M;
        c = (c >> 52) + x2 - t2 + Q2;
        long d2 = c & M;
        c = (c >> 52) + x3 - t3 + Q3;
        long d3 = c & M;
        long d4 = (c >> 52) + x4 - t4 + Q4;
        a[x] = s0;
        a[x + 1] = s1;
        a[x + 2] = s2;
        a[x + 3] = s3;
        a[x + 4] = s4;
        a[y] = d0;
        a[y + 1] = d1;
        a[y + 2] = d2;
        a[y + 3] = d3;
        a[y + 4] = d4;
    }

    /** Subtracts 2r from the element at o (below 4r) if it is at least 2r, without a branch. */
    private static void belowTwoR(long[] a, int o) {
        long t0 = a[o], t1 = a[o + 1], t2 = a[o + 2], t3 = a[o + 3], t4 = a[o + 4];
        long c = t0 - Q0;
        long d0 = c & M;
        c = (c >> 52) + t1 - Q1;
        long d1 = c & M;
        c = (c >> 52) + t2 - Q2;
        long d2 = c & M;
        c = (c >> 52) + t3 - Q3;
        long d3 = c & M;
        long d4 = (c >> 52) + t4 - Q4;
        long keep = d4 >> 63;
        a[o] = (t0 & keep) | (d0 & ~keep);
        a[o + 1] = (t1 & keep) | (d1 & ~keep);
        a[o + 2] = (t2 & keep) | (d2 & ~keep);
        a[o + 3] = (t3 & keep) | (d3 & ~keep);
        a[o + 4] = (t4 & keep) | (d4 & ~keep);
    }
}
