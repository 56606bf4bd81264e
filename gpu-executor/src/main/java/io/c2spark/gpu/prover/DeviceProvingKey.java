package io.c2spark.gpu.prover;

import io.c2spark.core.curve.G1;
import io.c2spark.core.curve.G2;
import java.util.EnumMap;
import java.util.Map;
import io.c2spark.core.field.Fr;
import io.c2spark.core.groth16.ParameterFileException;
import io.c2spark.core.groth16.ParameterSource;
import io.c2spark.core.groth16.ParameterSource.Query;
import io.c2spark.core.groth16.QueryLayout;
import io.c2spark.core.groth16.VerifyingKey;
import io.c2spark.core.ntt.EvaluationDomain;
import io.c2spark.core.r1cs.R1csShape;
import io.c2spark.gpu.msm.Curve;
import io.c2spark.gpu.msm.G1ShiftedBases;
import io.c2spark.gpu.msm.MsmPlan;
import io.c2spark.gpu.runtime.DeviceBuffer;
import io.c2spark.gpu.ntt.FrDomain;
import io.c2spark.gpu.runtime.GpuDevice;
import io.c2spark.gpu.runtime.GpuStream;
import io.c2spark.gpu.ntt.Ntt;
import io.c2spark.gpu.runtime.PinnedHostBuffer;
import io.c2spark.gpu.r1cs.R1csDeviceShape;
import io.c2spark.gpu.coordinator.VramLedger;
import io.c2spark.gpu.msm.Curve;
import io.c2spark.gpu.ntt.Ntt;
import io.c2spark.gpu.r1cs.R1csDeviceShape;
import io.c2spark.gpu.runtime.DeviceBuffer;
import io.c2spark.gpu.runtime.GpuDevice;
import io.c2spark.gpu.runtime.GpuStream;
import io.c2spark.gpu.runtime.PinnedHostBuffer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.Map;

/**
 * What one circuit type needs on one device, loaded once and shared by every proof and slot: the
 * A, B, C matrices, the five parameter queries and the tail bases gathered from them
 * ({@link QueryLayout}), the A and B density tables ({@link DensitySelection}), the NTT tables of
 * the circuit's domain (coset tables included) and 1/Z on the coset. All of it is allocated and
 * uploaded here, at start-up; proofs only read it.
 *
 * <p>The points come from a {@link ParameterSource} (a .params file, never read whole into the
 * heap) in chunks, through two pinned staging buffers ({@link PointStaging}): each chunk is
 * uploaded as the file encodes it and decoded and checked on the device, where a bad point is
 * found by its index and refused with the file, the section and the reason. The tail bases are
 * gathered on the device from each decoded chunk. Then the queries are either resident in device
 * memory or, in streamed mode, read again from the source by each proof, chunk by chunk
 * ({@link #chunkBytes} each), while its MSMs run ({@link ProofWorkspace}); the tail bases are
 * resident in both modes. A resident key may hold the h points in several shifted copies
 * ({@link #hCopies}, {@link G1ShiftedBases}): they are loaded into the first copy of a buffer that
 * holds them all, and the others are made from it on the device once the query has been checked.
 */
public final class DeviceProvingKey implements AutoCloseable {
    /** Bytes of points per staged read while loading a resident key: large enough to keep the disk busy. */
    public static final long DEFAULT_LOAD_CHUNK_BYTES = 64L << 20;

    public final GpuDevice device;
    public final R1csShape shape;
    public final QueryLayout layout;
    public final VerifyingKey vk;
    /** Domain size m and its log. */
    public final int domainSize;
    final R1csDeviceShape matrices;
    final Ntt ntt;
    final DeviceBuffer zInv;
    /** Where the queries live: on the device, or read from the source per proof. */
    public final VramLedger.Mode mode;
    /** Bytes of points a proof reads per step in streamed mode ({@link ProofPlan#WHOLE} when resident). */
    public final long chunkBytes;
    /** Where the points come from; streamed proofs read it again. */
    final ParameterSource source;
    /** Copies of the h points on the device, the points themselves counted (1: no copies). */
    public final int hCopies;
    /** How long loading the points took. */
    public final LoadReport load;
    private final Map<ProofPlan.Points, DeviceBuffer> devicePoints = new EnumMap<>(ProofPlan.Points.class);
    /** The A and B selections: the host tables and their device copies (density words, prefixes). */
    final DensitySelection aSelection, bSelection;
    final DeviceBuffer aDensity, aPrefix, bDensity, bPrefix;

