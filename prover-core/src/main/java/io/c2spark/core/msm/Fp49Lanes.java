package io.c2spark.core.msm;

import io.c2spark.core.field.Fp;
import java.math.BigInteger;
import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.LongVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * Eight Fp elements at a time, one per SIMD lane (Java's incubating Vector API: one 8 x 64-bit
 * register with AVX-512, two 4 x 64-bit ones with AVX2), for the batch-affine additions of the MSMs
 * ({@link FpLanes} for G1, {@link Fp2Lanes} for G2).
 * Operations run one vector at a time: the multiplication takes its two halves one after the other
 * on AVX2, which measured faster than interleaving them (49 against 67-75 ns per element; the
 * interleaved form keeps twice the registers live).
 *
 * <p>Form: 8 limbs of 49 bits per element, in the Montgomery form of {@link Fp56} (R' = 2^392), so
 * that moving between the two is a re-cut of the same 392 bits. A group of eight elements is
 * {@link #GROUP} longs, limb i of lane j at 8 i + j.
 *
 * <p>Why doubles: AVX2 has no 64 x 64-bit multiplier, but its fused multiply-add on doubles
 * multiplies 52-bit integers exactly. For limbs a, b below 2^49, h = fma(a, b, 2^101) rounds the
 * product to a multiple of 2^49 and holds its high part H in its mantissa bits; fma(a, b, K - h)
 * with K = 2^101 + 3 * 2^51 is then exactly the low part plus 3 * 2^51, inside [2^52, 2^53) where
 * a double's bits are the integer plus a constant. Both are added to 64-bit integer columns as raw
 * bits; the constants every column collects are known in advance and start in its initial value
 * ({@link #INIT}), along with 64 * 2^49 that keeps a column non-negative while the signed low parts
 * arrive (the next column starts 64 lower). AVX2 has no 64-bit arithmetic shift, so this is what
 * lets the carries use the logical one.
 *
 * <p>Bounds: products are not reduced below p. With inputs below 8p the Montgomery product is below
 * p + 64 p^2 / 2^392 &lt; 1.04 p; {@link #sub} adds 2p; {@link #canonical} brings values below 4p
 * to [0, p). Limbs are always normalised (below 2^49).
 *
 * <p>One instance per thread: it owns the multiplication's scratch.
 */
final class Fp49Lanes {
    static final int LANES = 8;
    static final String WIDTH_PROPERTY = "c2spark.msm.vectorBits";
    static final int LIMBS = 8;
    static final int GROUP = LANES * LIMBS;
    private static final int W = 49;
    private static final long M = (1L << W) - 1;
    private static final long M56 = (1L << 56) - 1;
    private static final VectorSpecies<Long> LS = laneSpecies();
    private static final VectorSpecies<Double> DS = VectorSpecies.of(double.class, LS.vectorShape());
    /** Lanes per vector: 8 with AVX-512 (one vector per group row), 4 with AVX2 (two). */
    private static final int VL = LS.length();
    private static final double C1 = 0x1p101;
    private static final double K = 0x1p101 + 0x1.8p52;
    private static final double TWO52 = 0x1p52;
    private static final long TWO52_BITS = Double.doubleToRawLongBits(TWO52);
    private static final long TWO49_BITS = Double.doubleToRawLongBits(0x1p49);
    private static final long BIAS_HI = Double.doubleToRawLongBits(C1);
    private static final long BIAS_LO = TWO52_BITS + (1L << 51);
    /** Keeps columns non-negative (see the class comment). */
    private static final long KEEL = 64;

    private static final double[] P = new double[LIMBS];
    private static final double PINV;
    /** The columns' starting values, eight lanes each. */
    private static final long[] INIT = new long[2 * LIMBS * LANES];
    /** 2p in borrowed limbs (every limb but the top raised by 2^49, less the borrow): a + TWO_P - b never goes negative. */
    private static final long[] TWO_P = new long[LIMBS];
    /** 2^392 - kp for k = 2, 1: adding it carries out of the top limb exactly when v >= kp. */
    private static final long[][] COMPLEMENTS = new long[2][];
    static final long[] ONE;
    static final long[] ZERO = new long[LIMBS];

    static {
        BigInteger p = Fp.MODULUS;
        long[] pl = limbs(p);
        for (int i = 0; i < LIMBS; i++) {
            P[i] = pl[i];
        }
        PINV = p.negate().modInverse(BigInteger.ONE.shiftLeft(W)).longValue();
        for (int c = 0; c < 2 * LIMBS; c++) {
            long lo = 0;
            long hi = 0;
            for (int i = 0; i < LIMBS; i++) {
                for (int j = 0; j < LIMBS; j++) {
                    lo += i + j == c ? 1 : 0;
                    hi += i + j + 1 == c ? 1 : 0;
                }
            }
            long init = -2 * (lo * BIAS_LO + hi * BIAS_HI) + (KEEL << W) - (c > 0 ? KEEL : 0);
            java.util.Arrays.fill(INIT, c * LANES, (c + 1) * LANES, init);
        }
        long[] two = limbs(p.shiftLeft(1));
        for (int i = 0; i < LIMBS; i++) {
            TWO_P[i] = two[i] + (i < LIMBS - 1 ? 1L << W : 0) - (i > 0 ? 1 : 0);
        }
        for (int k = 0; k < 2; k++) {
            COMPLEMENTS[k] = limbs(BigInteger.ONE.shiftLeft(W * LIMBS).subtract(p.shiftLeft(1 - k)));
        }
        ONE = limbs(BigInteger.ONE.shiftLeft(W * LIMBS).mod(p));
    }

    private final long[] t = new long[INIT.length];
    private final double[] bd = new double[GROUP];
    private final long[] w = new long[GROUP];

    /** Whether the CPU runs this class's vectors (at least 4 x 64 bits) in hardware. */
    static boolean hardwareSupported() {
        return LongVector.SPECIES_PREFERRED.vectorBitSize() >= LongVector.SPECIES_256.vectorBitSize();
    }

    /**
     * 512-bit vectors where the CPU has them, else 256-bit; the property {@value #WIDTH_PROPERTY}
     * = 256 asks for the narrower ones (the tests run both widths on an AVX-512 machine).
     */
    private static VectorSpecies<Long> laneSpecies() {
        int hardware = LongVector.SPECIES_PREFERRED.vectorBitSize();
        int asked = Integer.getInteger(WIDTH_PROPERTY, 512);
        return Math.min(hardware, asked) >= 512 ? LongVector.SPECIES_512 : LongVector.SPECIES_256;
    }

    /** The vector width in bits this JVM's lanes run at (256 or 512). */
    static int vectorBits() {
        return LS.vectorBitSize();
    }

    static long[] limbs(BigInteger v) {
        long[] out = new long[LIMBS];
        for (int i = 0; i < LIMBS; i++) {
            out[i] = v.shiftRight(W * i).longValue() & M;
        }
        return out;
    }

    /** Lane j of a group from an element in Fp56's 7 x 56-bit limbs (the same 392 bits re-cut). */
    static void load(long[] a, int ao, long[] g, int go, int lane) {
        long a0 = a[ao], a1 = a[ao + 1], a2 = a[ao + 2], a3 = a[ao + 3], a4 = a[ao + 4], a5 = a[ao + 5], a6 = a[ao + 6];
        int o = go + lane;
        g[o] = a0 & M;
        g[o + 8] = ((a0 >>> 49) | (a1 << 7)) & M;
        g[o + 16] = ((a1 >>> 42) | (a2 << 14)) & M;
        g[o + 24] = ((a2 >>> 35) | (a3 << 21)) & M;
        g[o + 32] = ((a3 >>> 28) | (a4 << 28)) & M;
        g[o + 40] = ((a4 >>> 21) | (a5 << 35)) & M;
        g[o + 48] = ((a5 >>> 14) | (a6 << 42)) & M;
        g[o + 56] = a6 >>> 7;
    }

    /** Lane j of a group, below 2^392, back to Fp56's limbs. */
    static void store(long[] g, int go, int lane, long[] a, int ao) {
        int o = go + lane;
        long g0 = g[o], g1 = g[o + 8], g2 = g[o + 16], g3 = g[o + 24], g4 = g[o + 32], g5 = g[o + 40], g6 = g[o + 48], g7 = g[o + 56];
        a[ao] = (g0 | (g1 << 49)) & M56;
        a[ao + 1] = ((g1 >>> 7) | (g2 << 42)) & M56;
        a[ao + 2] = ((g2 >>> 14) | (g3 << 35)) & M56;
        a[ao + 3] = ((g3 >>> 21) | (g4 << 28)) & M56;
        a[ao + 4] = ((g4 >>> 28) | (g5 << 21)) & M56;
        a[ao + 5] = ((g5 >>> 35) | (g6 << 14)) & M56;
        a[ao + 6] = ((g6 >>> 42) | (g7 << 7)) & M56;
    }

    /** r = the lanes of b where pick[po + lane], of a elsewhere. */
    static void select(long[] a, int ao, long[] b, int bo, boolean[] pick, int po, long[] r, int ro) {
        for (int half = 0; half < LANES; half += VL) {
            VectorMask<Long> m = VectorMask.fromArray(LS, pick, po + half);
            for (int k = 0; k < LIMBS; k++) {
                int o = LANES * k + half;
                LongVector.fromArray(LS, a, ao + o).blend(LongVector.fromArray(LS, b, bo + o), m).intoArray(r, ro + o);
            }
        }
    }

    /** Sets lane j of a group to x. */
    static void set(long[] g, int go, int lane, long[] x) {
        for (int k = 0; k < LIMBS; k++) {
            g[go + LANES * k + lane] = x[k];
        }
    }

    private static DoubleVector toDouble(long[] a, int o) {
        return asDouble(LongVector.fromArray(LS, a, o));
    }

    /** The double of each lane's integer below 2^52: its bits under 2^52's exponent, less 2^52. */
    private static DoubleVector asDouble(LongVector v) {
        return v.or(TWO52_BITS).reinterpretAsDoubles().sub(TWO52);
    }

    private static LongVector bits(DoubleVector v) {
        return v.reinterpretAsLongs();
    }

    /** m = -s p^-1 mod 2^49 for the column s (less the one low part it still expects), as a double. */
    private static DoubleVector factor(LongVector s, DoubleVector c1, DoubleVector pinv) {
        DoubleVector x = asDouble(s.add(BIAS_LO).and(M));
        DoubleVector h = x.fma(pinv, c1);
        DoubleVector l = x.fma(pinv, c1.sub(h));
        return l.add(bits(l).lanewise(VectorOperators.LSHR, 63).neg().and(TWO49_BITS).reinterpretAsDoubles());
    }

    /** r = a b / 2^392 mod p (below 1.04 p for inputs below 8p), eight lanes; r may alias a or b. */
    void mul(long[] a, int ao, long[] b, int bo, long[] r, int ro) {
        for (int k = 0; k < GROUP; k += VL) {
            toDouble(b, bo + k).intoArray(bd, k);
        }
        System.arraycopy(INIT, 0, t, 0, INIT.length);
        for (int half = 0; half < LANES; half += VL) {
            mulLanes(a, ao + half, half, r, ro + half);
        }
    }

    /** The lanes from first on of mul, one vector wide: operand scanning into the columns t. */
    private void mulLanes(long[] a, int ao, int first, long[] r, int ro) {
        long[] t = this.t;
        double[] bd = this.bd;
        DoubleVector c1 = DoubleVector.broadcast(DS, C1);
        DoubleVector kk = DoubleVector.broadcast(DS, K);
        DoubleVector pinv = DoubleVector.broadcast(DS, PINV);
        for (int i = 0; i < LIMBS; i++) {
            DoubleVector ai = toDouble(a, ao + LANES * i);
            DoubleVector b0 = DoubleVector.fromArray(DS, bd, first);
            DoubleVector h = ai.fma(b0, c1);
            int o = LANES * i + first;
            LongVector s = LongVector.fromArray(LS, t, o).add(bits(ai.fma(b0, kk.sub(h))));
            LongVector ha = bits(h);
            DoubleVector m = factor(s, c1, pinv);
            DoubleVector p = DoubleVector.broadcast(DS, P[0]);
            h = m.fma(p, c1);
            s = s.add(bits(m.fma(p, kk.sub(h))));
            LongVector hm = bits(h).add(s.lanewise(VectorOperators.LSHR, W));
            for (int j = 1; j < LIMBS; j++) {
                DoubleVector bj = DoubleVector.fromArray(DS, bd, LANES * j + first);
                p = DoubleVector.broadcast(DS, P[j]);
                h = ai.fma(bj, c1);
                DoubleVector g = m.fma(p, c1);
                o = LANES * (i + j) + first;
                LongVector.fromArray(LS, t, o).add(bits(ai.fma(bj, kk.sub(h)))).add(bits(m.fma(p, kk.sub(g))))
                        .add(ha).add(hm).intoArray(t, o);
                ha = bits(h);
                hm = bits(g);
            }
            o = LANES * (i + LIMBS) + first;
            LongVector.fromArray(LS, t, o).add(ha).add(hm).intoArray(t, o);
        }
        LongVector c = LongVector.zero(LS);
        for (int k = 0; k < LIMBS; k++) {
            LongVector v = LongVector.fromArray(LS, t, LANES * (k + LIMBS) + first).add(c);
            c = v.lanewise(VectorOperators.LSHR, W);
            v.and(M).intoArray(r, ro + LANES * k);
        }
    }

    /** r = a + 2p - b for b at most 2p (and a + 2p below 2^392), eight lanes. */
    static void sub(long[] a, int ao, long[] b, int bo, long[] r, int ro) {
        for (int half = 0; half < LANES; half += VL) {
            LongVector c = LongVector.zero(LS);
            for (int k = 0; k < LIMBS; k++) {
                int o = LANES * k + half;
                LongVector v = LongVector.fromArray(LS, a, ao + o).add(TWO_P[k]).sub(LongVector.fromArray(LS, b, bo + o)).add(c);
                c = v.lanewise(VectorOperators.LSHR, W);
                v.and(M).intoArray(r, ro + o);
            }
        }
    }

    /** r = a + b (no reduction; the sum must stay below 2^392), eight lanes. */
    static void add(long[] a, int ao, long[] b, int bo, long[] r, int ro) {
        for (int half = 0; half < LANES; half += VL) {
            LongVector c = LongVector.zero(LS);
            for (int k = 0; k < LIMBS; k++) {
                int o = LANES * k + half;
                LongVector v = LongVector.fromArray(LS, a, ao + o).add(LongVector.fromArray(LS, b, bo + o)).add(c);
                c = v.lanewise(VectorOperators.LSHR, W);
                v.and(M).intoArray(r, ro + o);
            }
        }
    }

    /** Reduces eight values below 4p to [0, p) in place: subtracts 2p, then p, where each fits. */
    void canonical(long[] a, int ao) {
        long[] w = this.w;
        for (long[] complement : COMPLEMENTS) {
            for (int half = 0; half < LANES; half += VL) {
                LongVector c = LongVector.zero(LS);
                for (int k = 0; k < LIMBS; k++) {
                    int o = LANES * k + half;
                    LongVector v = LongVector.fromArray(LS, a, ao + o).add(complement[k]).add(c);
                    c = v.lanewise(VectorOperators.LSHR, W);
                    v.and(M).intoArray(w, o);
                }
                VectorMask<Long> fits = c.compare(VectorOperators.NE, 0);
                for (int k = 0; k < LIMBS; k++) {
                    int o = LANES * k + half;
                    LongVector.fromArray(LS, a, ao + o).blend(LongVector.fromArray(LS, w, o), fits).intoArray(a, ao + o);
                }
            }
        }
    }
}
