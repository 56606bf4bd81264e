package io.c2spark.gpu.prover;

import java.util.ArrayList;
import java.util.List;

import io.c2spark.core.groth16.QueryLayout;
import io.c2spark.core.r1cs.R1csShape;
import io.c2spark.gpu.coordinator.VramLedger;
import io.c2spark.gpu.msm.BatchAdd;
import io.c2spark.gpu.msm.Curve;
import io.c2spark.gpu.msm.Msm;
import io.c2spark.gpu.msm.MsmPlan;
import io.c2spark.gpu.ntt.Ntt;

/**
 * Device memory of the GPU prover, computed from a circuit's sizes before anything is allocated,
 * for the {@link VramLedger}: what {@link DeviceProvingKey} keeps resident (matrices, the five
 * queries, the tail bases, the density tables, NTT and coset tables) and what one {@link ProofWorkspace} (a slot)
 * takes. Pure functions of the sizes, so that a 32GiB partition is sized without building it.
 */
public final class ProverFootprint {
    /**
     * A circuit's sizes. Aux counts: in A, in B, non-bit (tail), non-bit in A, non-bit in B.
     *
     * @param lgDomain log2 of the domain (constraints, input constraints included, rounded up)
     */
    public record Sizes(int lgDomain, long constraints, long inputs, long aux, long nnzA, long nnzB, long nnzC,
            long coefficients, long bInputs, long aAux, long bAux, long tail, long aTail, long bTail) {

        public static Sizes of(R1csShape shape, QueryLayout q) {
            int lg = 0;
            while ((1L << lg) < shape.numConstraints()) {
                lg++;
            }
            return new Sizes(lg, shape.numConstraints(), q.numInputs, q.numAux, shape.a().nonZeros(), shape.b().nonZeros(),
                    shape.c().nonZeros(), shape.numCoefficients(), q.bInputCount, q.aAuxCount, q.bAuxCount, q.tailCount,
                    q.aTailCount(), q.bTailCount());
        }
    }

    private ProverFootprint() {
    }

    private static final long G1 = Curve.G1.affineBytes();
    private static final long G2 = Curve.G2.affineBytes();

    /** Bytes {@link DeviceProvingKey} keeps on the device with resident points. */
    public static long residentBytes(Sizes s) {
        return tableBytes(s) + pointBytes(s);
    }

    /** Bytes {@link DeviceProvingKey} keeps on the device with streamed points: all but the queries. */
    public static long streamedResidentBytes(Sizes s) {
        return tableBytes(s) + tailBaseBytes(s);
    }

    /** The queries and the tail bases. */
    public static long pointBytes(Sizes s) {
        return queryBytes(s) + tailBaseBytes(s);
    }

    /** The five queries: what streamed mode reads from the parameter file during each proof instead. */
    public static long queryBytes(Sizes s) {
        long m = 1L << s.lgDomain();
        long bPoints = s.bInputs() + s.bAux();
        return G1 * (m - 1) + G1 * s.aux() + G1 * (s.inputs() + s.aAux()) + (G1 + G2) * bPoints;
    }

    /** The tail bases, on the device in both modes. */
    public static long tailBaseBytes(Sizes s) {
        return G1 * (s.tail() + s.aTail() + s.bTail()) + G2 * s.bTail();
    }

    /** Matrices, selection tables, NTT and coset tables, 1/Z. */
    private static long tableBytes(Sizes s) {
        long matrices = 3 * 4 * (s.constraints() + 1) + 8 * (s.nnzA() + s.nnzB() + s.nnzC()) + 32 * s.coefficients();
        long selections = 2 * 2 * 4 * Math.max(1, (s.aux() + 31) / 32);
        return matrices + selections + Ntt.tableBytes(s.lgDomain(), true) + 32;
    }

    /** Bytes one slot's {@link ProofWorkspace} allocates with resident points. */
    public static long slotBytes(Sizes s) {
        return slotBytes(s, ProofPlan.WHOLE);
    }

