package io.c2spark.spark.porep;

import io.c2spark.core.groth16.CpuProver;
import io.c2spark.core.groth16.ParameterDigest;
import io.c2spark.core.groth16.ParameterFiles;
import io.c2spark.core.groth16.Parameters;
import io.c2spark.core.groth16.Proof;
import io.c2spark.core.groth16.ProofEncoding;
import io.c2spark.core.groth16.VerifyingKey;
import io.c2spark.core.porep.SectorShape;
import io.c2spark.core.porep.c1.CompactPartitionInput;
import io.c2spark.core.porep.c2.PorepParameters;
import io.c2spark.core.porep.c2.SealProver;
import io.c2spark.core.porep.c2.SealStatement;
import io.c2spark.core.r1cs.R1csShape;
import io.c2spark.core.r1cs.Witness;
import io.c2spark.gpu.coordinator.DeviceCoordinators;
import io.c2spark.gpu.coordinator.KeyLoader;
import io.c2spark.gpu.cpu.CpuKernelWork;
import io.c2spark.gpu.cpu.CpuStreamBackend;
import io.c2spark.gpu.prover.CoordinatedGpuProver;
import io.c2spark.spark.device.CoordinatedTasks;
import io.c2spark.spark.settings.C2SparkSettings;
import io.c2spark.spark.settings.Settings;
import io.c2spark.spark.workload.Device;
import io.c2spark.spark.workload.PartitionInput;
import io.c2spark.spark.workload.PartitionProof;
import io.c2spark.spark.workload.PartitionProver;
import io.c2spark.spark.workload.SectorVerifier;
import io.c2spark.spark.workload.SetupException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import org.apache.spark.SparkEnv;

/**
 * PoRep C2 with c2spark's Groth16 provers. A task given a GPU address proves on that GPU when this
 * JVM sees CUDA devices ({@link GpuPartitionProvers}: each sector size's proving key converted on
 * the device, the device's one two-lock coordinator), any sector size the card can hold. Without
 * CUDA a GPU address (a test's or a CPU-only machine's discovery list) still goes through that
 * address's coordinator, with a key per sector size and the CPU prover's arithmetic as its
 * "kernels", and the report's phase names say cpu_prove. A task given the CPU proves on the CPU,
 * small sector sizes only (2KiB, 8MiB, 512MiB): 32GiB and 64GiB are refused there, never proven
 * slowly. Parameters are read once per JVM and sector size from c2spark.params.dir: into the heap
 * for the CPU prover, in chunks from the file onto each device for the GPU prover; the circuit from
 * the directory's .shape file. A file missing or unreadable there is a {@link SetupException}
 * naming it, which the job does not retry.
 */
public final class Groth16PoRepWorkload extends PoRepWorkload {
    /**
     * Working sets per device and sector size for the CPU-backed coordinator: while one partition's
     * proof runs under the compute lock, the next one's witness is built, which is the overlap the
     * coordinator exists for. The CPU backend holds no device memory, so there is no VRAM ledger to
     * size it by.
     */
    private static final int CPU_SLOTS_PER_KEY = 2;
    /** Workers per GPU when neither c2spark.gpu.workersPerDevice nor spark.task.resource.gpu.amount says. */
    private static final int DEFAULT_GPU_WORKERS = 4;

    @Override
    public PartitionProver prover(Settings settings) {
        Path dir = Path.of(settings.get(C2SparkSettings.PARAMS_DIR));
        boolean checkDigest = settings.get(C2SparkSettings.CHECK_DIGEST);
        Map<SectorShape, Parameters> params = new ConcurrentHashMap<>();
        Function<SectorShape, Parameters> loader = shape -> params.computeIfAbsent(shape, s -> load(dir, s, checkDigest));
        Map<SectorShape, CpuProver> cpuProvers = new ConcurrentHashMap<>();
        DeviceCoordinators cpuDevices = CpuKernelWork.devices();
        Map<SectorShape, KeyLoader<CpuStreamBackend>> cpuKeys = new ConcurrentHashMap<>();
        GpuPartitionProvers gpus = GpuPartitionProvers.cudaPresent()
                ? new GpuPartitionProvers(dir, gpuConfig(settings), checkDigest)
                : null;
        SecureRandom rng = new SecureRandom();
        return new PartitionProver() {
            @Override
            public PartitionProof prove(PartitionInput input, Device device) throws Exception {
                CompactPartitionInput in = read(input);
                if (device.isGpu() && gpus != null) {
                    Prepared p = prepare(input, in, dir, null);
                    return gpus.prove(device, p.shape, p.witness, p.phases, rng);
                }
                CpuKernelWork.Prepare<Prepared> prepare = () -> prepare(input, in, dir,
                        shape -> cpuProvers.computeIfAbsent(shape, s -> {
                            Parameters params = loader.apply(s);
                            return new CpuProver(circuitShape(dir, s), params);
                        }));
                CpuKernelWork.Kernel<Prepared, PartitionProof> kernel = p -> p.proveOnCpu(rng);
                if (!device.isGpu()) {
                    return kernel.run(prepare.prepare());
                }
                SectorShape shape = in.registeredProof().shape();
                KeyLoader<CpuStreamBackend> key = cpuKeys.computeIfAbsent(shape,
                        s -> CpuKernelWork.key(s.label(), GpuPartitionProvers.largeKey(s), CPU_SLOTS_PER_KEY));
                return CoordinatedTasks.onCpuKernel(cpuDevices, device, key, prepare, kernel);
            }

            @Override
            public void preload(List<Device> devices) {
                // The heap parameters only where the CPU prover will use them: a CPU device, or GPU
                // addresses without CUDA; and only for the sizes it proves.
                boolean cpuProves = gpus == null || devices.stream().anyMatch(d -> !d.isGpu());
                for (SectorShape shape : preloadShapes(settings)) {
                    if (gpus == null && shape.partitions() > 1) {
                        throw new SetupException("c2spark.params.preload names " + shape.label() + ", but this "
                                + "executor sees no CUDA device and the CPU prover does not prove " + shape.label() + " sectors");
                    }
                    if (cpuProves && shape.partitions() == 1) {
                        loader.apply(shape);
                    }
                    for (Device d : devices) {
                        if (d.isGpu() && gpus != null) {
                            gpus.preload(d, shape);
                        }
                    }
                }
            }

            @Override
            public void close() {
                if (gpus != null) {
                    gpus.close();
                }
            }
        };
    }

