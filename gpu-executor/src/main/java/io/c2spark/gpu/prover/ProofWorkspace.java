package io.c2spark.gpu.prover;

import io.c2spark.core.groth16.ParameterFileException;
import io.c2spark.core.groth16.ParameterSource;
import io.c2spark.core.r1cs.Witness;
import io.c2spark.gpu.msm.BatchAdd;
import io.c2spark.gpu.msm.Curve;
import io.c2spark.gpu.runtime.DeviceBuffer;
import io.c2spark.gpu.field.FieldKernels;
import io.c2spark.gpu.runtime.GpuDevice;
import io.c2spark.gpu.runtime.GpuEvent;
import io.c2spark.gpu.runtime.GpuStream;
import io.c2spark.gpu.runtime.Kernel;
import io.c2spark.gpu.runtime.Launch;
import io.c2spark.gpu.runtime.LaunchShapes;
import io.c2spark.gpu.msm.Msm;
import io.c2spark.gpu.ntt.Ntt;
import io.c2spark.gpu.runtime.PinnedHostBuffer;
import io.c2spark.gpu.r1cs.R1csDeviceShape.Matrix;
import io.c2spark.gpu.coordinator.VramLedger;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import jcuda.driver.CUdeviceptr;

import io.c2spark.core.r1cs.Witness;
import io.c2spark.gpu.coordinator.VramLedger;
import io.c2spark.gpu.field.FieldKernels;
import io.c2spark.gpu.msm.BatchAdd;
import io.c2spark.gpu.msm.Curve;
import io.c2spark.gpu.msm.Msm;
import io.c2spark.gpu.ntt.Ntt;
import io.c2spark.gpu.r1cs.R1csDeviceShape.Matrix;
import io.c2spark.gpu.runtime.DeviceBuffer;
import io.c2spark.gpu.runtime.GpuDevice;
import io.c2spark.gpu.runtime.GpuEvent;
import io.c2spark.gpu.runtime.GpuStream;
import io.c2spark.gpu.runtime.Kernel;
import io.c2spark.gpu.runtime.Launch;
import io.c2spark.gpu.runtime.LaunchShapes;
import io.c2spark.gpu.runtime.PinnedHostBuffer;

/**
 * The working set of one proof in flight on one device (a coordinator slot's): pinned host memory
 * for the staged input ({@link StagingLayout}) and the sums, device memory for the staged input,
 * a, b, c and the MSM and batch-addition workspaces (lane 0's G1 MSM workspace doubles as the NTTs'
 * scratch buffer). Everything is allocated in the constructor; a proof then runs in four steps that
 * allocate nothing and never synchronize the device:
 * <ol>
 * <li>{@link #stage}: the witness and what is picked from it written into pinned memory (CPU);
 * <li>{@link #enqueueUpload}: one asynchronous copy to the device;
 * <li>{@link #enqueueCompute}: a, b, c by SpMV, h by NTTs, the A and B selection bitmaps, then
 * the steps of {@link ProofPlan} (MSMs and batch additions), and the copy of the sums to pinned
 * memory;
 * <li>{@link #sums}, once that work has completed: the five query sums (the MSMs' windows are
 * combined here, on the CPU, outside the compute lock).
 * </ol>
 * With resident parameters the steps run on {@link ProofPlan#LANES} streams at once (the compute
 * stream and three more of the workspace's, forked from it after the selection bitmaps and joined
 * back before the read-back), each lane with its own MSM and batch-addition workspaces: the small
 * MSMs' bucket reductions keep few threads busy, and the h MSM fills the device beside them.
 * With streamed parameters ({@link DeviceProvingKey#mode}) each step covers one chunk of points;
 * a step over a query reads its chunk from the key's source (the .params file) into one of two
 * pinned staging buffers ({@link PointStaging}), and the copy stream uploads it into one of two
 * chunk buffers and decodes it there while the compute stream runs the previous step on the
 * other: events order each upload after the step that last read its buffer and each step after
 * its upload. The tail bases stay on the device. The reads belong to the compute phase (they feed
 * its kernels step by step), so they are made while the kernels are enqueued; a point that the
 * decoding refuses (the file changed since the key was loaded) fails the proof in {@link #sums}.
 */
