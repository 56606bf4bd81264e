package io.c2spark.gpu.setup;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

import io.c2spark.core.groth16.ParameterSection;
import io.c2spark.core.groth16.ParameterGenerator.ToxicWaste;
import io.c2spark.core.ntt.EvaluationDomain;
import io.c2spark.gpu.msm.Curve;
import io.c2spark.gpu.runtime.DeviceBuffer;
import io.c2spark.gpu.msm.FixedBaseTable;
import io.c2spark.gpu.runtime.GpuDevice;
import io.c2spark.gpu.runtime.GpuEvent;
import io.c2spark.gpu.runtime.GpuStream;
import io.c2spark.gpu.runtime.PinnedHostBuffer;
import io.c2spark.gpu.r1cs.R1csDeviceShape;

/**
 * Groth16 parameters made on the device, handed out as the bytes of bellperson's files: the
 * queries other than the verifying key's six points (which the host makes), section by section in
 * the .params file's order (IC, which the .vk holds too, then h, l, a, b_g1, b_g2), each a run of
 * zcash uncompressed encodings in chunks. The values are prover-core ParameterGenerator's for the
 * same shape and toxic waste, bit for bit.
 *
 * <p>{@link #prepare} runs the scalar work: the powers of tau and the Lagrange coefficients
 * ({@link PowersOfTau}), the QAP at tau ({@link QapEvaluator}), the IC, L, a and b scalars
 * ({@link QueryScalars}, which refuses an unconstrained aux variable), and the G1 and G2
 * fixed-base tables. {@link #writeTo} then makes every point by fixed-base multiplication
 * ({@link FixedBaseEncoder}) a chunk at a time and hands each chunk to the sink while the device
 * makes the next: two pinned staging buffers, one event each.
 *
 * <p>The shape must hold bellperson's input constraints (x_i * 0 = 0, last), as ParameterGenerator
 * checks; the caller checks it on the host shape.
 *
 * <p>Device memory, beside the caller's shape S ({@link R1csDeviceShape#bytes()}), with m the domain,
 * V the variables, N the largest matrix's terms, A and B the a and b queries' points
 * ({@link #peakDeviceBytes}):
 * <ul>
 * <li>powers and Lagrange: 96 m (the coefficients, the NTT's twiddles and scratch);
 * <li>QAP: 32 m + 96 V (u, v, w) + 12 V + 8 N + 16 N / 257 (one matrix's transposition);
 * <li>scalars: 96 V + 12 V + 32 A (u compacted while v, w live), then 32 (V + A + B);
 * <li>writing: 32 (V + A + B), the tables (50 + 101 MB at c = 16), one chunk of encodings, h
 * scalars and the tables' scratch: about 2.4 GB.
 * </ul>
 * For a 32GiB partition (m = 2^27, V = 130.2M, N = 309.4M, S = 7.3 GB) the peak is the QAP's,
 * about 28 GB with S; 64GiB's is within 0.3 GB of it.
 */
public final class DeviceParameterGenerator implements AutoCloseable {
    /** Receives the sections' bytes in file order. */
    @FunctionalInterface
    public interface ChunkSink {
        /**
         * The encodings of points [firstPoint, firstPoint + points) of the section, 96 or 192 bytes
         * each: a little-endian view of pinned memory (position 0, limit the chunk's bytes), valid
         * only until the call returns.
         */
        void accept(ParameterSection section, long firstPoint, int points, ByteBuffer bytes) throws IOException;
    }

    /** G1 points per chunk: 805 MB of encodings, within one pinned segment. */
    public static final int G1_CHUNK = 1 << 23;
    /** G2 points per chunk: as many bytes as a G1 chunk. */
    public static final int G2_CHUNK = 1 << 22;
    /** The fixed-base window: 16 mixed additions per point. */
    public static final int WINDOW = FixedBaseTable.DEFAULT_WINDOW;

    private final GpuDevice device;
    private final GpuStream stream;
    private final PowersOfTau powers;
    private final QueryScalars scalars;
    private final FixedBaseEncoder g1;
    private final FixedBaseEncoder g2;
    private final long[] points = new long[ParameterSection.values().length];
    private final int g1Chunk;
    private final int g2Chunk;
    private final Consumer<String> progress;

    private DeviceParameterGenerator(GpuDevice device, GpuStream stream, PowersOfTau powers, QueryScalars scalars,
            FixedBaseEncoder g1, FixedBaseEncoder g2, int g1Chunk, int g2Chunk, Consumer<String> progress) {
        this.device = device;
        this.stream = stream;
        this.powers = powers;
        this.scalars = scalars;
        this.g1 = g1;
        this.g2 = g2;
        this.g1Chunk = g1Chunk;
        this.g2Chunk = g2Chunk;
        this.progress = progress;
        points[ParameterSection.IC.ordinal()] = scalars.inputs;
        points[ParameterSection.H.ordinal()] = powers.m - 1;
        points[ParameterSection.L.ordinal()] = scalars.aux;
        points[ParameterSection.A.ordinal()] = scalars.aCount;
        points[ParameterSection.B_G1.ordinal()] = scalars.bCount;
        points[ParameterSection.B_G2.ordinal()] = scalars.bCount;
    }

