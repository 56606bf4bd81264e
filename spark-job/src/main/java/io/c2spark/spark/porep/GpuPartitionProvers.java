package io.c2spark.spark.porep;

import io.c2spark.core.field.Fr;
import io.c2spark.core.groth16.Parameters;
import io.c2spark.core.groth16.Proof;
import io.c2spark.core.groth16.ProofEncoding;
import io.c2spark.core.porep.SectorShape;
import io.c2spark.core.porep.c2.PorepParameters;
import io.c2spark.core.r1cs.Witness;
import io.c2spark.gpu.runtime.GpuDevice;
import io.c2spark.gpu.coordinator.GpuCoordinator;
import io.c2spark.gpu.prover.CoordinatedGpuProver;
import io.c2spark.spark.device.DeviceCoordinators;
import io.c2spark.spark.workload.Device;
import io.c2spark.spark.workload.DeviceFatalException;
import io.c2spark.spark.workload.PartitionProof;
import java.security.SecureRandom;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;

/**
 * The GPU provers of one executor JVM: per device ordinal and sector shape, the proving key
 * converted once on that device and a {@link CoordinatedGpuProver}, whose two-lock coordinator
 * every task given that device queues on, with as many slots as the device's workers (the VRAM
 * ledger lowers the count where the card cannot hold them, and streams the parameters from pinned
 * host memory where they do not fit beside one slot). Tasks build their witness before they
 * get here, holding no lock.
 */
final class GpuPartitionProvers implements AutoCloseable {
    private final Function<SectorShape, Parameters> parameters;
    private final CoordinatedGpuProver.Config config;
    private final Map<String, CoordinatedGpuProver> provers = new LinkedHashMap<>();

    GpuPartitionProvers(Function<SectorShape, Parameters> parameters, CoordinatedGpuProver.Config config) {
        this.parameters = parameters;
        this.config = config;
    }

    /** True when this JVM sees a CUDA device, so that a GPU address is proven on the GPU. */
    static boolean cudaPresent() {
        return GpuDevice.count() > 0;
    }

    /** One partition's proof on the task's GPU, with the coordinator's waits and device times for the report. */
    PartitionProof prove(Device device, SectorShape shape, Witness witness, Map<String, Long> phases, SecureRandom rng)
            throws DeviceFatalException, InterruptedException {
        int ordinal = DeviceCoordinators.ordinal(device);
        long t0 = System.nanoTime();
        CoordinatedGpuProver prover = prover(ordinal, shape);
        long t1 = System.nanoTime();
        long[] r = new long[Fr.LIMBS];
        long[] s = new long[Fr.LIMBS];
        Fr.random(rng, r, 0);
        Fr.random(rng, s, 0);
        GpuCoordinator.Outcome<Proof> outcome = DeviceCoordinators.onDevice(device, () -> prover.run(witness, r, s));
        Map<String, Long> all = new LinkedHashMap<>(phases);
        all.put("gpu_key_load", t1 - t0);
        all.put("gpu_prove", System.nanoTime() - t1);
        PartitionProof p = new PartitionProof(ProofEncoding.encode(outcome.result()), all, Map.of());
        return DeviceCoordinators.withMetrics(p, outcome.metrics());
    }

    /** Converts the shape's proving key on the device now, ahead of its first task. */
    void preload(Device device, SectorShape shape) {
        prover(DeviceCoordinators.ordinal(device), shape);
    }

    private synchronized CoordinatedGpuProver prover(int ordinal, SectorShape shape) {
        String name = ordinal + "/" + shape.label();
        CoordinatedGpuProver p = provers.get(name);
        if (p == null) {
            // Parameters first: a missing file is refused before the circuit is synthesised.
            Parameters params = parameters.apply(shape);
            p = CoordinatedGpuProver.open(GpuDevice.open(ordinal), PorepParameters.circuitShape(shape), params,
                    config, null);
            System.err.println("c2spark: GPU " + ordinal + ", " + shape.label() + ": " + p.plan().describe());
            provers.put(name, p);
        }
        return p;
    }

    @Override
    public synchronized void close() {
        provers.values().forEach(CoordinatedGpuProver::close);
        provers.clear();
    }
}