public final class ProofWorkspace implements AutoCloseable {
    private final DeviceProvingKey key;
    private final StagingLayout staging;
    private final ProofPlan plan;
    private final List<ProofPlan.Step> steps;
    private final PinnedHostBuffer staged;
    private final PinnedHostBuffer sumsHost;
    private final DeviceBuffer input;
    private final DeviceBuffer a, b, c;
    /** The A and B selection bitmaps, made from the uploaded aux bitmap on the device. */
    private final DeviceBuffer aBits, bBits;
    private final DeviceBuffer sums;
    private final Lane[] lanes;
    /** Recorded on the compute stream where the lanes fork. */
    private final GpuEvent fork;
    private final FieldKernels field;
    /** Streamed mode: the two chunk buffers, and per buffer an event after its copy and one after its step. */
    private final DeviceBuffer[] chunks;
    private final GpuEvent[] loaded, consumed;
    /** Streamed mode: the staging buffers of the reads, the decoding's flag words and their read-back. */
    private final PointStaging pointStaging;
    private final DeviceBuffer decodeFlags;
    private final PinnedHostBuffer decodeFlagsHost;
    /** The steps whose points are read from the source, in order. */
    private final int[] loads;
    /** When profiling: on the compute stream, before and after each phase of {@link #PHASES}. */
    private GpuEvent[] marks;
    /** When profiling: on its lane's stream, before and after each step. */
    private GpuEvent[] stepStarts, stepEnds;
    private static final String[] PHASES = {"spmv a, b, c", "ntt a to coefficients", "ntt a onto the coset",
        "ntt b to coefficients", "ntt b onto the coset", "ntt c to coefficients", "ntt c onto the coset",
        "quotient (a b - c) / z on the coset", "ntt h to coefficients", "selection bitmaps", "all sums (lanes at once)",
        "read-back"};
    /** The phase of {@link #PHASES} that the steps make up. */
    private static final int SUMS_PHASE = 10;

    /**
     * One stream's share of the steps, with its own workspaces; lane 0 runs on the compute stream,
     * the others on streams of their own that join it back through their done events.
     */
    private static final class Lane implements AutoCloseable {
        final GpuStream stream;
        final GpuEvent done;
        final Msm g1Msm, g2Msm;
        final BatchAdd g1Batch, g2Batch;

        Lane(GpuDevice device, boolean ownStream) {
            this.stream = ownStream ? device.newStream() : null;
            this.done = ownStream ? new GpuEvent(device) : null;
            this.g1Msm = new Msm(device, Curve.G1);
            this.g2Msm = new Msm(device, Curve.G2);
            this.g1Batch = new BatchAdd(device, Curve.G1);
            this.g2Batch = new BatchAdd(device, Curve.G2);
        }

        GpuStream stream(GpuStream compute) {
            return stream == null ? compute : stream;
        }

        @Override
        public void close() {
            g1Msm.close();
            g2Msm.close();
            g1Batch.close();
            g2Batch.close();
            if (stream != null) {
                stream.close();
                done.close();
            }
        }
    }

