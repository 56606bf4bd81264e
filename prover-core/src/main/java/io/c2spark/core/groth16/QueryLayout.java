package io.c2spark.core.groth16;

import io.c2spark.core.curve.G1;
import io.c2spark.core.curve.G2;
import io.c2spark.core.field.Fr;
import io.c2spark.core.r1cs.R1csShape;
import java.util.Arrays;

/**
 * Where each witness value meets the parameter queries, worked out once per circuit and parameters
 * so that every prover (CPU or GPU) reads the compact witness as it is. Each query's points are in
 * variable order, the k-th point belonging to the k-th variable of the query's density:
 * <ul>
 * <li>l: one point per aux variable; a: every input, then the aux variables in A; b_g1 and b_g2:
 * the inputs in B, then the aux variables in B;
 * <li>bit variables are summed by batch addition over a bitmap of the query's points
 * ({@link #aBits}, {@link #bBits}; for l the witness's own bitmap serves);
 * <li>the few non-bit (tail) values go to MSMs over bases gathered here once ({@link #lTailBases}
 * and the others), with their scalars picked from the tail per proof ({@link #aTail}, {@link #bTail}).
 * </ul>
 * It refuses parameters whose l, a, b_g1 or b_g2 query does not fit the shape.
 */
public final class QueryLayout {
    private static final int G1L = G1.AFFINE;
    private static final int G2L = G2.AFFINE;

    private final R1csShape shape;
    public final int numInputs;
    public final int numAux;
    /** Aux variables in A; inputs in B; aux variables in B; non-bit aux variables. */
    public final int aAuxCount;
    public final int bInputCount;
    public final int bAuxCount;
    public final int tailCount;
    private final int[] bInputs;
    private final long[] lTailBases;
    private final int[] aTailPos;
    private final long[] aTailBases;
    private final int[] bTailPos;
    private final long[] b1TailBases;
    private final long[] b2TailBases;

    public QueryLayout(R1csShape shape, ParameterSource params) {
        this.shape = shape;
        this.numInputs = shape.numInputs();
        this.numAux = shape.numAux();
        int ni = numInputs;
        int na = numAux;
        this.aAuxCount = count(shape.aAuxDensity(), na);
        this.bInputCount = count(shape.bInputDensity(), ni);
        this.bAuxCount = count(shape.bAuxDensity(), na);
        check(ParameterSource.g1Count(params.l()), na, "l", "aux variables");
        check(ParameterSource.g1Count(params.a()), aPoints(), "a", "inputs + aux variables in A");
        check(ParameterSource.g1Count(params.bG1()), bPoints(), "b_g1", "variables in B");
        check(ParameterSource.g2Count(params.bG2()), bPoints(), "b_g2", "variables in B");
        long[] bits = shape.auxBits();
        this.tailCount = na - count(bits, na);
        this.bInputs = new int[bInputCount];
        for (int i = 0, k = 0; i < ni; i++) {
            if (bit(shape.bInputDensity(), i)) {
                bInputs[k++] = i;
            }
        }
        this.lTailBases = new long[tailCount * G1L];
        int[] aPos = new int[tailCount];
        long[] aBases = new long[tailCount * G1L];
        int[] bPos = new int[tailCount];
        long[] b1Bases = new long[tailCount * G1L];
        long[] b2Bases = new long[tailCount * G2L];
        int t = 0;
        int aq = ni;
        int bq = bInputCount;
        int na2 = 0;
        int nb2 = 0;
        for (int v = 0; v < na; v++) {
            boolean inA = bit(shape.aAuxDensity(), v);
            boolean inB = bit(shape.bAuxDensity(), v);
            if (!bit(bits, v)) {
                System.arraycopy(params.l(), v * G1L, lTailBases, t * G1L, G1L);
                if (inA) {
                    aPos[na2] = t;
                    System.arraycopy(params.a(), aq * G1L, aBases, na2 * G1L, G1L);
                    na2++;
                }
                if (inB) {
                    bPos[nb2] = t;
                    System.arraycopy(params.bG1(), bq * G1L, b1Bases, nb2 * G1L, G1L);
                    System.arraycopy(params.bG2(), bq * G2L, b2Bases, nb2 * G2L, G2L);
                    nb2++;
                }
                t++;
            }
            aq += inA ? 1 : 0;
            bq += inB ? 1 : 0;
        }
        this.aTailPos = Arrays.copyOf(aPos, na2);
        this.aTailBases = Arrays.copyOf(aBases, na2 * G1L);
        this.bTailPos = Arrays.copyOf(bPos, nb2);
        this.b1TailBases = Arrays.copyOf(b1Bases, nb2 * G1L);
        this.b2TailBases = Arrays.copyOf(b2Bases, nb2 * G2L);
    }