    /**
     * Runs the scalar work for the shape on the device and builds the tables; each finished phase
     * is reported to progress with its wall time. Throws IllegalArgumentException for an
     * unconstrained aux variable (naming it) or a zero gamma or delta.
     */
    public static DeviceParameterGenerator prepare(GpuDevice device, R1csDeviceShape shape, CircuitVariables variables,
            ToxicWaste tw, Consumer<String> progress) {
        return prepare(device, shape, variables, tw, progress, G1_CHUNK, G2_CHUNK);
    }

    /** With other chunk sizes (tests cross chunk boundaries on small circuits). */
    static DeviceParameterGenerator prepare(GpuDevice device, R1csDeviceShape shape, CircuitVariables variables, ToxicWaste tw,
            Consumer<String> progress, int g1Chunk, int g2Chunk) {
        if (g1Chunk < 1 || g2Chunk < 1 || 96L * g1Chunk > PinnedHostBuffer.SEGMENT_BYTES || 192L * g2Chunk > PinnedHostBuffer.SEGMENT_BYTES) {
            throw new IllegalArgumentException("chunks of " + g1Chunk + " G1 and " + g2Chunk + " G2 points do not fit a pinned segment");
        }
        Lap lap = new Lap(progress);
        int lgM = EvaluationDomain.logSizeFor(shape.rows);
        GpuStream s = device.newStream();
        PowersOfTau powers = null;
        QueryScalars scalars = null;
        FixedBaseEncoder g1 = null;
        FixedBaseEncoder g2 = null;
        try {
            powers = new PowersOfTau(device, tw.tau(), tw.delta(), lgM);
            QapValues qap;
            try (DeviceBuffer lagrange = powers.lagrange(true, s)) {
                lap.done("powers of tau, Lagrange coefficients (m = 2^" + lgM + ")");
                try (QapEvaluator evaluator = new QapEvaluator(device, shape, variables)) {
                    qap = evaluator.evaluate(lagrange, s);
                }
            }
            lap.done(String.format("u, v, w at tau (%,d variables)", variables.count()));
            scalars = QueryScalars.of(device, qap, variables.inputs(), tw, s);
            lap.done(String.format("IC/L scalars; a: %,d, b: %,d non-zero", scalars.aCount, scalars.bCount));
            g1 = FixedBaseEncoder.of(device, Curve.G1, tw.g1(), WINDOW, s);
            g2 = FixedBaseEncoder.of(device, Curve.G2, tw.g2(), WINDOW, s);
            s.synchronize();
            lap.done("fixed-base tables (window " + WINDOW + ")");
            return new DeviceParameterGenerator(device, s, powers, scalars, g1, g2, g1Chunk, g2Chunk, progress);
        } catch (RuntimeException | Error e) {
            // None of these throws on closing (device frees are checked quietly).
            if (g2 != null) {
                g2.close();
            }
            if (g1 != null) {
                g1.close();
            }
            if (scalars != null) {
                scalars.close();
            }
            if (powers != null) {
                powers.close();
            }
            s.close();
            throw e;
        }
    }

    /** Points of the section: IC the inputs, h m - 1, l the aux variables, a and b the non-zero u_j and v_j. */
    public long points(ParameterSection section) {
        return points[section.ordinal()];
    }

    /** A chunk of a section: points [first, first + count). */
    private record Chunk(ParameterSection section, long first, int count) {
        long bytes() {
            return (long) count * section.pointBytes();
        }
    }

    private List<Chunk> chunks() {
        List<Chunk> out = new ArrayList<>();
        for (ParameterSection sec : ParameterSection.values()) {
            int step = sec.isG2() ? g2Chunk : g1Chunk;
            for (long first = 0; first < points(sec); first += step) {
                out.add(new Chunk(sec, first, (int) Math.min(step, points(sec) - first)));
            }
        }
        return out;
    }