    public ProofWorkspace(DeviceProvingKey key) {
        this.key = key;
        GpuDevice device = key.device;
        this.staging = new StagingLayout(key.layout);
        this.plan = new ProofPlan(key.layout, staging, key.domainSize, key.chunkBytes, key.hCopies);
        this.steps = plan.steps();
        this.staged = new PinnedHostBuffer(device, staging.bytes);
        this.sumsHost = new PinnedHostBuffer(device, plan.sumsBytes());
        this.input = device.allocate(staging.bytes);
        long m = key.domainSize;
        this.a = device.allocate(32 * m);
        this.b = device.allocate(32 * m);
        this.c = device.allocate(32 * m);
        this.aBits = device.allocate(4L * key.aSelection.selectionWords());
        this.bBits = device.allocate(4L * key.bSelection.selectionWords());
        this.sums = device.allocate(plan.sumsBytes());
        this.field = new FieldKernels(device);
        boolean streamed = key.mode == VramLedger.Mode.STREAMED;
        this.lanes = new Lane[steps.stream().mapToInt(ProofPlan.Step::lane).max().orElse(0) + 1];
        for (int i = 0; i < lanes.length; i++) {
            lanes[i] = new Lane(device, i > 0);
        }
        this.fork = new GpuEvent(device);
        // Workspaces sized for every step now, so that no proof allocates.
        long chunkBytes = 0;
        this.loads = java.util.stream.IntStream.range(0, steps.size()).filter(i -> key.streams(steps.get(i).points()))
                .toArray();
        for (ProofPlan.Step st : steps) {
            Lane lane = lanes[st.lane()];
            boolean g1 = st.points().curve == Curve.G1;
            if (st.kind() == ProofPlan.Kind.MSM) {
                (g1 ? lane.g1Msm : lane.g2Msm).reserve(st.msm());
            } else {
                (g1 ? lane.g1Batch : lane.g2Batch).reserve(st.n());
            }
            if (key.streams(st.points())) {
                chunkBytes = Math.max(chunkBytes, st.points().curve.affineBytes() * st.n());
            }
        }
        nttScratch();
        this.pointStaging = streamed ? new PointStaging(device, Math.max(256, chunkBytes)) : null;
        this.decodeFlags = streamed ? device.allocate(256) : null;
        this.decodeFlagsHost = streamed ? new PinnedHostBuffer(device, ParamsDecoding.FLAG_BYTES) : null;
        this.chunks = new DeviceBuffer[streamed ? 2 : 0];
        this.loaded = new GpuEvent[chunks.length];
        this.consumed = new GpuEvent[chunks.length];
        for (int i = 0; i < chunks.length; i++) {
            chunks[i] = device.allocate(Math.max(256, chunkBytes));
            loaded[i] = new GpuEvent(device);
            consumed[i] = new GpuEvent(device);
        }
    }

    /**
     * The NTTs' scratch buffer ({@link Ntt#scratchBytes}): lane 0's G1 MSM workspace, grown if need
     * be (the constructor sizes it, so that a proof allocates nothing). a, b and c each hold their
     * vector until the quotient, so no buffer of the workspace's own is free during the NTTs; the
     * MSM workspaces are, and lane 0 runs on the compute stream, so its MSMs (of this proof and of
     * the one before) are ordered with the NTTs.
     */
    private DeviceBuffer nttScratch() {
        return lanes[0].g1Msm.scratchBetweenRuns(Ntt.scratchBytes(key.ntt.domain.lgN));
    }

    /** Device bytes of the two chunk buffers of streamed mode, for steps of at most chunkBytes of points. */
    static long chunkBufferBytes(long chunkBytes) {
        return 2 * Math.max(256, chunkBytes);
    }

    /**
     * Records device events around the phases of the following proofs (SpMV, each NTT, the
     * quotient, the selection bitmaps, all sums, the read-back) and around each step on its lane,
     * for {@link #phaseMillis}. Creates events, so call it at start-up, never while other workers
     * run.
     */
    public void enableProfiling() {
        if (marks == null) {
            marks = events(PHASES.length + 1);
            stepStarts = events(steps.size());
            stepEnds = events(steps.size());
        }
    }

    /** Whether {@link #enableProfiling} was called. */
    public boolean profiling() {
        return marks != null;
    }

    private GpuEvent[] events(int n) {
        GpuEvent[] e = new GpuEvent[n];
        for (int i = 0; i < n; i++) {
            e[i] = new GpuEvent(key.device);
        }
        return e;
    }

    private void mark(int i, GpuStream s) {
        if (marks != null) {
            marks[i].record(s);
        }
    }

    /** The key this workspace proves with (its sizes are the key's). */
    DeviceProvingKey key() {
        return key;
    }

    /**
     * Device milliseconds of each phase of the last profiled proof, by name, in order (waits for
     * it); each step follows the phase "all sums" under a name that starts with a space, since the
     * steps of different lanes overlap and do not add up to it.
     */
    public Map<String, Float> phaseMillis() {
        Map<String, Float> out = new LinkedHashMap<>();
        marks[marks.length - 1].synchronize();
        for (int i = 0; i < PHASES.length; i++) {
            out.put(PHASES[i], marks[i + 1].millisSince(marks[i]));
            if (i == SUMS_PHASE) {
                for (int j = 0; j < steps.size(); j++) {
                    ProofPlan.Step st = steps.get(j);
                    out.put(" " + (st.kind() == ProofPlan.Kind.MSM ? "msm " : "batch add ") + st.points().name().toLowerCase()
                            + " (" + st.n() + (st.first() > 0 ? " from " + st.first() : "") + "), lane " + st.lane(),
                            stepEnds[j].millisSince(stepStarts[j]));
                }
            }
        }
        return out;
    }