    /**
     * What loading the points cost: the bytes of points read and decoded, and the wall time; the h
     * points' copies made (the points themselves counted; 1: none) and the time that took.
     */
    public record LoadReport(long bytes, long nanos, int hCopies, long copyNanos) {
        public double gigabytesPerSecond() {
            return nanos == 0 ? 0 : bytes / (double) nanos;
        }

        public String describe() {
            return String.format("%.2f GB of points read and checked in %.1f s (%.2f GB/s)", bytes / 1e9, nanos / 1e9,
                    gigabytesPerSecond()) + (hCopies > 1 ? String.format(", %d copies of the h points made in %.1f s", hCopies,
                    copyNanos / 1e9) : "");
        }
    }

    /** With the points resident on the device. */
    public DeviceProvingKey(GpuDevice device, R1csShape shape, ParameterSource params) {
        this(device, shape, params, new QueryLayout(shape, params), VramLedger.Mode.RESIDENT, ProofPlan.WHOLE);
    }

    /**
     * With the points where mode says; in streamed mode each proof reads them in chunks of
     * chunkBytes (at most 1 GiB; two chunk buffers per slot on the device, two staging buffers in
     * pinned memory), and the load reads in chunks of that size too; a resident key loads in chunks
     * of {@link #DEFAULT_LOAD_CHUNK_BYTES}.
     */
    public DeviceProvingKey(GpuDevice device, R1csShape shape, ParameterSource params, QueryLayout layout, VramLedger.Mode mode,
            long chunkBytes) {
        this(device, shape, params, layout, mode, chunkBytes,
                mode == VramLedger.Mode.STREAMED ? chunkBytes : DEFAULT_LOAD_CHUNK_BYTES);
    }

    /** As above, loading in chunks of loadChunkBytes (at least one G2 point, at most 1 GiB). */
    public DeviceProvingKey(GpuDevice device, R1csShape shape, ParameterSource params, QueryLayout layout, VramLedger.Mode mode,
            long chunkBytes, long loadChunkBytes) {
        this(device, shape, params, layout, mode, chunkBytes, loadChunkBytes, 1);
    }