    /**
     * The sector sizes of c2spark.params.preload; at most one of 32GiB and 64GiB, since a GPU holds
     * one of their keys at a time (the second would evict the first at start-up).
     */
    static List<SectorShape> preloadShapes(Settings settings) {
        List<SectorShape> shapes = new ArrayList<>();
        for (String size : settings.get(C2SparkSettings.PRELOAD).split(",")) {
            if (!size.isBlank()) {
                try {
                    shapes.add(SectorShape.parse(size.trim()));
                } catch (IllegalArgumentException e) {
                    throw new SetupException(C2SparkSettings.PRELOAD.key() + ": " + e.getMessage(), e);
                }
            }
        }
        List<String> large = shapes.stream().filter(GpuPartitionProvers::largeKey).map(SectorShape::label).distinct().toList();
        if (large.size() > 1) {
            throw new SetupException(C2SparkSettings.PRELOAD.key() + " names " + String.join(" and ", large) + ", but a GPU holds"
                    + " one 32GiB or 64GiB proving key at a time: preload one of them, and prove the other size in a run of its own");
        }
        return shapes;
    }

    /** How each GPU is shared, from the c2spark.gpu settings. */
    static CoordinatedGpuProver.Config gpuConfig(Settings settings) {
        CoordinatedGpuProver.Config c = CoordinatedGpuProver.Config.of(gpuWorkers(settings),
                settings.get(C2SparkSettings.GPU_VRAM_CAP));
        long chunk = settings.get(C2SparkSettings.GPU_STREAM_CHUNK);
        return settings.get(C2SparkSettings.GPU_STREAM_PARAMS) ? c.streamed(chunk) : c.withChunk(chunk);
    }

    /** c2spark.gpu.workersPerDevice, else 1 / spark.task.resource.gpu.amount, else the default. */
    private static int gpuWorkers(Settings settings) {
        int set = settings.get(C2SparkSettings.GPU_WORKERS);
        if (set > 0) {
            return set;
        }
        SparkEnv env = SparkEnv.get();
        if (env != null && env.conf().contains("spark.task.resource.gpu.amount")) {
            double amount = env.conf().getDouble("spark.task.resource.gpu.amount", 1);
            return amount >= 1 ? 1 : (int) Math.round(1 / amount);
        }
        return DEFAULT_GPU_WORKERS;
    }

    /** A partition ready to prove: its shape, the CPU prover when one is used, its witness, and what getting them cost. */
    private static final class Prepared {
        final SectorShape shape;
        final CpuProver prover;
        final Witness witness;
        final Map<String, Long> phases;

        Prepared(SectorShape shape, CpuProver prover, Witness witness, Map<String, Long> phases) {
            this.shape = shape;
            this.prover = prover;
            this.witness = witness;
            this.phases = phases;
        }

        PartitionProof proveOnCpu(SecureRandom rng) {
            long t0 = System.nanoTime();
            Proof proof = prover.prove(witness, rng);
            Map<String, Long> all = new LinkedHashMap<>(phases);
            all.put("cpu_prove", System.nanoTime() - t0);
            return new PartitionProof(ProofEncoding.encode(proof), all, Map.of());
        }
    }

    /** The task's compact input, parsed. */
    private static CompactPartitionInput read(PartitionInput input) {
        return CompactPartitionInput.read(input.bytes(), input.sectorId() + " partition " + input.partition());
    }