    /** CPU, no lock: writes the staged input of the witness into pinned memory. */
    public void stage(Witness w) {
        long[] image = staging.image(w);
        staged.put(0, image, 0, image.length);
    }

    /** Enqueues the upload of the staged input on the copy stream. */
    public void enqueueUpload(GpuStream copy) {
        staged.copyTo(0, input, 0, staging.bytes, copy);
    }

    private CUdeviceptr in(long offset) {
        return input.at(offset);
    }

    /**
     * Enqueues every kernel of the proof and the read-back of its sums on the compute stream s; in
     * streamed mode, the copies of the points on the copy stream.
     */
    public void enqueueCompute(GpuStream s, GpuStream copy) {
        DeviceProvingKey k = key;
        mark(0, s);
        for (DeviceBuffer v : new DeviceBuffer[] {a, b, c}) {
            v.fill32(0, s);
        }
        sums.fill32(0, s);
        for (Matrix m : Matrix.values()) {
            k.matrices.enqueueProduct(m, in(staging.inputsAt), in(staging.bitsAt), in(staging.tailAt),
                    m == Matrix.A ? a : m == Matrix.B ? b : c, s);
        }
        mark(1, s);
        DeviceBuffer nttScratch = nttScratch();
        // h as CpuProver.quotient computes it: each of a, b, c back to coefficients and onto the
        // coset, (a b - c) / Z there, then back to coefficients.
        int phase = 2;
        for (DeviceBuffer v : new DeviceBuffer[] {a, b, c}) {
            k.ntt.inverse(v, nttScratch, s);
            mark(phase++, s);
            k.ntt.cosetForward(v, nttScratch, s);
            mark(phase++, s);
        }
        field.quotientOnCoset(a, b, c, k.zInv, k.domainSize, s);
        mark(phase++, s);
        k.ntt.cosetInverse(a, nttScratch, s);
        mark(phase, s);
        select(k.aSelection, k.aDensity, k.aPrefix, aBits, s);
        select(k.bSelection, k.bDensity, k.bPrefix, bBits, s);
        mark(SUMS_PHASE, s);
        fork.record(s);
        for (int l = 1; l < lanes.length; l++) {
            lanes[l].stream.waitFor(fork);
        }
        if (loads.length > 0) {
            decodeFlags.fill32(0, copy);
            loadChunk(0, copy);
        }
        int load = 0;
        for (int i = 0; i < steps.size(); i++) {
            ProofPlan.Step st = steps.get(i);
            Lane lane = lanes[st.lane()];
            GpuStream ls = lane.stream(s);
            CUdeviceptr points;
            long pointBytes;
            boolean fromSource = load < loads.length && loads[load] == i;
            if (fromSource) {
                ls.waitFor(loaded[load % 2]);
                points = chunks[load % 2].pointer();
                pointBytes = chunks[load % 2].bytes;
            } else {
                DeviceBuffer all = k.devicePoints(st.points());
                points = all.at(st.pointOffset());
                pointBytes = all.bytes - st.pointOffset();
            }
            boolean g1 = st.points().curve == Curve.G1;
            CUdeviceptr out = sums.at(st.resultAt());
            DeviceBuffer source = switch (st.source()) {
                case STAGED -> input;
                case QUOTIENT -> a;
                case A_SELECTION -> aBits;
                case B_SELECTION -> bBits;
            };
            CUdeviceptr src = source.at(st.sourceOffset());
            long srcBytes = source.bytes - st.sourceOffset();
            if (stepStarts != null) {
                stepStarts[i].record(ls);
            }
            if (st.kind() == ProofPlan.Kind.MSM) {
                (g1 ? lane.g1Msm : lane.g2Msm).enqueueWindowSums(points, pointBytes, src, srcBytes, st.msm(), ls, out);
            } else {
                (g1 ? lane.g1Batch : lane.g2Batch).enqueue(points, pointBytes, src, srcBytes, st.n(), ls, out);
            }
            if (stepEnds != null) {
                stepEnds[i].record(ls);
            }
            if (fromSource) {
                consumed[load % 2].record(ls);
                load++;
                // The next chunk is read while this step runs.
                if (load < loads.length) {
                    loadChunk(load, copy);
                }
            }
        }
        for (int l = 1; l < lanes.length; l++) {
            lanes[l].done.record(lanes[l].stream);
            s.waitFor(lanes[l].done);
        }
        mark(SUMS_PHASE + 1, s);
        sumsHost.copyFrom(sums, 0, 0, plan.sumsBytes(), s);
        if (loads.length > 0) {
            // After every decoding: the compute stream has waited for each chunk's upload event.
            decodeFlagsHost.copyFrom(decodeFlags, 0, 0, ParamsDecoding.FLAG_BYTES, s);
        }
        mark(SUMS_PHASE + 2, s);
    }

