package io.c2spark.gpu.msm;

import java.util.Arrays;

import jcuda.driver.CUdeviceptr;

import io.c2spark.gpu.runtime.DeviceBuffer;
import io.c2spark.gpu.runtime.GpuDevice;
import io.c2spark.gpu.runtime.GpuEvent;
import io.c2spark.gpu.runtime.GpuStream;
import io.c2spark.gpu.runtime.Kernel;
import io.c2spark.gpu.runtime.Launch;
import io.c2spark.gpu.runtime.LaunchShapes;
import io.c2spark.gpu.runtime.PinnedHostBuffer;

/**
 * Multi-scalar multiplication in G1 or G2 on one device: sum_i k_i P_i with P_i affine in
 * prover-core's layout (all-zero for the identity) and k_i Fr elements in Montgomery form (4 longs
 * each), the result Jacobian. Every step runs on the device, the combination of the window sums
 * (per bucket set with shifted bases: {@link MsmPlan#copies}, {@link G1ShiftedBases}) included:
 * one thread's Horner, a chain of about 240 dependent doublings for a plain MSM, whatever its
 * size, and none with one set. That chain holds the device for milliseconds, so the GPU prover
 * instead takes the window sums ({@link #enqueueWindowSums}) and adds them up on the CPU
 * ({@link WindowCombination}) after its kernels, outside the compute lock. The workspace
 * is kept between calls and grows when a larger plan needs it; {@link #reserve} sizes it up front,
 * so that later runs of those plans allocate nothing.
 */
public final class Msm implements AutoCloseable {
    /** MSM_SCAN_BLOCK in pippenger.cuh. */
    static final int SCAN_BLOCK = 256;
    /**
     * Registers, not shared memory, bound these kernels: 128 threads keep several blocks per SM.
     * The G1 kernels of mixed additions are compiled for blocks of at most this many (C2S_HOT_BOUNDS
     * in native-cuda's util/check.cuh).
     */
    static final int CURVE_BLOCK = 128;

    /**
     * The steps {@link #phaseMillis} reports, in order; "combine" is the combination of the window
     * sums and the copy of the result to the host (for {@link #enqueueWindowSums}: the copy of the
     * window sums). With scalars from pinned memory, "upload" is the time the run's stream waits for
     * parts of the upload to arrive (the rest of the copy runs beside the histograms of the parts
     * already there and, with batches, beside the earlier batches' steps), and a batched run's
     * histogram, scan, scatter and accumulation are summed over its batches, "merge" over its
     * later batches, so the phases still add up to the run ({@link #timeline} keeps them apart).
     */
    public static final String[] PHASES = {"upload", "histogram", "scan", "scatter", "accumulate", "merge", "reduce", "combine"};
    private static final int UPLOAD = 0, HISTOGRAM = 1, SCAN = 2, SCATTER = 3, ACCUMULATE = 4, MERGE = 5, REDUCE = 6, COMBINE = 7;

    private final GpuDevice device;
    public final Curve curve;
    /**
     * When profiling: events recorded on the run's stream, each closing the phase markPhase[i]
     * (-1 for the run's start); marked of them used by the last run.
     */
    private GpuEvent[] marks;
    private int[] markPhase;
    private int marked;
    /** bucketSums the run's buckets; batchSums those of its later batches before they are merged. */
    private DeviceBuffer counts, starts, cursors, scanTiles, sorted, bucketSums, batchSums, partialsA, partialsB, scalarStage;
    /** The last run's Jacobian result on the device and copied to the host. */
    private DeviceBuffer result;
    private PinnedHostBuffer resultHost;
    /**
     * The copies of pinned scalars run on their own stream, so that the histogram (on the run's
     * stream) of each part starts when that part has arrived; begun orders the copies after the
     * run's stream's earlier work, arrived[i] the histogram of part i after its copy.
     */
    private GpuStream uploads;
    private GpuEvent begun;
    private GpuEvent[] arrived = new GpuEvent[0];
    /** Per accumulation slot: first bucket, tail bucket, head and tail sums (pippenger.cuh). */
    private DeviceBuffer slotFirst, slotTailBucket, slotHeads, slotTails;

    public Msm(GpuDevice device, Curve curve) {
        this.device = device;
        this.curve = curve;
    }

    private static DeviceBuffer ensure(GpuDevice d, DeviceBuffer b, long bytes) {
        if (b != null && b.bytes >= bytes) {
            return b;
        }
        if (b != null) {
            b.close();
        }
        return d.allocate(bytes);
    }