    private static void check(int have, int want, String query, String what) {
        if (have != want) {
            throw new IllegalArgumentException("parameters do not fit the circuit: query " + query + " has " + have
                    + " points, the circuit has " + want + " " + what);
        }
    }

    /** l's points of the tail variables, in tail order (callers must not modify it). */
    public long[] lTailBases() {
        return lTailBases;
    }

    /** a's points of the tail variables in A, in tail order (callers must not modify it). */
    public long[] aTailBases() {
        return aTailBases;
    }

    /** b_g1's points of the tail variables in B (callers must not modify it). */
    public long[] b1TailBases() {
        return b1TailBases;
    }

    /** b_g2's points of the tail variables in B (callers must not modify it). */
    public long[] b2TailBases() {
        return b2TailBases;
    }

    /** Points of the query a: inputs, then aux variables in A. */
    public int aPoints() {
        return numInputs + aAuxCount;
    }

    /** Points of the queries b_g1 and b_g2: inputs in B, then aux variables in B. */
    public int bPoints() {
        return bInputCount + bAuxCount;
    }

    /** The values of the inputs in B, in order: the scalars of b's input points. */
    public long[] bInputValues(long[] inputs) {
        long[] out = new long[bInputCount * Fr.LIMBS];
        for (int k = 0; k < bInputCount; k++) {
            System.arraycopy(inputs, bInputs[k] * Fr.LIMBS, out, k * Fr.LIMBS, Fr.LIMBS);
        }
        return out;
    }

    /** The tail values of the tail variables in A: the scalars of {@link #aTailBases}. */
    public long[] aTail(long[] tail) {
        return gather(tail, aTailPos);
    }

    /** The tail values of the tail variables in B: the scalars of the b tail bases. */
    public long[] bTail(long[] tail) {
        return gather(tail, bTailPos);
    }

    /** The bitmap over a's points selecting the bit variables in A whose value is 1. */
    public long[] aBits(long[] witnessBits) {
        return select(witnessBits, shape.aAuxDensity(), numInputs, aPoints());
    }

    /** The bitmap over b's points selecting the bit variables in B whose value is 1. */
    public long[] bBits(long[] witnessBits) {
        return select(witnessBits, shape.bAuxDensity(), bInputCount, bPoints());
    }

    /**
     * A bitmap over a query of total points: the first offset (input) points unselected, then, for
     * each variable of the density in order, its bit value (0 for non-bit variables, whose values
     * the witness bitmap holds as 0).
     */
    private long[] select(long[] values, long[] density, int offset, int total) {
        long[] out = new long[(total + 63) / 64 + 1];
        int q = offset;
        int words = (numAux + 63) / 64;
        for (int i = 0; i < words; i++) {
            long d = word(density, i) & mask(Math.min(64, numAux - 64 * i));
            long v = word(values, i);
            while (d != 0) {
                int tz = Long.numberOfTrailingZeros(d);
                if ((v >>> tz & 1) != 0) {
                    out[q >>> 6] |= 1L << (q & 63);
                }
                q++;
                d &= d - 1;
            }
        }
        return out;
    }

    private static long[] gather(long[] tail, int[] pos) {
        long[] out = new long[pos.length * Fr.LIMBS];
        for (int j = 0; j < pos.length; j++) {
            System.arraycopy(tail, pos[j] * Fr.LIMBS, out, j * Fr.LIMBS, Fr.LIMBS);
        }
        return out;
    }

    static int count(long[] bitmap, int n) {
        int c = 0;
        for (int i = 0; i < (n + 63) / 64; i++) {
            c += Long.bitCount(word(bitmap, i) & mask(Math.min(64, n - 64 * i)));
        }
        return c;
    }

    static long word(long[] bitmap, int i) {
        return i < bitmap.length ? bitmap[i] : 0L;
    }

    /** The low n bits (n in 0..64). */
    static long mask(int n) {
        return n == 64 ? -1L : (1L << n) - 1;
    }

    static boolean bit(long[] bitmap, int i) {
        return ((word(bitmap, i >>> 6) >>> (i & 63)) & 1) != 0;
    }
}