    /**
     * As above, with hCopies copies of the h points (resident mode only; those the plan of
     * {@link ProofPlan#msmPlan} uses, at most one per window of its MSM).
     */
    public DeviceProvingKey(GpuDevice device, R1csShape shape, ParameterSource params, QueryLayout layout, VramLedger.Mode mode,
            long chunkBytes, long loadChunkBytes, int hCopies) {
        if (mode == VramLedger.Mode.STREAMED && (chunkBytes < 32L * Curve.G2.affineBytes()
                || chunkBytes > PinnedHostBuffer.SEGMENT_BYTES)) {
            throw new IllegalArgumentException("streamed parameters need a chunk of 32 G2 points to 1 GiB, got " + chunkBytes
                    + " bytes");
        }
        if (loadChunkBytes < Curve.G2.affineBytes() || loadChunkBytes > PinnedHostBuffer.SEGMENT_BYTES) {
            throw new IllegalArgumentException("parameters load in chunks of one G2 point to 1 GiB, got " + loadChunkBytes
                    + " bytes");
        }
        if (hCopies < 1 || (hCopies > 1 && mode != VramLedger.Mode.RESIDENT)) {
            throw new IllegalArgumentException("copies of the h points are made of resident points, at least 1, got " + hCopies
                    + " with " + mode.name().toLowerCase() + " points");
        }
        this.device = device;
        this.shape = shape;
        this.layout = layout;
        this.mode = mode;
        this.chunkBytes = mode == VramLedger.Mode.STREAMED ? chunkBytes : ProofPlan.WHOLE;
        this.source = params;
        this.vk = params.vk();
        // Only the size: the CPU's EvaluationDomain would build twiddle tables of the whole domain
        // (gigabytes at 2^27) that the device computes for itself.
        int lgDomain = EvaluationDomain.logSizeFor(shape.numConstraints());
        this.domainSize = 1 << lgDomain;
        this.hCopies = hCopies;
        if (hCopies > 1 && hPlan(hCopies).copies() != hCopies) {
            throw new IllegalArgumentException("the h MSM's plan for " + hCopies + " copies uses " + hPlan(hCopies).copies());
        }
        layout.checkFits(params);
        if (params.count(Query.H) != domainSize - 1) {
            throw new IllegalArgumentException("parameters do not fit the circuit: query h has "
                    + params.count(Query.H) + " points, the domain needs " + (domainSize - 1));
        }
        if (G1.LAW.isIdentityAffine(vk.delta1(), 0) || G2.LAW.isIdentityAffine(vk.delta2(), 0)) {
            // bellperson: a zero delta would be a subversion of the parameters.
            throw new IllegalArgumentException(params.origin() + ": delta is at infinity");
        }
        this.aSelection = DensitySelection.of(shape.aAuxDensity(), shape.numAux(), layout.numInputs);
        this.bSelection = DensitySelection.of(shape.bAuxDensity(), shape.numAux(), layout.bInputCount);
        R1csDeviceShape m = null;
        Ntt n = null;
        DeviceBuffer[] tables = new DeviceBuffer[5];
        try {
            m = new R1csDeviceShape(device, shape);
            n = new Ntt(device, lgDomain);
            try (GpuStream s = device.newStream()) {
                n.prepareCosetTables(s);
                s.synchronize();
            }
            tables[0] = upload(zInverseOnCoset(lgDomain));
            tables[1] = upload(aSelection.density());
            tables[2] = upload(aSelection.prefix());
            tables[3] = upload(bSelection.density());
            tables[4] = upload(bSelection.prefix());
            long t0 = System.nanoTime();
            long[] copyNanos = new long[1];
            long bytes = loadPoints(loadChunkBytes, copyNanos);
            this.load = new LoadReport(bytes, System.nanoTime() - t0 - copyNanos[0], this.hCopies, copyNanos[0]);
        } catch (IOException e) {
            release(m, n, tables);
            throw new UncheckedIOException(e);
        } catch (RuntimeException | Error e) {
            release(m, n, tables);
            throw e;
        }
        this.matrices = m;
        this.ntt = n;
        this.zInv = tables[0];
        this.aDensity = tables[1];
        this.aPrefix = tables[2];
        this.bDensity = tables[3];
        this.bPrefix = tables[4];
    }

    /** The h MSM's plan with copies copies of its m - 1 points, as the proofs' ProofPlan makes it. */
    private MsmPlan hPlan(int copies) {
        return ProofPlan.msmPlan(ProofPlan.Points.H, domainSize - 1, ProofPlan.WHOLE, copies);
    }

    /** 1 / Z(g) for the domain of 2^lgDomain points: Z = x^m - 1 is the constant g^m - 1 on the coset g w^i. */
    static long[] zInverseOnCoset(int lgDomain) {
        long[] z = new long[Fr.LIMBS];
        Fr.pow(new FrDomain(lgDomain).generator, 0, new long[] {1L << lgDomain}, z, 0);
        Fr.sub(z, 0, Fr.FIELD.one(), 0, z, 0);
        Fr.inverse(z, 0, z, 0);
        return z;
    }

    /** The query a step's points come from, or null for the tail bases (gathered at load). */
    static Query query(ProofPlan.Points p) {
        return switch (p) {
            case H -> Query.H;
            case L -> Query.L;
            case A -> Query.A;
            case B_G1 -> Query.B_G1;
            case B_G2 -> Query.B_G2;
            case L_TAIL, A_TAIL, B1_TAIL, B2_TAIL -> null;
        };
    }