    /** Records events between the phases of the following runs (for {@link #phaseMillis}). */
    public void enableProfiling() {
        if (marks == null) {
            marks = new GpuEvent[0];
            markPhase = new int[0];
        }
    }

    private void startMarks(GpuStream s) {
        marked = 0;
        mark(-1, s);
    }

    /** Ends phase on s (-1: the run's start). */
    private void mark(int phase, GpuStream s) {
        if (marks == null) {
            return;
        }
        if (marked == marks.length) {
            marks = Arrays.copyOf(marks, marked * 2 + 16);
            markPhase = Arrays.copyOf(markPhase, marks.length);
            for (int i = marked; i < marks.length; i++) {
                marks[i] = new GpuEvent(device);
            }
        }
        markPhase[marked] = phase;
        marks[marked++].record(s);
    }

    /** The last profiled run's steps in order, each its phase's name and milliseconds ("scatter 17.2"). */
    public java.util.List<String> timeline() {
        marks[marked - 1].synchronize();
        java.util.List<String> steps = new java.util.ArrayList<>();
        for (int i = 1; i < marked; i++) {
            steps.add(String.format("%s %.1f", PHASES[markPhase[i]], marks[i].millisSince(marks[i - 1])));
        }
        return steps;
    }

    /** Milliseconds of each of {@link #PHASES} in the last profiled run (upload is 0 for device scalars). */
    public float[] phaseMillis() {
        float[] ms = new float[PHASES.length];
        marks[marked - 1].synchronize();
        for (int i = 1; i < marked; i++) {
            ms[markPhase[i]] += marks[i].millisSince(marks[i - 1]);
        }
        return ms;
    }

    /**
     * Allocates what a run of plan p needs, unless the workspace already holds it (for a batched
     * run: what each batch's plan needs, the buckets being the same).
     */
    public void reserve(MsmPlan p) {
        long buckets = p.bucketCount();
        counts = ensure(device, counts, 4 * buckets);
        starts = ensure(device, starts, 4 * buckets);
        cursors = ensure(device, cursors, 4 * buckets);
        scanTiles = ensure(device, scanTiles, 4L * p.sets() * p.scanTiles());
        sorted = ensure(device, sorted, p.sortedBytes());
        bucketSums = ensure(device, bucketSums, p.bucketBytes(curve));
        partialsA = ensure(device, partialsA, p.partialBytes(curve));
        partialsB = ensure(device, partialsB, p.partialBytes(curve));
        long slots = p.slotCount();
        slotFirst = ensure(device, slotFirst, 4 * slots);
        slotTailBucket = ensure(device, slotTailBucket, 4 * slots);
        slotHeads = ensure(device, slotHeads, curve.xyzzBytes * slots);
        slotTails = ensure(device, slotTails, curve.xyzzBytes * slots);
    }

    /**
     * The workspace's largest buffer (the sorted point indices, written and read only within a run),
     * grown to at least bytes, for work that runs between runs on the stream of the runs: the GPU
     * prover's NTTs take lane 0's G1 workspace (that of the h MSM, 4 (windows + 1) bytes per point)
     * as their scratch (ProofWorkspace). Call it once to size the buffer before the runs, since
     * growing it replaces the buffer; afterwards it returns the same buffer without allocating.
     */
    public DeviceBuffer scratchBetweenRuns(long bytes) {
        sorted = ensure(device, sorted, bytes);
        return sorted;
    }

    /**
     * Enqueues the MSM of the n points and scalars at the given device addresses (with the bytes
     * available from each, for the bounds check) and the copy of its p.sets() XYZZ window (set)
     * sums ({@link Curve#xyzzBytes} each, lowest first) to out, for {@link WindowCombination} with
     * window p.setShift(). With p.copies() > 1 the points are that many copies of the bases
     * ({@link G1ShiftedBases}), p.region() points in all.
     */
    public void enqueueWindowSums(CUdeviceptr points, long pointBytes, CUdeviceptr scalars, long scalarBytes, MsmPlan p,
            GpuStream s, CUdeviceptr out) {
        DeviceBuffer windowSums = enqueueToWindows(points, pointBytes, scalars, scalarBytes, p, s);
        windowSums.copyToAsync(0, out, p.sets() * curve.xyzzBytes, s);
        mark(COMBINE, s);
    }

