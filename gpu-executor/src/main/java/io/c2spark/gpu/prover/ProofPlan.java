package io.c2spark.gpu.prover;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import io.c2spark.core.curve.G1;
import io.c2spark.core.curve.G2;
import io.c2spark.core.groth16.QueryLayout;
import io.c2spark.gpu.msm.Curve;
import io.c2spark.gpu.msm.MsmPlan;
import io.c2spark.gpu.msm.WindowCombination;

/**
 * The twelve sums one proof computes on the device, as data: which points, which scalars or
 * bitmap (in the staged input, see {@link StagingLayout}; the quotient; or a selection bitmap made
 * on the device), how many, whether by MSM or batch addition, and where its result lies in the
 * sums read back: a Jacobian point for a batch addition, the XYZZ window sums for an MSM (the
 * windows are combined on the CPU, {@link WindowCombination}); and how they combine into the five
 * query sums the proof is assembled from. {@link ProofWorkspace} launches exactly these steps; a
 * CPU test evaluates the same steps with prover-core's MSM and batch addition and gets
 * CpuProver's proof, which pins the wiring (offsets, counts, which bitmap goes with which points)
 * without a GPU.
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
    /** The twelve sums: h, l (2), a (3), b_g1 (3), b_g2 (3). */
    public static final int SUMS = 12;
    /**
     * The lane of each sum with resident points: the large h MSM and the G1 batch additions on
     * lane 0; the small G1 MSMs (tails and inputs), whose bucket reductions leave most of the
     * device idle, on lanes 1 and 2; the G2 sums on lane 3. Streamed points keep every step on
     * lane 0, in order, since the steps share the two chunk buffers.
     */
    private static final int[] LANE = {0, 0, 1, 1, 0, 1, 2, 0, 2, 3, 3, 3};
    public static final int LANES = 4;
    /** What each sum is, in order: its kind and the points it reads. */
    static final Kind[] KIND = {Kind.MSM, Kind.BATCH_ADD, Kind.MSM, Kind.MSM, Kind.BATCH_ADD, Kind.MSM, Kind.MSM,
        Kind.BATCH_ADD, Kind.MSM, Kind.MSM, Kind.BATCH_ADD, Kind.MSM};
    static final Points[] POINTS = {Points.H, Points.L, Points.L_TAIL, Points.A, Points.A, Points.A_TAIL, Points.B_G1,
        Points.B_G1, Points.B1_TAIL, Points.B_G2, Points.B_G2, Points.B2_TAIL};

    /** The lane of a sum's steps: its own with resident points, 0 for all when streamed. */
    static int lane(int sum, long chunkBytes) {
        return chunkBytes == WHOLE ? LANE[sum] : 0;
    }

    /**
     * Part of sum number sum: kind over the n points from point first on, an MSM (with its plan)
     * with the Fr scalars, or a batch addition with the bitmap, of a query whose scalars or bitmap
     * start at source (at: the byte offset in the staged input, else 0); its result at byte
     * resultAt of the sums. A sum is one step when the points are resident and one step per chunk
     * when they are streamed; the results of a sum's steps are added. Steps of different lanes
     * are independent and may run at once, each lane on its own stream.
     */
    public record Step(int sum, Kind kind, Points points, Source source, long at, long first, int n, MsmPlan msm,
            long resultAt, int lane) {
        /** Bytes of the result: the window sums of an MSM, a Jacobian point of a batch addition. */
        public long resultBytes() {
            Curve c = points.curve;
            return kind == Kind.MSM ? msm.sets() * c.xyzzBytes : 8L * c.jacobianLongs;
        }

        /** Byte offset of this step's first scalar or bitmap word from the start of its source. */
        public long sourceOffset() {
            return at + (kind == Kind.MSM ? 32L * first : first / 8);
        }

        /** Byte offset of this step's first point in its query's affine array. */
        public long pointOffset() {
            return points.curve.affineBytes() * first;
        }
    }

    /** The five query sums of one proof, Jacobian: h, l, a, b (G1), b (G2). */
    public record QuerySums(long[] h, long[] l, long[] a, long[] b1, long[] b2) {
    }

    private final List<Step> steps;
    private final long sumsBytes;

    /** Points per step when nothing is streamed. */
    public static final long WHOLE = Long.MAX_VALUE;

    /** The steps of resident points: one per sum with something to sum. */
    public ProofPlan(QueryLayout q, StagingLayout st, int domainSize) {
        this(q, st, domainSize, WHOLE);
    }

    /** The steps over at most chunkBytes of points, no copies of the h points. */
    public ProofPlan(QueryLayout q, StagingLayout st, int domainSize, long chunkBytes) {
        this(q, st, domainSize, chunkBytes, 1);
    }

    /**
     * The steps with something to sum, each over at most {@link #chunkPoints} points of chunkBytes
     * ({@link #WHOLE}: no limit); a sum with no step stays the identity. With resident points and
     * hCopies > 1 the h MSM reads that many shifted copies of its points ({@link #msmPlan}).
     */
    public ProofPlan(QueryLayout q, StagingLayout st, int domainSize, long chunkBytes, int hCopies) {
        // Per sum, in order: where its scalars or bitmap are, at which byte offset, and how many points.
        Object[][] all = {
            {Source.QUOTIENT, 0L, domainSize - 1},
            {Source.STAGED, st.bitsAt, q.numAux},
            {Source.STAGED, st.tailAt, q.tailCount},
            {Source.STAGED, st.inputsAt, q.numInputs},
            {Source.A_SELECTION, 0L, q.aPoints()},
            {Source.STAGED, st.aTailAt, st.aTailCount},
            {Source.STAGED, st.bInputsAt, q.bInputCount},
            {Source.B_SELECTION, 0L, q.bPoints()},
            {Source.STAGED, st.bTailAt, st.bTailCount},
            {Source.STAGED, st.bInputsAt, q.bInputCount},
            {Source.B_SELECTION, 0L, q.bPoints()},
            {Source.STAGED, st.bTailAt, st.bTailCount}};
        List<Step> out = new ArrayList<>();
        long at = 0;
        for (int i = 0; i < SUMS; i++) {
            Kind kind = KIND[i];
            int n = (Integer) all[i][2];
            Points points = POINTS[i];
            long chunk = chunkPoints(points.curve, chunkBytes);
            for (long first = 0; first < n; first += chunk) {
                int part = (int) Math.min(chunk, n - first);
                Step s = new Step(i, kind, points, (Source) all[i][0], (Long) all[i][1], first, part,
                        kind == Kind.MSM ? msmPlan(points, part, chunkBytes, hCopies) : null, at, lane(i, chunkBytes));
                out.add(s);
                at += s.resultBytes();
            }
        }
        this.steps = List.copyOf(out);
        this.sumsBytes = Math.max(8, at);
    }

    /**
     * The plan of an MSM of n of these points: the window rule's, and for the h points held resident
     * in hCopies > 1 shifted copies ({@link io.c2spark.gpu.msm.G1ShiftedBases}), the rule's plan for
     * that many copies (DeviceProvingKey builds the copies with that plan's window).
     */
    public static MsmPlan msmPlan(Points points, int n, long chunkBytes, int hCopies) {
        return points == Points.H && chunkBytes == WHOLE && hCopies > 1 ? MsmPlan.forSize(n, Curve.G1, hCopies)
                : MsmPlan.forSize(n, points.curve);
    }

    /**
     * Points of one curve in a chunk of chunkBytes: a multiple of 32, so that a chunk's bitmap
     * starts on a 32-bit word, and at least 32.
     */
    public static long chunkPoints(Curve curve, long chunkBytes) {
        if (chunkBytes == WHOLE) {
            return Integer.MAX_VALUE;
        }
        return Math.max(32, chunkBytes / curve.affineBytes() / 32 * 32);
    }

    public List<Step> steps() {
        return steps;
    }

    /** Bytes of all results, read back in one copy. */
    public long sumsBytes() {
        return sumsBytes;
    }

    /** The query sums from the results read back ({@link #sumsBytes} as longs). */
    public QuerySums combine(long[] results) {
        long[][] s = new long[SUMS][];
        for (int i = 0; i < SUMS; i++) {
            s[i] = new long[i < 9 ? G1.JACOBIAN : G2.JACOBIAN];
        }
        for (Step st : steps) {
            int o = (int) (st.resultAt() / 8);
            Curve c = st.points().curve;
            long[] part = st.kind() == Kind.MSM ? WindowCombination.of(c, results, o, st.msm().sets(), st.msm().setShift())
                    : Arrays.copyOfRange(results, o, o + c.jacobianLongs);
            s[st.sum()] = c == Curve.G1 ? g1(s[st.sum()], part) : g2(s[st.sum()], part);
        }
        return new QuerySums(s[0], g1(s[1], s[2]), g1(s[3], s[4], s[5]), g1(s[6], s[7], s[8]), g2(s[9], s[10], s[11]));
    }

    private static long[] g1(long[]... parts) {
        long[] acc = parts[0];
        for (int i = 1; i < parts.length; i++) {
            G1.LAW.add(acc, 0, parts[i], 0, acc, 0);
        }
        return acc;
    }

    private static long[] g2(long[]... parts) {
        long[] acc = parts[0];
        for (int i = 1; i < parts.length; i++) {
            G2.LAW.add(acc, 0, parts[i], 0, acc, 0);
        }
        return acc;
    }
}