    /**
     * Streamed mode: reads the points of the k-th step that reads the source into a staging buffer
     * and enqueues on the copy stream their upload into chunk buffer k % 2 and their decoding,
     * after the step that last read that buffer (the (k - 2)-th) has run.
     */
    private void loadChunk(int k, GpuStream copy) {
        ProofPlan.Step st = steps.get(loads[k]);
        if (k >= 2) {
            copy.waitFor(consumed[k % 2]);
        }
        ParameterSource.Query q = DeviceProvingKey.query(st.points());
        try {
            pointStaging.load(key.source, q, st.first(), st.n(), chunks[k % 2], 0, decodeFlags.at(ParamsDecoding.flagAt(q)), copy);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        loaded[k % 2].record(copy);
    }

    /** A query's selection bitmap from the uploaded aux bitmap (bitmap_select; out zeroed first). */
    private void select(DensitySelection sel, DeviceBuffer density, DeviceBuffer prefix, DeviceBuffer out, GpuStream s) {
        out.fill32(0, s);
        int words = sel.density().length;
        Launch.kernel(key.device, Kernel.BITMAP_SELECT, LaunchShapes.gridFor(words, LaunchShapes.BLOCK, key.device.multiprocessors),
                LaunchShapes.BLOCK, s, in(staging.bitsAt), density, prefix, words, sel.inputPoints(), out);
    }

    /**
     * The five query sums, once the compute stream's work has completed; refused when a streamed
     * chunk held a point that the decoding refused.
     */
    public ProofPlan.QuerySums sums() {
        if (loads.length > 0) {
            long[] flags = new long[ParameterSource.Query.values().length];
            decodeFlagsHost.get(0, flags, 0, flags.length);
            for (ParameterSource.Query q : ParameterSource.Query.values()) {
                String refusal = ParamsDecoding.refusal(q, flags[q.ordinal()]);
                if (refusal != null) {
                    throw new UncheckedIOException(new ParameterFileException(key.source.origin() + ": section " + q.section
                            + ", " + refusal + " (read during a proof; it passed when the key was loaded, so the file"
                            + " has changed since)"));
                }
            }
        }
        long[] all = new long[(int) (plan.sumsBytes() / 8)];
        sumsHost.get(0, all, 0, all.length);
        return plan.combine(all);
    }

    @Override
    public void close() {
        staged.close();
        sumsHost.close();
        for (DeviceBuffer d : new DeviceBuffer[] {input, a, b, c, aBits, bBits, sums}) {
            d.close();
        }
        for (int i = 0; i < chunks.length; i++) {
            chunks[i].close();
            loaded[i].close();
            consumed[i].close();
        }
        if (pointStaging != null) {
            pointStaging.close();
            decodeFlags.close();
            decodeFlagsHost.close();
        }
        for (Lane l : lanes) {
            l.close();
        }
        fork.close();
        if (marks != null) {
            for (GpuEvent[] es : new GpuEvent[][] {marks, stepStarts, stepEnds}) {
                for (GpuEvent e : es) {
                    e.close();
                }
            }
        }
    }
}
