package io.c2spark.core.groth16;

import io.c2spark.core.field.Fr;
import io.c2spark.core.r1cs.R1csShape;
import java.util.Arrays;

/**
 * Where each witness value meets the parameter queries, worked out once per circuit from its shape
 * alone (no points), so that every prover (CPU or GPU) reads the compact witness as it is. Each
 * query's points are in variable order, the k-th point belonging to the k-th variable of the
 * query's density:
 * <ul>
 * <li>l: one point per aux variable; a: every input, then the aux variables in A; b_g1 and b_g2:
 * the inputs in B, then the aux variables in B;
 * <li>bit variables are summed by batch addition over a bitmap of the query's points
 * ({@link #aBits}, {@link #bBits}; for l the witness's own bitmap serves);
 * <li>the few non-bit (tail) values go to MSMs over the tail bases: the points of the tail
 * variables, at the positions {@link #lTailPoints}, {@link #aTailPoints} and {@link #bTailPoints}
 * of the queries, gathered once by the prover (on the heap, {@link TailBases}; on the GPU, on the
 * device), with their scalars picked from the tail per proof ({@link #aTail}, {@link #bTail}).
 * </ul>
 * {@link #checkFits} refuses parameters whose l, a, b_g1 or b_g2 query does not fit the shape.
 */
public final class QueryLayout {
    private final R1csShape shape;
    public final int numInputs;
    public final int numAux;
    /** Aux variables in A; inputs in B; aux variables in B; non-bit aux variables. */
    public final int aAuxCount;
    public final int bInputCount;
    public final int bAuxCount;
    public final int tailCount;
    private final int[] bInputs;
    /** Per tail base, its point in l, a, b_g1 and b_g2 (ascending), and its value's index in the tail. */
    private final int[] lTailPoints;
    private final int[] aTailPoints;
    private final int[] aTailPos;
    private final int[] bTailPoints;
    private final int[] bTailPos;

    /** The layout of the shape's variables over the queries. */
    public QueryLayout(R1csShape shape) {
        this.shape = shape;
        this.numInputs = shape.numInputs();
        this.numAux = shape.numAux();
        int ni = numInputs;
        int na = numAux;
        this.aAuxCount = count(shape.aAuxDensity(), na);
        this.bInputCount = count(shape.bInputDensity(), ni);
        this.bAuxCount = count(shape.bAuxDensity(), na);
        long[] bits = shape.auxBits();
        this.tailCount = na - count(bits, na);
        this.bInputs = new int[bInputCount];
        for (int i = 0, k = 0; i < ni; i++) {
            if (bit(shape.bInputDensity(), i)) {
                bInputs[k++] = i;
            }
        }
        this.lTailPoints = new int[tailCount];
        int[] aPoints = new int[tailCount];
        int[] aPos = new int[tailCount];
        int[] bPoints = new int[tailCount];
        int[] bPos = new int[tailCount];
        int t = 0;
        int aq = ni;
        int bq = bInputCount;
        int na2 = 0;
        int nb2 = 0;
        for (int v = 0; v < na; v++) {
            boolean inA = bit(shape.aAuxDensity(), v);
            boolean inB = bit(shape.bAuxDensity(), v);
            if (!bit(bits, v)) {
                lTailPoints[t] = v;
                if (inA) {
                    aPoints[na2] = aq;
                    aPos[na2++] = t;
                }
                if (inB) {
                    bPoints[nb2] = bq;
                    bPos[nb2++] = t;
                }
                t++;
            }
            aq += inA ? 1 : 0;
            bq += inB ? 1 : 0;
        }
        this.aTailPoints = Arrays.copyOf(aPoints, na2);
        this.aTailPos = Arrays.copyOf(aPos, na2);
        this.bTailPoints = Arrays.copyOf(bPoints, nb2);
        this.bTailPos = Arrays.copyOf(bPos, nb2);
    }

    /** The layout, once the parameters' queries are checked to fit the shape ({@link #checkFits}). */
    public QueryLayout(R1csShape shape, ParameterSource params) {
        this(shape);
        checkFits(params);
    }

    /** Refuses parameters whose l, a, b_g1 or b_g2 query has not one point per variable of its density. */
    public void checkFits(ParameterSource params) {
        check(params.count(ParameterSource.Query.L), numAux, "l", "aux variables");
        check(params.count(ParameterSource.Query.A), aPoints(), "a", "inputs + aux variables in A");
        check(params.count(ParameterSource.Query.B_G1), bPoints(), "b_g1", "variables in B");
        check(params.count(ParameterSource.Query.B_G2), bPoints(), "b_g2", "variables in B");
    }

    private static void check(int have, int want, String query, String what) {
        if (have != want) {
            throw new IllegalArgumentException("parameters do not fit the circuit: query " + query + " has " + have
                    + " points, the circuit has " + want + " " + what);
        }
    }

    /** The point of l of each tail variable, in tail order (ascending; callers must not modify it). */
    public int[] lTailPoints() {
        return lTailPoints;
    }

    /** The point of a of each tail variable in A, in tail order (ascending; callers must not modify it). */
    public int[] aTailPoints() {
        return aTailPoints;
    }

    /** The point of b_g1 and of b_g2 of each tail variable in B, in tail order (ascending; callers must not modify it). */
    public int[] bTailPoints() {
        return bTailPoints;
    }

    /** Tail variables in A: the a tail bases. */
    public int aTailCount() {
        return aTailPoints.length;
    }

    /** Tail variables in B: the b_g1 and b_g2 tail bases. */
    public int bTailCount() {
        return bTailPoints.length;
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

    /** The tail values of the tail variables in A: the scalars of the a tail bases. */
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
