package io.c2spark.gpu.prover;

import io.c2spark.core.groth16.Groth16Prover;
import io.c2spark.core.groth16.ParameterSource;
import io.c2spark.core.groth16.ProverProvider;
import io.c2spark.core.r1cs.R1csShape;
import io.c2spark.gpu.runtime.GpuDevice;

/**
 * Offers the GPU prover as backend "gpu" to prover-core's command line (found through
 * META-INF/services). It proves on GPU 0, or on the ordinal of the system property
 * {@code c2spark.gpu.device}, with the parameters' points where the Spark job would put them: resident
 * on the device where the VRAM ledger finds room for them and one proof's workspace, else read
 * from the parameter file during each proof (a card smaller than the parameters still proves), or
 * streamed so in any case with the system property {@code c2spark.gpu.streamParams=true}. It
 * prints the plan, the load's time and rate and the process's peak RSS.
 */
public final class GpuProverProvider implements ProverProvider {
    /** The system property that streams the points even where they fit (the job's setting of the same name). */
    public static final String STREAM_PROPERTY = "c2spark.gpu.streamParams";

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
        CoordinatedGpuProver prover = CoordinatedGpuProver.open(device, shape, params, config(), null);
        System.out.println("GPU prover on " + device + ": " + prover.plan().describe());
        System.out.println("  loaded " + params.origin() + ": " + prover.loadReport().describe() + ", " + PeakRss.describe());
        return prover;
    }

    /** One worker (the command proves its partitions one after another), on the whole card. */
    static CoordinatedGpuProver.Config config() {
        CoordinatedGpuProver.Config c = CoordinatedGpuProver.Config.of(1, 0);
        return Boolean.getBoolean(STREAM_PROPERTY) ? c.streamed(CoordinatedGpuProver.DEFAULT_CHUNK_BYTES) : c;
    }
}
