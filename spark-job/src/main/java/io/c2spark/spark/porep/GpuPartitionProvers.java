package io.c2spark.spark.porep;

import io.c2spark.core.field.Fr;
import io.c2spark.core.groth16.ParameterDigest;
import io.c2spark.core.groth16.ParameterFile;
import io.c2spark.core.groth16.Proof;
import io.c2spark.core.groth16.ProofEncoding;
import io.c2spark.core.porep.SectorShape;
import io.c2spark.core.porep.c2.PorepParameters;
import io.c2spark.core.r1cs.Witness;
import io.c2spark.gpu.runtime.GpuDevice;
import io.c2spark.gpu.coordinator.GpuCoordinator;
import io.c2spark.gpu.prover.CoordinatedGpuProver;
import io.c2spark.gpu.prover.PeakRss;
import io.c2spark.spark.device.DeviceCoordinators;
import io.c2spark.spark.workload.Device;
import io.c2spark.spark.workload.DeviceFatalException;
import io.c2spark.spark.workload.PartitionProof;
import io.c2spark.spark.workload.SetupException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The GPU provers of one executor JVM: per device ordinal and sector shape, the proving key
 * converted once on that device and a {@link CoordinatedGpuProver}, whose two-lock coordinator
 * every task given that device queues on, with as many slots as the device's workers (the VRAM
 * ledger lowers the count where the card cannot hold them, and streams the parameters from the
 * file where they do not fit beside one slot). The keys load from the parameter directory's
 * .params file, opened once per sector shape and read in chunks straight onto each device (never
 * into the heap), and from its .shape file where `c2spark params` left one (else the circuit is
 * synthesised). Tasks build their witness before they get here, holding no lock.
 */
final class GpuPartitionProvers implements AutoCloseable {
    private final Path dir;
    private final CoordinatedGpuProver.Config config;
    private final boolean checkDigest;
    private final Map<SectorShape, ParameterFile> files = new LinkedHashMap<>();
    private final Map<String, CoordinatedGpuProver> provers = new LinkedHashMap<>();

    /** Over the parameter directory dir; checkDigest checks each .params file against its .sha256 first. */
    GpuPartitionProvers(Path dir, CoordinatedGpuProver.Config config, boolean checkDigest) {
        this.dir = dir;
        this.config = config;
        this.checkDigest = checkDigest;
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
            try {
                p = CoordinatedGpuProver.open(GpuDevice.open(ordinal), PorepParameters.circuitShape(shape, dir), file(shape),
                        config, null);
            } catch (IOException e) {
                throw new SetupException("cannot load the " + shape.label() + " proving key from " + dir + ": " + e.getMessage(), e);
            }
            System.err.println("c2spark: GPU " + ordinal + ", " + shape.label() + ": " + p.plan().describe() + "; "
                    + p.loadReport().describe() + ", " + PeakRss.describe());
            provers.put(name, p);
        }
        return p;
    }

    /** The shape's parameter file, opened (and its digest checked) the first time. */
    private ParameterFile file(SectorShape shape) throws IOException {
        ParameterFile f = files.get(shape);
        if (f == null) {
            Path params = PorepParameters.paramsFile(dir, shape);
            if (!Files.isRegularFile(params)) {
                throw new SetupException("no parameters for " + shape.label() + " in " + dir + ": " + params.getFileName()
                        + " missing (c2spark.params.dir; `c2spark params --sector-size " + shape.label() + " --out " + dir
                        + "` makes them)");
            }
            if (checkDigest) {
                ParameterDigest.verify(params);
            }
            f = ParameterFile.open(params);
            files.put(shape, f);
        }
        return f;
    }

    @Override
    public synchronized void close() {
        provers.values().forEach(CoordinatedGpuProver::close);
        provers.clear();
        for (ParameterFile f : files.values()) {
            try {
                f.close();
            } catch (IOException e) {
                System.err.println("c2spark: closing " + f.path() + ": " + e.getMessage());
            }
        }
        files.clear();
    }
}
