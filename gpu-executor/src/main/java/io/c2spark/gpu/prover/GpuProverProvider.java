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
 * streamed so in any case with the system property {@code c2spark.gpu.streamParams=true}. It asks
 * the ledger for two slots (the system property {@code c2spark.gpu.workers} changes that), so that
 * the next partition's witness is uploaded while the current one's kernels run, and for copies of
 * the h points where room is left beside them ({@code c2spark.gpu.maxHCopies}, 1 for none). It
 * prints the plan, the load's time and rate and the process's peak RSS.
 */
public final class GpuProverProvider implements ProverProvider {
    /** The system property that streams the points even where they fit (the job's setting of the same name). */
    public static final String STREAM_PROPERTY = "c2spark.gpu.streamParams";
    /** The system property of the slots asked for (partitions in flight). */
    public static final String WORKERS_PROPERTY = "c2spark.gpu.workers";
    /** The system property of the most copies of the h points to hold (1: none). */
    public static final String H_COPIES_PROPERTY = "c2spark.gpu.maxHCopies";
    /** Slots asked for by default: one proof's kernels, the next one's upload. */
    public static final int DEFAULT_WORKERS = 2;

    @Override
    public String backend() {
        return "gpu";
    }

    @Override
    public void checkAvailable() {
        GpuDevice.requireAny();
    }

    @Override
    public Groth16Prover open(R1csShape shape, ParameterSource params, boolean profile) {
        GpuDevice device = GpuDevice.openChosen();
        CoordinatedGpuProver prover = CoordinatedGpuProver.open(device, shape, params, config().profiled(profile), null);
        System.out.println("GPU prover on " + device + ": " + prover.plan().describe());
        System.out.println("  loaded " + params.origin() + ": " + prover.loadReport().describe() + ", " + PeakRss.describe());
        return prover;
    }

    /** Two workers (or c2spark.gpu.workers) on the whole card, copies of h where they fit (or c2spark.gpu.maxHCopies). */
    static CoordinatedGpuProver.Config config() {
        CoordinatedGpuProver.Config c = CoordinatedGpuProver.Config.of(Integer.getInteger(WORKERS_PROPERTY, DEFAULT_WORKERS), 0)
                .withMaxHCopies(Integer.getInteger(H_COPIES_PROPERTY, CoordinatedGpuProver.DEFAULT_MAX_H_COPIES));
        return Boolean.getBoolean(STREAM_PROPERTY) ? c.streamed(CoordinatedGpuProver.DEFAULT_CHUNK_BYTES) : c;
    }
}
