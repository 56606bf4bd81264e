package io.c2spark.gpu.prover;

import io.c2spark.core.curve.G1;
import io.c2spark.core.curve.G2;
import io.c2spark.core.groth16.QueryLayout;
import io.c2spark.gpu.Curve;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The twelve sums one proof computes on the device, as data: which points, which scalars or
 * bitmap (in the staged input, see {@link StagingLayout}; the quotient; or a selection bitmap made
 * on the device), how many, and whether by MSM or batch addition; and how they combine into the five query sums the proof is assembled from.
 * {@link ProofWorkspace} launches exactly these steps; a CPU test evaluates the same steps with
 * prover-core's MSM and batch addition and gets CpuProver's proof, which pins the wiring (offsets,
 * counts, which bitmap goes with which points) without a GPU.
 */
public final class ProofPlan {
    /** The device-resident point arrays a step reads. */
    public enum Points {
        H(Curve.G1), L(Curve.G1), A(Curve.G1), B_G1(Curve.G1), B_G2(Curve.G2),
        L_TAIL(Curve.G1), A_TAIL(Curve.G1), B1_TAIL(Curve.G1), B2_TAIL(Curve.G2);

        public final Curve curve;

        Points(Curve curve) {
            this.curve = curve;
        }
    }

    public enum Kind { MSM, BATCH_ADD }

    /**
     * Where a step's scalars or bitmap are: in the staged input (at a byte offset), the quotient's
     * coefficients (the a buffer after the NTTs), or the A or B selection bitmap.
     */
    public enum Source { STAGED, QUOTIENT, A_SELECTION, B_SELECTION }
    public static final int SUMS_G1 = 9;
    public static final int SUMS_G2 = 3;
    /** Bytes of the twelve Jacobian sums, G1 then G2. */
    public static final long SUMS_BYTES = 8L * (SUMS_G1 * G1.JACOBIAN + SUMS_G2 * G2.JACOBIAN);

    /**
     * Sum number sum = kind over the first n points: an MSM with the Fr scalars, or a batch addition
     * with the bitmap, found at source (at: the byte offset in the staged input, else 0).
     */
    public record Step(int sum, Kind kind, Points points, Source source, long at, int n) {
    }

    /** The five query sums of one proof, Jacobian: h, l, a, b (G1), b (G2). */
    public record QuerySums(long[] h, long[] l, long[] a, long[] b1, long[] b2) {
    }

    private ProofPlan() {
    }

    /** The steps with something to sum; a sum with no step stays the identity. */
    public static List<Step> steps(QueryLayout q, StagingLayout st, int domainSize) {
        List<Step> all = List.of(
                new Step(0, Kind.MSM, Points.H, Source.QUOTIENT, 0, domainSize - 1),
                new Step(1, Kind.BATCH_ADD, Points.L, Source.STAGED, st.bitsAt, q.numAux),
                new Step(2, Kind.MSM, Points.L_TAIL, Source.STAGED, st.tailAt, q.tailCount),
                new Step(3, Kind.MSM, Points.A, Source.STAGED, st.inputsAt, q.numInputs),
                new Step(4, Kind.BATCH_ADD, Points.A, Source.A_SELECTION, 0, q.aPoints()),
                new Step(5, Kind.MSM, Points.A_TAIL, Source.STAGED, st.aTailAt, st.aTailCount),
                new Step(6, Kind.MSM, Points.B_G1, Source.STAGED, st.bInputsAt, q.bInputCount),
                new Step(7, Kind.BATCH_ADD, Points.B_G1, Source.B_SELECTION, 0, q.bPoints()),
                new Step(8, Kind.MSM, Points.B1_TAIL, Source.STAGED, st.bTailAt, st.bTailCount),
                new Step(9, Kind.MSM, Points.B_G2, Source.STAGED, st.bInputsAt, q.bInputCount),
                new Step(10, Kind.BATCH_ADD, Points.B_G2, Source.B_SELECTION, 0, q.bPoints()),
                new Step(11, Kind.MSM, Points.B2_TAIL, Source.STAGED, st.bTailAt, st.bTailCount));
        List<Step> out = new ArrayList<>();
        for (Step s : all) {
            if (s.n() > 0) {
                out.add(s);
            }
        }
        return out;
    }

    /** Byte offset of sum i among the twelve. */
    public static long sumAt(int i) {
        return i < SUMS_G1 ? 8L * G1.JACOBIAN * i : 8L * (SUMS_G1 * G1.JACOBIAN + (i - SUMS_G1) * G2.JACOBIAN);
    }

    /** The query sums from the twelve (as longs, {@link #SUMS_BYTES} of them; all-zero = identity). */
    public static QuerySums combine(long[] sums) {
        long[][] s = new long[SUMS_G1 + SUMS_G2][];
        for (int i = 0; i < s.length; i++) {
            int o = (int) (sumAt(i) / 8);
            s[i] = Arrays.copyOfRange(sums, o, o + (i < SUMS_G1 ? G1.JACOBIAN : G2.JACOBIAN));
        }
        return new QuerySums(s[0], g1(s[1], s[2]), g1(s[3], s[4], s[5]), g1(s[6], s[7], s[8]), g2(s[9], s[10], s[11]));
    }

    private static long[] g1(long[]... parts) {
        long[] acc = parts[0];
        for (int i = 1; i < parts.length; i++) {
            G1.add(acc, 0, parts[i], 0, acc, 0);
        }
        return acc;
    }

    private static long[] g2(long[]... parts) {
        long[] acc = parts[0];
        for (int i = 1; i < parts.length; i++) {
            G2.add(acc, 0, parts[i], 0, acc, 0);
        }
        return acc;
    }
}
