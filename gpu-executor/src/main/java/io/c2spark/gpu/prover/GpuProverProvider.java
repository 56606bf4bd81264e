package io.c2spark.gpu.prover;

import io.c2spark.core.groth16.Groth16Prover;
import io.c2spark.core.groth16.ParameterSource;
import io.c2spark.core.groth16.ProverProvider;
import io.c2spark.core.r1cs.R1csShape;
import io.c2spark.gpu.GpuDevice;

/**
 * Offers {@link GpuProver} as backend "gpu" to prover-core's command line (found through
 * META-INF/services). It proves on GPU 0, or on the ordinal of the system property
 * {@code c2spark.gpu.device}.
 */
public final class GpuProverProvider implements ProverProvider {
    @Override
    public String backend() {
        return "gpu";
    }

    @Override
    public void checkAvailable() {
        if (GpuDevice.count() == 0) {
            throw new IllegalStateException("no CUDA device is visible here (no NVIDIA driver library, or no GPU)");
        }
    }

    @Override
    public Groth16Prover open(R1csShape shape, ParameterSource params) {
        GpuDevice device = GpuDevice.open(Integer.getInteger("c2spark.gpu.device", 0));
        System.out.println("GPU prover on " + device);
        return new GpuProver(device, shape, params);
    }
}