    /** Every step but the combination, the scalars on the device; returns the buffer holding the window (set) sums. */
    private DeviceBuffer enqueueToWindows(CUdeviceptr points, long pointBytes, CUdeviceptr scalars, long scalarBytes, MsmPlan p,
            GpuStream s) {
        checkSizes(pointBytes, scalarBytes, p);
        reserve(p);
        startMarks(s);
        counts.fill32(0, s);
        histogram(scalars, p, 0, p.n(), s);
        mark(HISTOGRAM, s);
        enqueueFromScan(points, p, p.n(), 0, bucketSums, s);
        return enqueueReduction(p, s);
    }

    private void checkSizes(long pointBytes, long scalarBytes, MsmPlan p) {
        if (pointBytes < p.tableBytes(curve) || scalarBytes < 32L * p.n()) {
            throw new IllegalArgumentException(curve + " MSM of " + p.n() + " points (" + p.copies() + " copies) needs "
                    + p.tableBytes(curve) + " bytes of points and " + 32L * p.n() + " of scalars");
        }
    }

    /**
     * Enqueues the histogram of the scalars [lo, hi) of the p.n() from scalars (the counts zeroed
     * before the first range).
     */
    private void histogram(CUdeviceptr scalars, MsmPlan p, int lo, int hi, GpuStream s) {
        // The digits of window w wait in the sorted array at p.digitsAt(w), beyond what the
        // scatters of windows up to w write (MsmPlan.sortedBytes): window w's scatter reads them
        // before a later window's overwrites them with its own sorted entries.
        Launch.kernel(device, Kernel.MSM_HISTOGRAM, LaunchShapes.gridFor(hi - lo, LaunchShapes.BLOCK, device.multiprocessors),
                LaunchShapes.BLOCK, s, scalars, p.n(), lo, hi, p.windowBits(), p.windows(), p.copies(), counts,
                sorted.at(4 * p.digitsAt(0)));
    }

    /**
     * The steps after the histogram up to the accumulation, for the p.n() points from origin of
     * a table of tableN points per copy (origin 0 and p.n() = tableN unless the scalars come in
     * batches), their bucket sums to sums.
     */
    private void enqueueFromScan(CUdeviceptr points, MsmPlan p, int tableN, int origin, DeviceBuffer sums, GpuStream s) {
        int n = p.n();
        int sm = device.multiprocessors;
        // From the scan on, a bucket set is what the kernels call a window, and its region (copies n
        // entries) what they call n.
        int sets = p.sets();
        int region = (int) p.region();  // up to 2^31, passed as the kernels' u32
        int tiles = p.scanTiles();
        Launch.kernel(device, Kernel.MSM_SCAN_TILES, sets * tiles, SCAN_BLOCK, s, counts, p.buckets(), tiles, scanTiles);
        Launch.kernel(device, Kernel.MSM_SCAN_TILE_OFFSETS, sets, SCAN_BLOCK, s, scanTiles, tiles);
        Launch.kernel(device, Kernel.MSM_SCAN_APPLY, sets * tiles, SCAN_BLOCK, s, counts, p.buckets(), tiles, scanTiles,
                starts, cursors);
        mark(SCAN, s);
        int passes = p.scatterPasses();
        for (int w = 0; w < p.windows(); w++) {
            int set = w / p.copies();
            int base = (w % p.copies()) * tableN + origin;
            for (int k = 0; k < passes; k++) {
                int lo = (int) ((long) p.buckets() * k / passes);
                int hi = (int) ((long) p.buckets() * (k + 1) / passes);
                Launch.kernel(device, Kernel.MSM_SCATTER, LaunchShapes.gridFor(n, LaunchShapes.BLOCK, sm), LaunchShapes.BLOCK, s,
                        sorted.at(4 * p.digitsAt(w)), n, base, lo, hi, cursors.at(4L * set * p.buckets()),
                        sorted.at(4 * set * p.region()));
            }
        }
        mark(SCATTER, s);
        Launch.kernel(device, Kernel.MSM_SLOT_BUCKETS, LaunchShapes.gridFor(p.bucketCount(), LaunchShapes.BLOCK, sm),
                LaunchShapes.BLOCK, s, starts, counts, p.buckets(), sets, p.chunk(), p.slotsPerSet(),
                (int) (curve.xyzzBytes / 4), slotFirst, sums);
        Launch.kernel(device, curve.accumulate, LaunchShapes.gridFor(p.slotCount(), CURVE_BLOCK, sm), CURVE_BLOCK, s,
                points, sorted, starts, counts, slotFirst, region, p.buckets(), sets, p.chunk(), p.slotsPerSet(),
                sums, slotHeads, slotTails, slotTailBucket);
        Launch.kernel(device, curve.accumulateFixup, LaunchShapes.gridFor(p.slotCount(), CURVE_BLOCK, sm), CURVE_BLOCK, s,
                starts, counts, slotHeads, slotTails, slotTailBucket, p.buckets(), sets, p.chunk(), p.slotsPerSet(),
                sums);
        mark(ACCUMULATE, s);
    }