    /**
     * Builds the witness of the parsed input. A parameter file missing from {@code dir} is refused
     * first, before the witness or a circuit is built. For the CPU (cpuProver given) the sizes the
     * CPU does not prove are refused too, and the shape's CPU prover is fetched (loaded the first
     * time); for a GPU (null) the GPU provers hold the parameters.
     */
    private static Prepared prepare(PartitionInput input, CompactPartitionInput in, Path dir,
            Function<SectorShape, CpuProver> cpuProver) {
        boolean cpuOnly = cpuProver != null;
        SectorShape shape = in.registeredProof().shape();
        requireParams(dir, shape);
        if (cpuOnly && shape.partitions() > 1) {
            throw new IllegalArgumentException("the CPU prover does not prove " + shape.label()
                    + " sectors (sector " + input.sectorId() + "); they need the GPU prover");
        }
        long t0 = System.nanoTime();
        CpuProver prover = cpuOnly ? cpuProver.apply(shape) : null;
        long t1 = System.nanoTime();
        Witness w = SealProver.witness(in);
        long t2 = System.nanoTime();
        Map<String, Long> phases = new LinkedHashMap<>();
        if (cpuOnly) {
            phases.put("params_load", t1 - t0);
        }
        phases.put("witness", t2 - t1);
        return new Prepared(shape, prover, w, phases);
    }

    /** The circuit from the parameter directory's shape file where `c2spark params` left one, else synthesised. */
    private static R1csShape circuitShape(Path dir, SectorShape shape) {
        try {
            return PorepParameters.circuitShape(shape, dir);
        } catch (IOException e) {
            throw new SetupException("cannot read the circuit shape of " + shape.label() + " sectors in " + dir
                    + ": " + e.getMessage(), e);
        }
    }

    /** The shape's parameter file in dir, refused with a {@link SetupException} when it is not there. */
    private static Path requireParams(Path dir, SectorShape shape) {
        Path file = PorepParameters.paramsFile(dir, shape);
        if (!Files.isRegularFile(file)) {
            throw new SetupException(missing("parameters", dir, shape, file, "`c2spark params --sector-size "
                    + shape.label() + " --out " + dir + "` makes them"));
        }
        return file;
    }

    /** The CPU prover's parameters, read into the heap (small sizes only); checkDigest checks the file's .sha256 first. */
    private static Parameters load(Path dir, SectorShape shape, boolean checkDigest) {
        Path file = requireParams(dir, shape);
        try {
            if (checkDigest) {
                ParameterDigest.verify(file);
            }
            return ParameterFiles.readParams(file, false);
        } catch (IOException | RuntimeException e) {
            throw new SetupException("cannot read the parameters for " + shape.label() + " in " + dir + ": "
                    + file.getFileName() + ": " + e.getMessage(), e);
        }
    }

    private static VerifyingKey loadVk(Path dir, SectorShape shape) {
        Path file = PorepParameters.vkFile(dir, shape);
        if (!Files.isRegularFile(file)) {
            throw new SetupException(missing("verifying key", dir, shape, file, "the driver verifies every "
                    + shape.label() + " sector with it"));
        }
        try {
            return ParameterFiles.readVk(file);
        } catch (IOException | RuntimeException e) {
            throw new SetupException("cannot read the verifying key for " + shape.label() + " in " + dir + ": "
                    + file.getFileName() + ": " + e.getMessage(), e);
        }
    }

    /** "no parameters for 2KiB in /x: c2spark-insecure-test-porep-2KiB.params missing (c2spark.params.dir; ...)". */
    private static String missing(String what, Path dir, SectorShape shape, Path file, String hint) {
        String where = Files.isDirectory(dir) ? "" : ", which does not exist on this machine";
        return "no " + what + " for " + shape.label() + " in " + dir + ": " + file.getFileName() + " missing ("
                + C2SparkSettings.PARAMS_DIR.key() + where + "; " + hint + ")";
    }

    /**
     * The driver's verifier. The verifying keys of the c2spark.params.preload sizes are read now, so
     * that a driver without them stops the run before anything is proven; others on first use.
     */
    @Override
    public SectorVerifier verifier(Settings settings) {
        Path dir = Path.of(settings.get(C2SparkSettings.PARAMS_DIR));
        Map<SectorShape, VerifyingKey> keys = new ConcurrentHashMap<>();
        for (SectorShape shape : preloadShapes(settings)) {
            keys.put(shape, loadVk(dir, shape));
        }
        return (String sectorId, byte[] statement, List<byte[]> partitionProofs) -> {
            SealStatement st = SealStatement.fromBytes(statement);
            SectorShape shape = st.registeredProof().shape();
            VerifyingKey vk = keys.computeIfAbsent(shape, s -> loadVk(dir, s));
            byte[] seal = new byte[partitionProofs.size() * ProofEncoding.BYTES];
            for (int k = 0; k < partitionProofs.size(); k++) {
                byte[] p = partitionProofs.get(k);
                if (p.length != ProofEncoding.BYTES) {
                    return Optional.of("partition " + k + " proof has " + p.length + " bytes");
                }
                System.arraycopy(p, 0, seal, k * ProofEncoding.BYTES, ProofEncoding.BYTES);
            }
            int bad = st.firstInvalidPartition(vk, seal);
            return bad < 0 ? Optional.empty() : Optional.of("partition " + bad + " does not verify");
        };
    }
}