    /** Bytes of one slot with steps of at most chunkBytes of points and no copies of the h points. */
    public static long slotBytes(Sizes s, long chunkBytes) {
        return slotBytes(s, chunkBytes, 1);
    }

    /**
     * Bytes one slot's {@link ProofWorkspace} allocates (device memory; its pinned memory is the
     * staged input) when its steps cover at most chunkBytes of points ({@link ProofPlan#WHOLE}:
     * resident points; otherwise streamed, with two chunk buffers), the h MSM planned for hCopies
     * copies of its points ({@link ProofPlan#msmPlan}).
     */
    public static long slotBytes(Sizes s, long chunkBytes, int hCopies) {
        long m = 1L << s.lgDomain();
        boolean streamed = chunkBytes != ProofPlan.WHOLE;
        // The points of each sum, in ProofPlan's order: h, l (batch, tail), a (inputs, batch, tail),
        // b_g1 (inputs, batch, tail), b_g2 (inputs, batch, tail).
        long[] points = {m - 1, s.aux(), s.tail(), s.inputs(), s.inputs() + s.aAux(), s.aTail(), s.bInputs(),
            s.bInputs() + s.bAux(), s.bTail(), s.bInputs(), s.bInputs() + s.bAux(), s.bTail()};
        int lanes = streamed ? 1 : ProofPlan.LANES;
        List<List<MsmPlan>> msmPlans = new ArrayList<>();
        long[] batchSizes = new long[2 * lanes];
        for (int i = 0; i < 2 * lanes; i++) {
            msmPlans.add(new ArrayList<>());
        }
        long steps = 0;
        long largestChunk = 0;
        for (int i = 0; i < ProofPlan.SUMS; i++) {
            Curve curve = ProofPlan.POINTS[i].curve;
            long chunk = ProofPlan.chunkPoints(curve, chunkBytes);
            long n = Math.min(points[i], chunk);
            steps += (points[i] + chunk - 1) / chunk;
            largestChunk = Math.max(largestChunk, curve.affineBytes() * n);
            int at = 2 * ProofPlan.lane(i, chunkBytes) + (curve == Curve.G1 ? 0 : 1);
            if (ProofPlan.KIND[i] == ProofPlan.Kind.BATCH_ADD) {
                batchSizes[at] = Math.max(batchSizes[at], n);
            } else if (n > 0) {
                msmPlans.get(at).add(ProofPlan.msmPlan(ProofPlan.POINTS[i], (int) n, chunkBytes, hCopies));
            }
        }
        long work = 0;
        for (int i = 0; i < 2 * lanes; i++) {
            Curve curve = i % 2 == 0 ? Curve.G1 : Curve.G2;
            // Lane 0's G1 MSM workspace is also the NTTs' scratch (ProofWorkspace.nttScratch).
            long scratch = i == 0 ? Ntt.scratchBytes(s.lgDomain()) : 0;
            work += msmBytes(curve, scratch, msmPlans.get(i).toArray(new MsmPlan[0]))
                    + (batchSizes[i] > 0 ? batchBytes(curve, batchSizes[i]) : 0);
        }
        long staged = 32 * (s.inputs() + s.tail() + s.bInputs() + s.aTail() + s.bTail()) + s.aux() / 8 + 6 * 256;
        long selections = (s.inputs() + s.aAux() + s.bInputs() + s.bAux()) / 8 + 8;
        long abc = 3 * 32 * m;
        // At most 64 windows (c = 4) of G2 XYZZ sums per step: an upper bound.
        long sums = steps * 64 * Curve.G2.xyzzBytes;
        long chunkBuffers = streamed ? ProofWorkspace.chunkBufferBytes(largestChunk) : 0;
        return staged + selections + abc + sums + work + chunkBuffers;
    }

    /** An Msm's workspace after reserving plans of these sizes (the window rule's plans, no copies). */
    static long msmBytes(Curve curve, long scratch, long... sizes) {
        List<MsmPlan> plans = new ArrayList<>();
        for (long n : sizes) {
            if (n > 0) {
                plans.add(MsmPlan.forSize((int) n, curve));
            }
        }
        return msmBytes(curve, scratch, plans.toArray(new MsmPlan[0]));
    }

