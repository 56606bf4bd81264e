package io.c2spark.gpu.prover;

import io.c2spark.core.groth16.Groth16Prover;
import io.c2spark.core.groth16.ParameterSource;
import io.c2spark.core.groth16.Proof;
import io.c2spark.core.groth16.ProofAssembly;
import io.c2spark.core.r1cs.R1csShape;
import io.c2spark.core.r1cs.Witness;
import io.c2spark.gpu.runtime.GpuDevice;
import io.c2spark.gpu.runtime.GpuStream;

/**
 * The Groth16 prover on one GPU, one proof at a time: the same interface and, for the same
 * witness, r and s, the same proof bytes as prover-core's CpuProver. The device does the
 * products, the NTTs, the MSMs and the batch additions ({@link ProofWorkspace}); the CPU stages the
 * compact witness and assembles the proof from the query sums ({@link ProofAssembly}). Several
 * proofs share a device through the coordinator instead (one workspace per slot).
 */
public final class GpuProver implements Groth16Prover, AutoCloseable {
    private final DeviceProvingKey key;
    private final ProofWorkspace workspace;
    private final GpuStream stream;
    /** Copies the points of streamed parameters beside the kernels. */
    private final GpuStream copyStream;
    private final boolean ownsKey;

    /** Loads the circuit and parameters onto the device (the prover owns and frees them). */
    public GpuProver(GpuDevice device, R1csShape shape, ParameterSource params) {
        this(new DeviceProvingKey(device, shape, params), true);
    }

    /** Over a key already on the device (shared, not freed here). */
    public GpuProver(DeviceProvingKey key) {
        this(key, false);
    }

    private GpuProver(DeviceProvingKey key, boolean ownsKey) {
        this.key = key;
        this.ownsKey = ownsKey;
        key.device.bind();
        this.workspace = new ProofWorkspace(key);
        this.stream = key.device.newStream();
        this.copyStream = key.device.newStream();
    }

    /** Times the phases of the following proofs on the device (see {@link ProofWorkspace#enableProfiling}). */
    public void enableProfiling() {
        key.device.bind();
        workspace.enableProfiling();
    }

    /** Device milliseconds per phase of the last proof, after {@link #enableProfiling}. */
    public java.util.Map<String, Float> phaseMillis() {
        return workspace.phaseMillis();
    }

    @Override
    public synchronized Proof prove(Witness witness, long[] r, long[] s) {
        key.device.bind();
        workspace.stage(witness);
        workspace.enqueueUpload(stream);
        workspace.enqueueCompute(stream, copyStream);
        stream.synchronize();
        ProofPlan.QuerySums q = workspace.sums();
        return ProofAssembly.assemble(key.vk, q.h(), q.l(), q.a(), q.b1(), q.b2(), r, s);
    }

    @Override
    public void close() {
        stream.close();
        copyStream.close();
        workspace.close();
        if (ownsKey) {
            key.close();
        }
    }
}