    /** Whether a proof reads these points from the source (streamed mode's queries) rather than the device. */
    boolean streams(ProofPlan.Points p) {
        return mode == VramLedger.Mode.STREAMED && query(p) != null;
    }

    /**
     * Reads every query from the source through the staging buffers in chunks of chunk bytes,
     * decoding each on the device (into its resident buffer, or a scratch chunk when streamed) and
     * gathering the tail bases from it; after each query, refuses it if a point was bad, and after
     * the h query makes its copies (their time to copyNanos[0]). Returns the bytes read.
     */
    private long loadPoints(long chunk, long[] copyNanos) throws IOException {
        boolean resident = mode == VramLedger.Mode.RESIDENT;
        Map<Query, DeviceBuffer> tails = new EnumMap<>(Query.class);
        Map<Query, int[]> tailPoints = new EnumMap<>(Query.class);
        tailPoints.put(Query.L, layout.lTailPoints());
        tailPoints.put(Query.A, layout.aTailPoints());
        tailPoints.put(Query.B_G1, layout.bTailPoints());
        tailPoints.put(Query.B_G2, layout.bTailPoints());
        tails.put(Query.L, tailBuffer(ProofPlan.Points.L_TAIL, layout.tailCount));
        tails.put(Query.A, tailBuffer(ProofPlan.Points.A_TAIL, layout.aTailCount()));
        tails.put(Query.B_G1, tailBuffer(ProofPlan.Points.B1_TAIL, layout.bTailCount()));
        tails.put(Query.B_G2, tailBuffer(ProofPlan.Points.B2_TAIL, layout.bTailCount()));
        long bytes = 0;
        try (GpuStream s = device.newStream(); PointStaging staging = new PointStaging(device, chunk);
             DeviceBuffer flags = device.allocate(256); PinnedHostBuffer flagsHost = new PinnedHostBuffer(device, 8);
             DeviceBuffer scratch = resident ? null : device.allocate(chunk);
             DeviceBuffer lIndex = uploadIndex(layout.lTailPoints()); DeviceBuffer aIndex = uploadIndex(layout.aTailPoints());
             DeviceBuffer bIndex = uploadIndex(layout.bTailPoints())) {
            Map<Query, DeviceBuffer> indices = Map.of(Query.L, lIndex, Query.A, aIndex, Query.B_G1, bIndex, Query.B_G2, bIndex);
            try {
                for (Query q : Query.values()) {
                    bytes += loadQuery(q, chunk, resident, staging, s, flags, flagsHost, scratch, tailPoints.get(q),
                            indices.get(q), tails.get(q));
                    if (q == Query.H && hCopies > 1) {
                        long t0 = System.nanoTime();
                        MsmPlan p = hPlan(hCopies);
                        G1ShiftedBases.fill(device, devicePoints.get(ProofPlan.Points.H), p.n(), p.windowBits(), p.copies(), s);
                        copyNanos[0] = System.nanoTime() - t0;
                    }
                }
            } catch (IOException | RuntimeException e) {
                // What was enqueued must be done before its buffers are freed.
                s.synchronize();
                throw e;
            }
        }
        return bytes;
    }