    /**
     * An Msm's workspace after reserving these plans and {@link Msm#scratchBetweenRuns} of scratch
     * bytes: each buffer grows to its largest use.
     */
    static long msmBytes(Curve curve, long scratch, MsmPlan... plans) {
        long buckets = 0;
        long tiles = 0;
        long sorted = scratch;
        long sums = 0;
        long partials = 0;
        long slots = 0;
        for (MsmPlan p : plans) {
            buckets = Math.max(buckets, p.bucketCount());
            tiles = Math.max(tiles, 4L * p.sets() * p.scanTiles());
            sorted = Math.max(sorted, p.sortedBytes());
            sums = Math.max(sums, p.bucketBytes(curve));
            partials = Math.max(partials, p.partialBytes(curve));
            slots = Math.max(slots, p.slotBytes(curve));
        }
        return 3 * 4 * buckets + tiles + sorted + sums + 2 * partials + slots;
    }

    static long batchBytes(Curve curve, long n) {
        long chunks = BatchAdd.partials(n);
        return curve.xyzzBytes * (chunks + Math.max(1, (chunks + BatchAdd.GROUP - 1) / BatchAdd.GROUP))
                + 8L * curve.jacobianLongs;
    }

    /**
     * The ledger's request for this prover's key: slots for workers, streamed chunks of chunkBytes
     * if it comes to that (forced by forceStreamed), no copies of the h points.
     */
    public static VramLedger.Request request(Sizes s, int workers, long chunkBytes, boolean forceStreamed) {
        return request(s, workers, chunkBytes, forceStreamed, 1);
    }

    /** As above, offering up to maxHCopies copies of the h points ({@link #hCopyOptions}). */
    public static VramLedger.Request request(Sizes s, int workers, long chunkBytes, boolean forceStreamed, int maxHCopies) {
        return new VramLedger.Request(residentBytes(s), slotBytes(s), streamedResidentBytes(s), slotBytes(s, chunkBytes), workers,
                forceStreamed, hCopyOptions(s, maxHCopies));
    }

    /** The request of a resident key that holds exactly copies copies of the h points. */
    public static VramLedger.Request requestWithHCopies(Sizes s, int workers, int copies) {
        int n = (int) ((1L << s.lgDomain()) - 1);
        return new VramLedger.Request(residentBytes(s), slotBytes(s), streamedResidentBytes(s), slotBytes(s), workers, false,
                List.of(new VramLedger.CopyOption(copies, G1 * (copies - 1) * n, slotBytes(s, ProofPlan.WHOLE, copies))));
    }

    /**
     * The copies of the h points (2 to maxCopies) worth holding, best first: those whose h MSM the
     * window rule's cost model ({@link MsmPlan#modelledNanos}) makes faster than every option with
     * fewer copies, ordered by that time. Each costs (copies - 1) (m - 1) G1 points beyond the key,
     * and its slots are sized for its MSM plan (fewer bucket sets, often a larger window: more
     * sorted entries).
     */
    public static List<VramLedger.CopyOption> hCopyOptions(Sizes s, int maxCopies) {
        int n = (int) ((1L << s.lgDomain()) - 1);
        double best = MsmPlan.forSize(n, Curve.G1).modelledNanos(Curve.G1);
        List<VramLedger.CopyOption> options = new ArrayList<>();
        List<Double> costs = new ArrayList<>();
        for (int k = 2; k <= maxCopies; k++) {
            MsmPlan p = MsmPlan.forSize(n, Curve.G1, k);
            double cost = p.modelledNanos(Curve.G1);
            if (p.copies() < k || cost >= best) {
                continue;
            }
            best = cost;
            int at = 0;
            while (at < costs.size() && costs.get(at) <= cost) {
                at++;
            }
            costs.add(at, cost);
            options.add(at, new VramLedger.CopyOption(k, G1 * (k - 1) * n, slotBytes(s, ProofPlan.WHOLE, k)));
        }
        return options;
    }
}
