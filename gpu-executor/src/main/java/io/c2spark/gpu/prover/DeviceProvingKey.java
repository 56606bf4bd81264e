package io.c2spark.gpu.prover;

import io.c2spark.core.field.Fr;
import io.c2spark.core.groth16.ParameterSource;
import io.c2spark.core.groth16.QueryLayout;
import io.c2spark.core.groth16.VerifyingKey;
import io.c2spark.core.ntt.EvaluationDomain;
import io.c2spark.core.r1cs.R1csShape;
import io.c2spark.gpu.DeviceBuffer;
import io.c2spark.gpu.GpuDevice;
import io.c2spark.gpu.GpuStream;
import io.c2spark.gpu.Ntt;
import io.c2spark.gpu.R1csDeviceShape;

/**
 * What one circuit type needs on one device, loaded once and shared by every proof and slot: the
 * A, B, C matrices, the five parameter queries and the tail bases gathered from them
 * ({@link QueryLayout}), the A and B density tables ({@link DensitySelection}), the NTT tables of the circuit's domain (coset tables included) and 1/Z on
 * the coset. All of it is allocated and uploaded here, at start-up; proofs only read it.
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
    final DeviceBuffer h, l, a, bG1, bG2;
    final DeviceBuffer lTail, aTail, b1Tail, b2Tail;
    /** The A and B selections: the host tables and their device copies (density words, prefixes). */
    final DensitySelection aSelection, bSelection;
    final DeviceBuffer aDensity, aPrefix, bDensity, bPrefix;

    public DeviceProvingKey(GpuDevice device, R1csShape shape, ParameterSource params) {
        this.device = device;
        this.shape = shape;
        this.layout = new QueryLayout(shape, params);
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
        this.h = upload(params.h());
        this.l = upload(params.l());
        this.a = upload(params.a());
        this.bG1 = upload(params.bG1());
        this.bG2 = upload(params.bG2());
        this.lTail = upload(layout.lTailBases());
        this.aTail = upload(layout.aTailBases());
        this.b1Tail = upload(layout.b1TailBases());
        this.b2Tail = upload(layout.b2TailBases());
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

    /** The device copy of a step's points. */
    DeviceBuffer points(ProofPlan.Points p) {
        return switch (p) {
            case H -> h;
            case L -> l;
            case A -> a;
            case B_G1 -> bG1;
            case B_G2 -> bG2;
            case L_TAIL -> lTail;
            case A_TAIL -> aTail;
            case B1_TAIL -> b1Tail;
            case B2_TAIL -> b2Tail;
        };
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
        for (DeviceBuffer d : new DeviceBuffer[] {h, l, a, bG1, bG2, lTail, aTail, b1Tail, b2Tail, aDensity, aPrefix, bDensity,
            bPrefix}) {
            b += d.bytes;
        }
        return b;
    }

    @Override
    public void close() {
        matrices.close();
        ntt.close();
        for (DeviceBuffer d : new DeviceBuffer[] {zInv, h, l, a, bG1, bG2, lTail, aTail, b1Tail, b2Tail, aDensity, aPrefix,
            bDensity, bPrefix}) {
            d.close();
        }
    }
}
