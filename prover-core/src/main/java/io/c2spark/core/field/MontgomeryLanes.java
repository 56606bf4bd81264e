package io.c2spark.core.field;

import java.math.BigInteger;
import java.util.Arrays;
import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.LongVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * Montgomery arithmetic on eight elements of a prime field at a time, one per SIMD lane (Java's
 * incubating Vector API: one 8 x 64-bit register with AVX-512, two 4 x 64-bit ones with AVX2): Fp
 * in 8 limbs for the MSMs' batch-affine additions and the parameter points' decoding, Fr in 6 limbs
 * for the NTT. Operations run one vector at a time: on AVX2 the multiplication takes its two halves
 * one after the other, which runs faster than interleaving them (the interleaved form keeps twice
 * the registers live).
 *
 * <p>Form: n limbs of 49 bits per element, Montgomery radix R' = 2^(49 n); a group of eight
 * elements is {@link #groupLongs} longs, limb i of lane j at 8 i + j. The callers choose what the
 * limbs mean (Fp: Fp56's Montgomery form re-cut; Fr: the shared layout's, with constants in R'
 * form).
 *
 * <p>Why doubles: AVX2 has no 64 x 64-bit multiplier, but its fused multiply-add on doubles
 * multiplies 52-bit integers exactly. For limbs a, b below 2^49, h = fma(a, b, 2^101) rounds the
 * product to a multiple of 2^49 and holds its high part H in its mantissa bits; fma(a, b, K - h)
 * with K = 2^101 + 3 * 2^51 is then exactly the low part plus 3 * 2^51, inside [2^52, 2^53) where
 * a double's bits are the integer plus a constant. Both are added to 64-bit integer columns as raw
 * bits; the constants every column collects are known in advance and start in its initial value
 * ({@link #init}), along with 64 * 2^49 that keeps a column non-negative while the signed low parts
 * arrive (the next column starts 64 lower). AVX2 has no 64-bit arithmetic shift, so this is what
 * lets the carries use the logical one.
 *
 * <p>Bounds: products are not reduced below p: the Montgomery product of a and b is below
 * p + a b / R' (under 1.04 p for Fp's inputs below 8p, R' = 2^392; under 1.0001 p for Fr's inputs
 * below 2^265, R' = 2^294). {@link #sub} adds 2p; {@link #canonical} brings values below 4p to
 * [0, p). Limbs are always normalised (below 2^49).
 *
 * <p>One instance per thread: it owns the multiplication's scratch.
 */
public final class MontgomeryLanes {
    public static final int LANES = 8;
    /**
     * Set to 256 to run 256-bit vectors on a machine with 512-bit ones (the tests run both widths);
     * named for the MSM, its first user, it sets the NTT's and the decoding's lanes too.
     */
    public static final String WIDTH_PROPERTY = "c2spark.msm.vectorBits";
    private static final int W = 49;
    private static final long M = (1L << W) - 1;
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

    private final int limbs;
    private final int group;
    private final double[] p;
    private final double pinv;
    /** The columns' starting values, eight lanes each. */
    private final long[] init;
    /** 2p in borrowed limbs (every limb but the top raised by 2^49, less the borrow): a + twoP - b never goes negative. */
    private final long[] twoP;
    /** 2^(49 n) - kp for k = 2, 1: adding it carries out of the top limb exactly when v >= kp. */
    private final long[][] complements;
    private final long[] t;
    private final double[] bd;
    private final long[] w;

    /** Arithmetic modulo the odd prime modulus in limbs of 49 bits, which must hold 11 bits more than it (the bounds above). */
    public MontgomeryLanes(BigInteger modulus, int limbs) {
        if (modulus.bitLength() > W * limbs - 11 || !modulus.testBit(0)) {
            throw new IllegalArgumentException("modulus of " + modulus.bitLength() + " bits in " + limbs + " limbs");
        }
        this.limbs = limbs;
        this.group = LANES * limbs;
        long[] pl = limbs(modulus, limbs);
        this.p = new double[limbs];
        for (int i = 0; i < limbs; i++) {
            p[i] = pl[i];
        }
        this.pinv = modulus.negate().modInverse(BigInteger.ONE.shiftLeft(W)).longValue();
        this.init = new long[2 * limbs * LANES];
        for (int c = 0; c < 2 * limbs; c++) {
            long lo = 0;
            long hi = 0;
            for (int i = 0; i < limbs; i++) {
                for (int j = 0; j < limbs; j++) {
                    lo += i + j == c ? 1 : 0;
                    hi += i + j + 1 == c ? 1 : 0;
                }
            }
            long v = -2 * (lo * BIAS_LO + hi * BIAS_HI) + (KEEL << W) - (c > 0 ? KEEL : 0);
            Arrays.fill(init, c * LANES, (c + 1) * LANES, v);
        }
        long[] two = limbs(modulus.shiftLeft(1), limbs);
        this.twoP = new long[limbs];
        for (int i = 0; i < limbs; i++) {
            twoP[i] = two[i] + (i < limbs - 1 ? 1L << W : 0) - (i > 0 ? 1 : 0);
        }
        this.complements = new long[2][];
        for (int k = 0; k < 2; k++) {
            complements[k] = limbs(BigInteger.ONE.shiftLeft(W * limbs).subtract(modulus.shiftLeft(1 - k)), limbs);
        }
        this.t = new long[init.length];
        this.bd = new double[group];
        this.w = new long[group];
    }

    /** Whether the CPU runs this class's vectors (at least 4 x 64 bits) in hardware. */
    public static boolean hardwareSupported() {
        return LongVector.SPECIES_PREFERRED.vectorBitSize() >= LongVector.SPECIES_256.vectorBitSize();
    }

    /**
     * 512-bit vectors where the CPU has them, else 256-bit; the property {@value #WIDTH_PROPERTY}
     * = 256 asks for the narrower ones.
     */
    private static VectorSpecies<Long> laneSpecies() {
        int hardware = LongVector.SPECIES_PREFERRED.vectorBitSize();
        int asked = Integer.getInteger(WIDTH_PROPERTY, 512);
        return Math.min(hardware, asked) >= 512 ? LongVector.SPECIES_512 : LongVector.SPECIES_256;
    }

    /** The vector width in bits this JVM's lanes run at (256 or 512). */
    public static int vectorBits() {
        return LS.vectorBitSize();
    }

    /** Longs per group of eight elements. */
    public int groupLongs() {
        return group;
    }

    /** v's limbs (v below 2^(49 limbs)). */
    public static long[] limbs(BigInteger v, int limbs) {
        long[] out = new long[limbs];
        for (int i = 0; i < limbs; i++) {
            out[i] = v.shiftRight(W * i).longValue() & M;
        }
        return out;
    }

    /** A group holding the element of the given limbs in every lane. */
    public static long[] broadcast(long[] limbs) {
        long[] g = new long[LANES * limbs.length];
        for (int k = 0; k < limbs.length; k++) {
            java.util.Arrays.fill(g, LANES * k, LANES * (k + 1), limbs[k]);
        }
        return g;
    }

    /** r = the lanes of b where pick[po + lane], of a elsewhere. */
    public void select(long[] a, int ao, long[] b, int bo, boolean[] pick, int po, long[] r, int ro) {
        for (int half = 0; half < LANES; half += VL) {
            VectorMask<Long> m = VectorMask.fromArray(LS, pick, po + half);
            for (int k = 0; k < limbs; k++) {
                int o = LANES * k + half;
                LongVector.fromArray(LS, a, ao + o).blend(LongVector.fromArray(LS, b, bo + o), m).intoArray(r, ro + o);
            }
        }
    }

    /** Sets lane j of a group to the limbs x. */
    public void set(long[] g, int go, int lane, long[] x) {
        for (int k = 0; k < limbs; k++) {
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

    /** r = a b / R' mod p (see the class comment's bounds), eight lanes; r may alias a or b. */
    public void mul(long[] a, int ao, long[] b, int bo, long[] r, int ro) {
        for (int k = 0; k < group; k += VL) {
            toDouble(b, bo + k).intoArray(bd, k);
        }
        System.arraycopy(init, 0, t, 0, init.length);
        for (int half = 0; half < LANES; half += VL) {
            mulLanes(a, ao + half, half, r, ro + half);
        }
    }

    /** The lanes from first on of mul, one vector wide: operand scanning into the columns t. */
    private void mulLanes(long[] a, int ao, int first, long[] r, int ro) {
        long[] t = this.t;
        double[] bd = this.bd;
        double[] p = this.p;
        int n = limbs;
        DoubleVector c1 = DoubleVector.broadcast(DS, C1);
        DoubleVector kk = DoubleVector.broadcast(DS, K);
        DoubleVector pinv = DoubleVector.broadcast(DS, this.pinv);
        for (int i = 0; i < n; i++) {
            DoubleVector ai = toDouble(a, ao + LANES * i);
            DoubleVector b0 = DoubleVector.fromArray(DS, bd, first);
            DoubleVector h = ai.fma(b0, c1);
            int o = LANES * i + first;
            LongVector s = LongVector.fromArray(LS, t, o).add(bits(ai.fma(b0, kk.sub(h))));
            LongVector ha = bits(h);
            DoubleVector m = factor(s, c1, pinv);
            DoubleVector pj = DoubleVector.broadcast(DS, p[0]);
            h = m.fma(pj, c1);
            s = s.add(bits(m.fma(pj, kk.sub(h))));
            LongVector hm = bits(h).add(s.lanewise(VectorOperators.LSHR, W));
            for (int j = 1; j < n; j++) {
                DoubleVector bj = DoubleVector.fromArray(DS, bd, LANES * j + first);
                pj = DoubleVector.broadcast(DS, p[j]);
                h = ai.fma(bj, c1);
                DoubleVector g = m.fma(pj, c1);
                o = LANES * (i + j) + first;
                LongVector.fromArray(LS, t, o).add(bits(ai.fma(bj, kk.sub(h)))).add(bits(m.fma(pj, kk.sub(g))))
                        .add(ha).add(hm).intoArray(t, o);
                ha = bits(h);
                hm = bits(g);
            }
            o = LANES * (i + n) + first;
            LongVector.fromArray(LS, t, o).add(ha).add(hm).intoArray(t, o);
        }
        LongVector c = LongVector.zero(LS);
        for (int k = 0; k < n; k++) {
            LongVector v = LongVector.fromArray(LS, t, LANES * (k + n) + first).add(c);
            c = v.lanewise(VectorOperators.LSHR, W);
            v.and(M).intoArray(r, ro + LANES * k);
        }
    }

    /** r = a + 2p - b for b at most 2p (and a + 2p below R'), eight lanes. */
    public void sub(long[] a, int ao, long[] b, int bo, long[] r, int ro) {
        for (int half = 0; half < LANES; half += VL) {
            LongVector c = LongVector.zero(LS);
            for (int k = 0; k < limbs; k++) {
                int o = LANES * k + half;
                LongVector v = LongVector.fromArray(LS, a, ao + o).add(twoP[k]).sub(LongVector.fromArray(LS, b, bo + o)).add(c);
                c = v.lanewise(VectorOperators.LSHR, W);
                v.and(M).intoArray(r, ro + o);
            }
        }
    }

    /** r = a + b (no reduction; the sum must stay below R'), eight lanes. */
    public void add(long[] a, int ao, long[] b, int bo, long[] r, int ro) {
        for (int half = 0; half < LANES; half += VL) {
            LongVector c = LongVector.zero(LS);
            for (int k = 0; k < limbs; k++) {
                int o = LANES * k + half;
                LongVector v = LongVector.fromArray(LS, a, ao + o).add(LongVector.fromArray(LS, b, bo + o)).add(c);
                c = v.lanewise(VectorOperators.LSHR, W);
                v.and(M).intoArray(r, ro + o);
            }
        }
    }

    /** Reduces eight values below 4p to [0, p) in place: subtracts 2p, then p, where each fits. */
    public void canonical(long[] a, int ao) {
        long[] w = this.w;
        for (long[] complement : complements) {
            for (int half = 0; half < LANES; half += VL) {
                LongVector c = LongVector.zero(LS);
                for (int k = 0; k < limbs; k++) {
                    int o = LANES * k + half;
                    LongVector v = LongVector.fromArray(LS, a, ao + o).add(complement[k]).add(c);
                    c = v.lanewise(VectorOperators.LSHR, W);
                    v.and(M).intoArray(w, o);
                }
                VectorMask<Long> fits = c.compare(VectorOperators.NE, 0);
                for (int k = 0; k < limbs; k++) {
                    int o = LANES * k + half;
                    LongVector.fromArray(LS, a, ao + o).blend(LongVector.fromArray(LS, w, o), fits).intoArray(a, ao + o);
                }
            }
        }
    }
}