    /** The reduction of {@link #bucketSums}; returns the buffer holding the window (set) sums. */
    private DeviceBuffer enqueueReduction(MsmPlan p, GpuStream s) {
        int sm = device.multiprocessors;
        int sets = p.sets();
        Launch.kernel(device, curve.reduceSegments, LaunchShapes.gridFor(p.runs(), CURVE_BLOCK, sm), CURVE_BLOCK, s,
                bucketSums, p.buckets(), sets, p.segment(), partialsA);
        DeviceBuffer in = partialsA, next = partialsB;
        for (int items = p.runsPerSet(); items > 1; ) {
            int group = Math.min(MsmPlan.REDUCTION_GROUP, items);
            Launch.kernel(device, curve.reduceLevel, LaunchShapes.gridFor(2L * items / group * sets, CURVE_BLOCK, sm),
                    CURVE_BLOCK, s, in, items, sets, group, next);
            DeviceBuffer t = in;
            in = next;
            next = t;
            items /= group;
        }
        mark(REDUCE, s);
        return in;
    }

    /**
     * Points resident on the device (with p.copies() > 1: their copies, {@link G1ShiftedBases#buffer}),
     * scalars uploaded from pinned host memory in {@link MsmPlan#uploadParts} parts, the first
     * {@link MsmPlan#firstBatchParts} of them a batch of their own; the Jacobian result.
     */
    public long[] run(DeviceBuffer points, PinnedHostBuffer scalars, MsmPlan p, GpuStream s) {
        int parts = p.uploadParts();
        int first = p.firstBatchParts(curve);
        return run(points, scalars, p, s, parts, first == parts ? new int[] {0, parts} : new int[] {0, first, parts});
    }

    /**
     * As above in the given number of parts (1 to n) and batches of consecutive parts, batch b
     * holding parts [bounds[b], bounds[b + 1]) (bounds rising from 0 to parts), so that tests cover
     * any split. The parts are copied one after another on a stream of their own, and the histogram
     * of each is enqueued as soon as it has arrived. A batch's points are sorted into buckets and
     * accumulated as soon as its parts' histograms are done, while the later parts are still being
     * copied; the buckets of every batch after the first are merged into the first's, and the
     * reduction runs once.
     */
    long[] run(DeviceBuffer points, PinnedHostBuffer scalars, MsmPlan p, GpuStream s, int parts, int[] bounds) {
        int n = p.n();
        int batches = bounds.length - 1;
        boolean rising = batches >= 1 && bounds[0] == 0 && bounds[batches] == parts;
        for (int b = 0; rising && b < batches; b++) {
            rising = bounds[b] < bounds[b + 1];
        }
        if (parts < 1 || parts > n || !rising) {
            throw new IllegalArgumentException("an upload of " + n + " scalars in " + parts + " parts and batches from parts "
                    + Arrays.toString(bounds));
        }
        scalarStage = ensure(device, scalarStage, 32L * n);
        checkSizes(points.bytes, scalarStage.bytes, p);
        MsmPlan[] plans = new MsmPlan[batches];
        for (int b = 0; b < batches; b++) {
            plans[b] = batches == 1 ? p : p.batch(p.partStart(bounds[b + 1], parts) - p.partStart(bounds[b], parts));
            reserve(plans[b]);
        }
        if (batches > 1) {
            batchSums = ensure(device, batchSums, p.bucketBytes(curve));
        }
        reserveResult();
        prepareUploads(parts);
        startMarks(s);
        // The copies wait for the earlier work on s, which may still read the stage.
        begun.record(s);
        uploads.waitFor(begun);
        for (int i = 0; i < parts; i++) {
            int lo = p.partStart(i, parts), hi = p.partStart(i + 1, parts);
            scalars.copyTo(32L * lo, scalarStage, 32L * lo, 32L * (hi - lo), uploads);
            arrived[i].record(uploads);
        }
        for (int b = 0; b < batches; b++) {
            int origin = p.partStart(bounds[b], parts);
            CUdeviceptr batchScalars = scalarStage.at(32L * origin);
            counts.fill32(0, s);
            for (int i = bounds[b]; i < bounds[b + 1]; i++) {
                s.waitFor(arrived[i]);
                mark(UPLOAD, s);
                histogram(batchScalars, plans[b], p.partStart(i, parts) - origin, p.partStart(i + 1, parts) - origin, s);
                mark(HISTOGRAM, s);
            }
            enqueueFromScan(points.pointer(), plans[b], n, origin, b == 0 ? bucketSums : batchSums, s);
            if (b > 0) {
                Launch.kernel(device, curve.mergeBuckets, LaunchShapes.gridFor(p.bucketCount(), CURVE_BLOCK, device.multiprocessors),
                        CURVE_BLOCK, s, bucketSums, batchSums, p.bucketCount());
                mark(MERGE, s);
            }
        }
        return combine(enqueueReduction(p, s), p, s);
    }

