package io.c2spark.spark.porep;

import io.c2spark.core.field.Fr;
import io.c2spark.core.groth16.ParameterDigest;
import io.c2spark.core.groth16.ParameterFile;
import io.c2spark.core.groth16.Proof;
import io.c2spark.core.groth16.ProofEncoding;
import io.c2spark.core.porep.SectorShape;
import io.c2spark.core.porep.c2.PorepParameters;
import io.c2spark.core.r1cs.R1csShape;
import io.c2spark.core.r1cs.Witness;
import io.c2spark.gpu.coordinator.DeviceCoordinators;
import io.c2spark.gpu.coordinator.GpuCoordinator;
import io.c2spark.gpu.prover.CoordinatedGpuProver;
import io.c2spark.gpu.runtime.GpuDevice;
import io.c2spark.spark.device.CoordinatedTasks;
import io.c2spark.spark.workload.Device;
import io.c2spark.spark.workload.PartitionProof;
import io.c2spark.spark.workload.SetupException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The GPU provers of one executor JVM. Each device has one coordinator, gpu-executor's (asked for
 * through {@link CoordinatedGpuProver#devices}, never built here): one pair of locks and one VRAM
 * ledger for every sector size proven on it. Per device and sector size there is a
 * {@link CoordinatedGpuProver} over that coordinator, whose key (the size's proving key,
 * converted on the device) the coordinator loads on first use or at preload, with as many slots
 * as the device's workers (the ledger lowers the count where the card cannot hold them, and
 * streams the parameters from the file where they do not fit beside one slot). A device holds one
 * 32GiB or 64GiB key at a time: the other size evicts it once its tasks are done, or is refused
 * while they run. The keys load from the parameter directory's .params file, opened once per
 * sector size and read in chunks straight onto each device (never into the heap), and from its
 * .shape file where `c2spark params` left one (else the circuit is synthesised). Each load prints
 * its plan line. Tasks build their witness before they get here, holding no lock.
 */
final class GpuPartitionProvers implements AutoCloseable {
    private final Path dir;
    private final CoordinatedGpuProver.Config config;
    private final boolean checkDigest;
    private final DeviceCoordinators devices;
    private final Map<SectorShape, ParameterFile> files = new LinkedHashMap<>();
    private final Map<String, CoordinatedGpuProver> provers = new LinkedHashMap<>();

    /** Over the parameter directory dir; checkDigest checks each .params file against its .sha256 first. */
    GpuPartitionProvers(Path dir, CoordinatedGpuProver.Config config, boolean checkDigest) {
        this.dir = dir;
        this.config = config;
        this.checkDigest = checkDigest;
        this.devices = CoordinatedGpuProver.devices(config, line -> System.err.println("c2spark: " + line));
    }

    /** True when this JVM sees a CUDA device, so that a GPU address is proven on the GPU. */
    static boolean cudaPresent() {
        return GpuDevice.count() > 0;
    }

    /** 32GiB and 64GiB: a device holds one of their keys (about 47 GB each) at a time. */
    static boolean largeKey(SectorShape shape) {
        return shape.sectorBytes() >= SectorShape.SIZE_32GIB.sectorBytes();
    }

    /** One partition's proof on the task's GPU, with the coordinator's waits and device times for the report. */
    PartitionProof prove(Device device, SectorShape shape, Witness witness, Map<String, Long> phases, SecureRandom rng)
            throws Exception {
        CoordinatedGpuProver prover = prover(CoordinatedTasks.ordinal(device), shape);
        long[] r = new long[Fr.LIMBS];
        long[] s = new long[Fr.LIMBS];
        Fr.random(rng, r, 0);
        Fr.random(rng, s, 0);
        GpuCoordinator.Outcome<Proof> outcome = CoordinatedTasks.onDevice(device, () -> prover.run(witness, r, s));
        Map<String, Long> all = new LinkedHashMap<>(phases);
        double keyMs = outcome.metrics().keyWaitMs();
        all.put("gpu_key_load", Math.round(keyMs * 1e6));
        all.put("gpu_prove", Math.round((outcome.metrics().totalMs() - keyMs) * 1e6));
        PartitionProof p = new PartitionProof(ProofEncoding.encode(outcome.result()), all, Map.of());
        return CoordinatedTasks.withMetrics(p, outcome.metrics());
    }

    /** Converts the shape's proving key on the device now, ahead of its first task. */
    void preload(Device device, SectorShape shape) {
        prover(CoordinatedTasks.ordinal(device), shape).load();
    }

    /** The device's prover of the shape: made once, its key not loaded yet. */
    private synchronized CoordinatedGpuProver prover(int ordinal, SectorShape shape) {
        String name = ordinal + "/" + shape.label();
        CoordinatedGpuProver p = provers.get(name);
        if (p == null) {
            ParameterFile params = file(shape);
            p = CoordinatedGpuProver.on(devices.coordinator(ordinal), shape.label(), largeKey(shape), () -> circuit(shape), params,
                    config);
            provers.put(name, p);
        }
        return p;
    }

    /** The circuit from the directory's .shape file where `c2spark params` left one, else synthesised. */
    private R1csShape circuit(SectorShape shape) {
        try {
            return PorepParameters.circuitShape(shape, dir);
        } catch (IOException e) {
            throw new SetupException("cannot load the " + shape.label() + " proving key from " + dir + ": " + e.getMessage(), e);
        }
    }

    /** The shape's parameter file, opened (and its digest checked) the first time. */
    private ParameterFile file(SectorShape shape) {
        ParameterFile f = files.get(shape);
        if (f == null) {
            Path params = PorepParameters.paramsFile(dir, shape);
            if (!Files.isRegularFile(params)) {
                throw new SetupException("no parameters for " + shape.label() + " in " + dir + ": " + params.getFileName()
                        + " missing (c2spark.params.dir; `c2spark params --sector-size " + shape.label() + " --out " + dir
                        + "` makes them)");
            }
            try {
                if (checkDigest) {
                    ParameterDigest.verify(params);
                }
                f = ParameterFile.open(params);
            } catch (IOException e) {
                throw new SetupException("cannot load the " + shape.label() + " proving key from " + dir + ": " + e.getMessage(), e);
            }
            files.put(shape, f);
        }
        return f;
    }

    /**
     * Unloads every size's key from its device's coordinator, then closes the parameter files. A
     * key still in use is left to the coordinator's own close (executor shutdown closes them all).
     */
    @Override
    public synchronized void close() {
        for (CoordinatedGpuProver p : provers.values()) {
            try {
                p.close();
            } catch (RuntimeException busy) {
                System.err.println("c2spark: " + busy.getMessage());
            }
        }
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