    /**
     * Makes every section's points and hands their encodings to sink in file order, the device
     * making chunk i + 1 while the sink takes chunk i. Reports each section's wall time to the
     * progress consumer, with how long the host waited for the device and how long the sink took.
     * May be called again (the same bytes again). A sink's exception ends the run and reaches the
     * caller once the device is idle.
     */
    public void writeTo(ChunkSink sink) throws IOException {
        List<Chunk> chunks = chunks();
        if (chunks.isEmpty()) {
            return;
        }
        long staging = chunks.stream().mapToLong(Chunk::bytes).max().getAsLong();
        long hChunk = Math.max(1, Math.min(g1Chunk, points(ParameterSection.H)));
        try (PinnedHostBuffer p0 = new PinnedHostBuffer(device, staging); PinnedHostBuffer p1 = new PinnedHostBuffer(device, staging);
             DeviceBuffer out = device.allocate(staging); DeviceBuffer hScalars = device.allocate(32 * hChunk);
             GpuEvent e0 = new GpuEvent(device); GpuEvent e1 = new GpuEvent(device)) {
            PinnedHostBuffer[] pinned = {p0, p1};
            GpuEvent[] ready = {e0, e1};
            // Started here so that the staging buffers' allocation (pinned memory allocates slowly) is not charged to the first section.
            SectionClock clock = new SectionClock(progress);
            Throwable failure = null;
            try {
                for (int k = 0; k <= chunks.size(); k++) {
                    if (k < chunks.size()) {
                        Chunk c = chunks.get(k);
                        enqueue(c, out, hScalars);
                        pinned[k % 2].copyFrom(out, 0, 0, c.bytes(), stream);
                        ready[k % 2].record(stream);
                    }
                    if (k > 0) {
                        Chunk c = chunks.get(k - 1);
                        int slot = (k - 1) % 2;
                        clock.waiting(() -> ready[slot].synchronize());
                        clock.sink(() -> sink.accept(c.section, c.first, c.count, pinned[slot].window(0, (int) c.bytes())));
                        if (c.first + c.count == points(c.section)) {
                            clock.sectionDone(c.section, points(c.section));
                        }
                    }
                }
            } catch (IOException | RuntimeException | Error e) {
                failure = e;
                throw e;
            } finally {
                // Pending copies write into the pinned buffers: let them land before those are freed.
                try {
                    stream.synchronize();
                } catch (RuntimeException e) {
                    if (failure == null) {
                        throw e;
                    }
                    failure.addSuppressed(e);
                }
            }
        }
    }

    /** Enqueues chunk c's encodings into out. */
    private void enqueue(Chunk c, DeviceBuffer out, DeviceBuffer hScalars) {
        switch (c.section) {
            case IC -> g1.enqueue(scalars.ext, c.first, c.count, out, stream);
            case H -> {
                powers.enqueueHScalars(c.first, c.count, hScalars, stream);
                g1.enqueue(hScalars, 0, c.count, out, stream);
            }
            case L -> g1.enqueue(scalars.ext, scalars.inputs + c.first, c.count, out, stream);
            case A -> g1.enqueue(scalars.a, c.first, c.count, out, stream);
            case B_G1 -> g1.enqueue(scalars.b, c.first, c.count, out, stream);
            case B_G2 -> g2.enqueue(scalars.b, c.first, c.count, out, stream);
        }
    }

    /**
     * The device bytes that generation peaks at beside the shape, for m = 2^lgM, the variables and
     * the largest matrix's terms, with the a and b queries taken as large as the variables: the
     * plan of the class comment, an upper bound.
     */
    public static long peakDeviceBytes(int lgM, long variables, long maxNonZeros) {
        long m = 1L << lgM;
        long lagrange = PowersOfTau.lagrangeWorkBytes(lgM, true) + 32 * m;
        long qap = 32 * m + 96 * variables + QapEvaluator.workBytes(variables, maxNonZeros);
        long compaction = 96 * variables + 12 * variables + 32 * variables;
        long writing = 32 * 3 * variables + writingWorkBytes();
        return Math.max(Math.max(lagrange, qap), Math.max(compaction, writing));
    }

    /** The tables, one chunk of encodings, a chunk of h scalars and the tables' scratch. */
    static long writingWorkBytes() {
        long tables = FixedBaseTable.bytes(Curve.G1, WINDOW) + FixedBaseTable.bytes(Curve.G2, WINDOW);
        long chunk = 96L * G1_CHUNK;
        long scratch = 96L * (1 << 22) + 192L * (1 << 22);
        return tables + chunk + 32L * G1_CHUNK + scratch;
    }

    @Override
    public void close() {
        g2.close();
        g1.close();
        scalars.close();
        powers.close();
        stream.close();
    }

    /** Wall time per phase of prepare. */
    private static final class Lap {
        private final Consumer<String> progress;
        private long last = System.nanoTime();

        Lap(Consumer<String> progress) {
            this.progress = progress;
        }

        void done(String phase) {
            long now = System.nanoTime();
            progress.accept(String.format("[gpu params] %-58s %8.2f s", phase, (now - last) / 1e9));
            last = now;
        }
    }

    /** Per section of writeTo: the wall time, the time waiting for the device and the time in the sink. */
    private static final class SectionClock {
        interface Step {
            void run() throws IOException;
        }

        private final Consumer<String> progress;
        private long start = System.nanoTime();
        private long waited;
        private long sunk;

        SectionClock(Consumer<String> progress) {
            this.progress = progress;
        }

        void waiting(Step step) throws IOException {
            long t = System.nanoTime();
            step.run();
            waited += System.nanoTime() - t;
        }

        void sink(Step step) throws IOException {
            long t = System.nanoTime();
            step.run();
            sunk += System.nanoTime() - t;
        }

        void sectionDone(ParameterSection s, long points) {
            long now = System.nanoTime();
            progress.accept(String.format("[gpu params] %-6s %,13d %s points %8.2f s (waiting for the device %.2f s, in the sink %.2f s)",
                    s.label(), points, s.isG2() ? "G2" : "G1", (now - start) / 1e9, waited / 1e9, sunk / 1e9));
            start = now;
            waited = 0;
            sunk = 0;
        }
    }
}