    private void prepareUploads(int parts) {
        if (uploads == null) {
            uploads = device.newStream();
            begun = new GpuEvent(device);
        }
        if (arrived.length < parts) {
            GpuEvent[] grown = Arrays.copyOf(arrived, parts);
            for (int i = arrived.length; i < parts; i++) {
                grown[i] = new GpuEvent(device);
            }
            arrived = grown;
        }
    }

    /** Host arrays in (affine points, Montgomery scalars), Jacobian out. */
    public long[] run(long[] affinePoints, long[] scalars) {
        int n = scalars.length / 4;
        if (scalars.length != 4 * n || affinePoints.length != (long) curve.affineLongs * n || n == 0) {
            throw new IllegalArgumentException(curve + " MSM needs " + curve.affineLongs + " longs per point and 4 per scalar; got "
                    + affinePoints.length + " and " + scalars.length);
        }
        try (GpuStream s = device.newStream(); DeviceBuffer dp = device.allocate(curve.affineBytes() * n);
             DeviceBuffer ds = device.allocate(32L * n)) {
            dp.upload(affinePoints);
            ds.upload(scalars);
            return runOnDevice(dp, ds, MsmPlan.forSize(n, curve), s);
        }
    }

    /** Points and scalars on the device; the Jacobian result. */
    public long[] runOnDevice(DeviceBuffer points, DeviceBuffer scalars, MsmPlan p, GpuStream s) {
        reserveResult();
        return combine(enqueueToWindows(points.pointer(), points.bytes, scalars.pointer(), scalars.bytes, p, s), p, s);
    }

    /** The result's device and host buffers, allocated before any work is enqueued, since allocations may synchronize. */
    private void reserveResult() {
        if (result == null) {
            result = device.allocate(8L * curve.jacobianLongs);
            resultHost = new PinnedHostBuffer(device, 8L * curve.jacobianLongs);
        }
    }

    /** Combines the window (set) sums on the device after the work on s; the Jacobian result. */
    private long[] combine(DeviceBuffer sums, MsmPlan p, GpuStream s) {
        Launch.kernel(device, curve.combine, 1, 32, s, sums, p.sets(), p.setShift(), result);
        resultHost.copyFrom(result, 0, 0, 8L * curve.jacobianLongs, s);
        mark(COMBINE, s);
        s.synchronize();
        long[] jacobian = new long[curve.jacobianLongs];
        resultHost.get(0, jacobian, 0, jacobian.length);
        return jacobian;
    }

    @Override
    public void close() {
        if (marks != null) {
            for (GpuEvent e : marks) {
                e.close();
            }
        }
        for (GpuEvent e : arrived) {
            e.close();
        }
        if (begun != null) {
            begun.close();
            uploads.close();
        }
        for (DeviceBuffer b : new DeviceBuffer[] {counts, starts, cursors, scanTiles, sorted, bucketSums, batchSums, partialsA, partialsB, scalarStage,
                slotFirst, slotTailBucket, slotHeads, slotTails}) {
            if (b != null) {
                b.close();
            }
        }
        if (result != null) {
            result.close();
            resultHost.close();
        }
    }
}