    /**
     * Loads one query in chunks (see {@link #loadPoints}), gathering the tail bases at tailPoints
     * (null for none) into tails; refuses the query if a point is bad. Returns the bytes read.
     */
    private long loadQuery(Query q, long chunk, boolean resident, PointStaging staging, GpuStream s, DeviceBuffer flags,
            PinnedHostBuffer flagsHost, DeviceBuffer scratch, int[] tailPoints, DeviceBuffer index, DeviceBuffer tails)
            throws IOException {
        int count = source.count(q);
        long len = q.encodedBytes();
        DeviceBuffer whole = null;
        if (resident) {
            // The h points with copies: the first copy of the buffer that holds them all.
            long bytes = q == Query.H && hCopies > 1 ? hPlan(hCopies).tableBytes(Curve.G1) : len * count;
            whole = device.allocate(Math.max(256, bytes));
            devicePoints.put(pointsOf(q), whole);
        }
        flags.fill32(0, s);
        long bytes = 0;
        int per = (int) (chunk / len);
        for (long first = 0; first < count; first += per) {
            int n = (int) Math.min(per, count - first);
            DeviceBuffer dst = resident ? whole : scratch;
            long at = resident ? first * len : 0;
            staging.load(source, q, first, n, dst, at, flags.pointer(), s);
            if (tailPoints != null) {
                int lo = lowerBound(tailPoints, first);
                int hi = lowerBound(tailPoints, first + n);
                ParamsDecoding.enqueueGather(device, dst.at(at), first, index.at(4L * lo), hi - lo, len, tails.at(lo * len), s);
            }
            bytes += n * len;
        }
        flagsHost.copyFrom(flags, 0, 0, 8, s);
        s.synchronize();
        long[] flag = new long[1];
        flagsHost.get(0, flag, 0, 1);
        String refusal = ParamsDecoding.refusal(q, flag[0]);
        if (refusal != null) {
            throw new ParameterFileException(source.origin() + ": section " + q.section + ", " + refusal);
        }
        return bytes;
    }

    private DeviceBuffer tailBuffer(ProofPlan.Points p, int count) {
        DeviceBuffer b = device.allocate(Math.max(256, p.curve.affineBytes() * count));
        devicePoints.put(p, b);
        return b;
    }

    private static ProofPlan.Points pointsOf(Query q) {
        return switch (q) {
            case H -> ProofPlan.Points.H;
            case L -> ProofPlan.Points.L;
            case A -> ProofPlan.Points.A;
            case B_G1 -> ProofPlan.Points.B_G1;
            case B_G2 -> ProofPlan.Points.B_G2;
        };
    }

    /** The first position of the strictly ascending array holding a value at least v (v below 2^31). */
    private static int lowerBound(int[] ascending, long v) {
        int i = Arrays.binarySearch(ascending, (int) v);
        return i < 0 ? -i - 1 : i;
    }

    private DeviceBuffer upload(int[] values) {
        DeviceBuffer b = device.allocate(4L * values.length);
        b.upload(values);
        return b;
    }

    /** A device copy of an index array; an empty one gets a small buffer nobody reads. */
    private DeviceBuffer uploadIndex(int[] values) {
        DeviceBuffer b = device.allocate(Math.max(256, 4L * values.length));
        if (values.length > 0) {
            b.upload(values);
        }
        return b;
    }

    /** The device copy of a query's points (resident mode) or of tail bases (both modes). */
    DeviceBuffer devicePoints(ProofPlan.Points p) {
        return devicePoints.get(p);
    }

    /** A device copy of the array; an empty array gets a small buffer nobody reads. */
    private DeviceBuffer upload(long[] values) {
        DeviceBuffer b = device.allocate(Math.max(256, 8L * values.length));
        if (values.length > 0) {
            b.upload(values);
        }
        return b;
    }

    /** Device bytes held (for the VRAM ledger). */
    public long bytes() {
        long b = matrices.bytes() + Ntt.tableBytes(ntt.domain.lgN, true) + zInv.bytes;
        for (DeviceBuffer d : devicePoints.values()) {
            b += d.bytes;
        }
        for (DeviceBuffer d : new DeviceBuffer[] {aDensity, aPrefix, bDensity, bPrefix}) {
            b += d.bytes;
        }
        return b;
    }

    private void release(R1csDeviceShape m, Ntt n, DeviceBuffer[] tables) {
        if (m != null) {
            m.close();
        }
        if (n != null) {
            n.close();
        }
        for (DeviceBuffer d : tables) {
            if (d != null) {
                d.close();
            }
        }
        devicePoints.values().forEach(DeviceBuffer::close);
    }

    @Override
    public void close() {
        release(matrices, ntt, new DeviceBuffer[] {zInv, aDensity, aPrefix, bDensity, bPrefix});
    }
}
