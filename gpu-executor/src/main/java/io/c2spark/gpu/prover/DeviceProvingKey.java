package io.c2spark.gpu.prover;

import java.util.EnumMap;
import java.util.Map;

import io.c2spark.core.field.Fr;
import io.c2spark.core.groth16.ParameterSource;
import io.c2spark.core.groth16.QueryLayout;
import io.c2spark.core.groth16.VerifyingKey;
import io.c2spark.core.ntt.EvaluationDomain;
import io.c2spark.core.r1cs.R1csShape;
import io.c2spark.gpu.coordinator.VramLedger;
import io.c2spark.gpu.msm.Curve;
import io.c2spark.gpu.ntt.Ntt;
import io.c2spark.gpu.r1cs.R1csDeviceShape;
import io.c2spark.gpu.runtime.DeviceBuffer;
import io.c2spark.gpu.runtime.GpuDevice;
import io.c2spark.gpu.runtime.GpuStream;
import io.c2spark.gpu.runtime.PinnedHostBuffer;

/**
 * What one circuit type needs on one device, loaded once and shared by every proof and slot: the
 * A, B, C matrices, the five parameter queries and the tail bases gathered from them
 * ({@link QueryLayout}), the A and B density tables ({@link DensitySelection}), the NTT tables of
 * the circuit's domain (coset tables included) and 1/Z on the coset. All of it is allocated and
 * uploaded here, at start-up; proofs only read it.
 *
 * <p>The points (queries and tail bases, nearly all of the bytes) are either resident in device
 * memory or, in streamed mode, kept in pinned host memory, from which each proof copies them to
 * the device chunk by chunk ({@link #chunkBytes} each) while its MSMs run ({@link ProofWorkspace}).
 */
public final class DeviceProvingKey implements AutoCloseable {
    public final GpuDevice device;
    public final R1csShape shape;
    public final QueryLayout layout;
    public final VerifyingKey vk;
    /** Domain size m and its log. */
    public final int domainSize;
    final R1csDeviceShape matrices;
    final Ntt ntt;
    final DeviceBuffer zInv;
    /** Where the points live: on the device, or in pinned host memory streamed per proof. */
    public final VramLedger.Mode mode;
    /** Bytes of points a proof copies per step in streamed mode ({@link ProofPlan#WHOLE} when resident). */
    public final long chunkBytes;
    private final Map<ProofPlan.Points, DeviceBuffer> devicePoints = new EnumMap<>(ProofPlan.Points.class);
    private final Map<ProofPlan.Points, PinnedHostBuffer> hostPoints = new EnumMap<>(ProofPlan.Points.class);
    /** The A and B selections: the host tables and their device copies (density words, prefixes). */
    final DensitySelection aSelection, bSelection;
    final DeviceBuffer aDensity, aPrefix, bDensity, bPrefix;

    /** With the points resident on the device. */
    public DeviceProvingKey(GpuDevice device, R1csShape shape, ParameterSource params) {
        this(device, shape, params, new QueryLayout(shape, params), VramLedger.Mode.RESIDENT, ProofPlan.WHOLE);
    }

    /**
     * With the points where mode says; in streamed mode each proof copies them in chunks of
     * chunkBytes (two chunk buffers per slot).
     */
    public DeviceProvingKey(GpuDevice device, R1csShape shape, ParameterSource params, QueryLayout layout, VramLedger.Mode mode,
            long chunkBytes) {
        if (mode == VramLedger.Mode.STREAMED && (chunkBytes < 32L * Curve.G2.affineBytes()
                || chunkBytes == ProofPlan.WHOLE)) {
            throw new IllegalArgumentException("streamed parameters need a chunk of at least 32 G2 points, got " + chunkBytes
                    + " bytes");
        }
        this.device = device;
        this.shape = shape;
        this.layout = layout;
        this.mode = mode;
        this.chunkBytes = mode == VramLedger.Mode.STREAMED ? chunkBytes : ProofPlan.WHOLE;
        this.vk = params.vk();
        EvaluationDomain domain = EvaluationDomain.forCoefficients(shape.numConstraints());
        this.domainSize = domain.size();
        if (ParameterSource.g1Count(params.h()) != domainSize - 1) {
            throw new IllegalArgumentException("parameters do not fit the circuit: query h has "
                    + ParameterSource.g1Count(params.h()) + " points, the domain needs " + (domainSize - 1));
        }
        this.matrices = new R1csDeviceShape(device, shape);
        this.ntt = new Ntt(device, domain.logSize());
        try (GpuStream s = device.newStream()) {
            ntt.prepareCosetTables(s);
            s.synchronize();
        }
        long[] z = domain.zOnCoset();
        Fr.inverse(z, 0, z, 0);
        this.zInv = upload(z);
        for (ProofPlan.Points p : ProofPlan.Points.values()) {
            long[] values = switch (p) {
                case H -> params.h();
                case L -> params.l();
                case A -> params.a();
                case B_G1 -> params.bG1();
                case B_G2 -> params.bG2();
                case L_TAIL -> layout.lTailBases();
                case A_TAIL -> layout.aTailBases();
                case B1_TAIL -> layout.b1TailBases();
                case B2_TAIL -> layout.b2TailBases();
            };
            if (mode == VramLedger.Mode.RESIDENT) {
                devicePoints.put(p, upload(values));
            } else {
                PinnedHostBuffer host = new PinnedHostBuffer(device, Math.max(8, 8L * values.length));
                host.put(0, values, 0, values.length);
                hostPoints.put(p, host);
            }
        }
        this.aSelection = DensitySelection.of(shape.aAuxDensity(), shape.numAux(), layout.numInputs);
        this.bSelection = DensitySelection.of(shape.bAuxDensity(), shape.numAux(), layout.bInputCount);
        this.aDensity = upload(aSelection.density());
        this.aPrefix = upload(aSelection.prefix());
        this.bDensity = upload(bSelection.density());
        this.bPrefix = upload(bSelection.prefix());
    }

    private DeviceBuffer upload(int[] values) {
        DeviceBuffer b = device.allocate(4L * values.length);
        b.upload(values);
        return b;
    }

    /** The device copy of a query's points (resident mode). */
    DeviceBuffer devicePoints(ProofPlan.Points p) {
        return devicePoints.get(p);
    }

    /** The pinned host copy of a query's points (streamed mode). */
    PinnedHostBuffer hostPoints(ProofPlan.Points p) {
        return hostPoints.get(p);
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

    @Override
    public void close() {
        matrices.close();
        ntt.close();
        devicePoints.values().forEach(DeviceBuffer::close);
        hostPoints.values().forEach(PinnedHostBuffer::close);
        for (DeviceBuffer d : new DeviceBuffer[] {zInv, aDensity, aPrefix, bDensity, bPrefix}) {
            d.close();
        }
    }
}
