package io.c2spark.gpu.prover;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.ToDoubleFunction;

import io.c2spark.core.field.Fr;
import io.c2spark.core.groth16.ParameterFile;
import io.c2spark.core.groth16.ParameterFiles;
import io.c2spark.core.groth16.ParameterGenerator;
import io.c2spark.core.groth16.Parameters;
import io.c2spark.core.groth16.Proof;
import io.c2spark.core.groth16.QueryLayout;
import io.c2spark.core.groth16.Verifier;
import io.c2spark.core.porep.RegisteredSealProof;
import io.c2spark.core.porep.SectorShape;
import io.c2spark.core.porep.c1.C1Output;
import io.c2spark.core.porep.c2.PorepParameters;
import io.c2spark.core.porep.circuit.PartitionCircuits;
import io.c2spark.core.porep.circuit.PublicInputs;
import io.c2spark.core.r1cs.R1csShape;
import io.c2spark.core.r1cs.Witness;
import io.c2spark.core.r1cs.WitnessSystem;
import io.c2spark.gpu.GpuTestDevice;
import io.c2spark.gpu.TestData;
import io.c2spark.gpu.coordinator.GpuCoordinator;
import io.c2spark.gpu.coordinator.TaskMetrics;
import io.c2spark.gpu.coordinator.VramLedger;
import io.c2spark.gpu.runtime.GpuDevice;

/**
 * The GPU prover on one device, per sector size: the timeline of one partition (staging, upload,
 * each kernel phase, read-back and assembly) and the throughput of 1, 2 and 4 workers proving a
 * batch of partitions together through the coordinator, with two locks and with one lock (what
 * the memory lock buys), with resident parameters and with parameters streamed from a .params file.
 * Every proof is verified.
 * The witness is built once per size and proven with fresh r and s each time: this measures the
 * prover (staging, device, assembly), not witness synthesis, which the Spark job's benchmark
 * includes.
 *
 * <p>Usage: ProverThroughputBench OUT_DIR, with -Dc2spark.bench.sizes=2KiB,8MiB,512MiB,
 * -Dc2spark.bench.partitions=24 and -Dc2spark.bench.workers=1,2,4. Prints [timeline] and
 * [throughput] lines and writes prover-timeline.csv and prover-throughput.csv to OUT_DIR.
 */
public final class ProverThroughputBench {
    private final GpuDevice device;
    private final int partitions;
    private final List<String> timeline = new ArrayList<>();
    private final List<String> throughput = new ArrayList<>();

    private ProverThroughputBench(GpuDevice device, int partitions) {
        this.device = device;
        this.partitions = partitions;
    }

    public static void main(String[] args) throws Exception {
        Path out = Path.of(args.length > 0 ? args[0] : ".");
        Files.createDirectories(out);
        int partitions = Integer.getInteger("c2spark.bench.partitions", 24);
        ProverThroughputBench bench = new ProverThroughputBench(GpuTestDevice.get(), partitions);
        int[] workers = ints(System.getProperty("c2spark.bench.workers", "1,2,4"));
        for (String size : System.getProperty("c2spark.bench.sizes", "2KiB,8MiB,512MiB").split(",")) {
            bench.size(RegisteredSealProof.interactive(SectorShape.parse(size.trim()), false), workers);
        }
        Files.write(out.resolve("prover-timeline.csv"), withHeader("size,phase,ms", bench.timeline));
        Files.write(out.resolve("prover-throughput.csv"), withHeader("size,params,locks,workers,slots,partitions,wall_s,"
                + "partitions_per_min,gpu_busy,kernels_ms,upload_ms,prepare_ms,mem_wait_ms,compute_wait_ms,slot_wait_ms,"
                + "finish_ms,total_ms", bench.throughput));
    }

    private void size(RegisteredSealProof kind, int[] workers) throws Exception {
        String size = kind.shape().label();
        Random rnd = new Random(TestData.SEED + kind.ordinal());
        long t0 = System.nanoTime();
        C1Output c1 = TestSectors.of(kind, rnd);
        long t1 = System.nanoTime();
        R1csShape shape = PorepParameters.circuitShape(kind.shape());
        Parameters params = ParameterGenerator.generate(shape, ParameterGenerator.ToxicWaste.random(rnd));
        long t2 = System.nanoTime();
        Witness w = WitnessSystem.of(PartitionCircuits.of(c1, 0));
        long t3 = System.nanoTime();
        long[] inputs = PublicInputs.forPartition(kind, c1.replicaId(), c1.commD(), c1.commR(), c1.seed(), 0);
        System.out.printf("[setup] %s: C1 %.1f s, shape and parameters %.1f s (%,d constraints), witness %.2f s%n", size,
                (t1 - t0) / 1e9, (t2 - t1) / 1e9, shape.numConstraints(), (t3 - t2) / 1e9);
        QueryLayout layout = new QueryLayout(shape, params);
        Verifier verifier = new Verifier(params.vk());
        try (DeviceProvingKey key = new DeviceProvingKey(device, shape, params, layout, VramLedger.Mode.RESIDENT,
                ProofPlan.WHOLE)) {
            kernelPhases(size, key, w);
            for (GpuCoordinator.Locks locks : GpuCoordinator.Locks.values()) {
                for (int n : workers) {
                    run(size, key, n, locks, w, inputs, verifier);
                }
            }
        }
        // Streamed keys read the parameter file during each proof, as the job's do.
        Path file = Files.createTempFile("c2spark-bench-" + size, ".params");
        try {
            ParameterFiles.writeParams(params, file);
            try (ParameterFile source = ParameterFile.open(file);
                 DeviceProvingKey key = new DeviceProvingKey(device, shape, source, layout, VramLedger.Mode.STREAMED,
                         CoordinatedGpuProver.DEFAULT_CHUNK_BYTES)) {
                System.out.printf("[setup] %s streamed key from %s: %s, %s%n", size, file, key.load.describe(), PeakRss.describe());
                for (int n : workers) {
                    run(size, key, n, GpuCoordinator.Locks.TWO, w, inputs, verifier);
                }
            }
        } finally {
            Files.deleteIfExists(file);
        }
    }

    /** Device time of each kernel phase of one proof (after two warm-up proofs). */
    private void kernelPhases(String size, DeviceProvingKey key, Witness w) {
        try (GpuProver gpu = new GpuProver(key)) {
            long[] r = random(new Random(1));
            gpu.prove(w, r, r);
            gpu.prove(w, r, r);
            gpu.enableProfiling();
            gpu.prove(w, r, r);
            for (Map.Entry<String, Float> e : gpu.phaseMillis().entrySet()) {
                // Phase names hold commas: quoted, as CSV readers expect.
                timeline.add(String.join(",", size, "\"" + e.getKey() + "\"", String.format("%.3f", e.getValue())));
                System.out.printf("[timeline] %-7s %-40s %9.2f ms%n", size, e.getKey(), e.getValue());
            }
        }
    }

    /** partitions proofs by n workers through one coordinator over the key; every proof verified. */
    private void run(String size, DeviceProvingKey key, int n, GpuCoordinator.Locks locks, Witness w, long[] inputs,
            Verifier verifier) throws Exception {
        CoordinatedGpuProver.Config config = CoordinatedGpuProver.Config.of(n, 0).withLocks(locks);
        ExecutorService pool = Executors.newFixedThreadPool(n);
        try (CoordinatedGpuProver gpu = CoordinatedGpuProver.over(key, config, null)) {
            Random rnd = new Random(n * 31L + locks.ordinal());
            for (int i = 0; i < n; i++) {
                long[] r = random(rnd);
                gpu.prove(w, r, r);
            }
            List<Future<GpuCoordinator.Outcome<Proof>>> futures = new ArrayList<>();
            long t0 = System.nanoTime();
            for (int i = 0; i < partitions; i++) {
                long[] r = random(rnd);
                long[] s = random(rnd);
                futures.add(pool.submit(() -> gpu.run(w, r, s)));
            }
            List<TaskMetrics> metrics = new ArrayList<>();
            List<Proof> proofs = new ArrayList<>();
            for (Future<GpuCoordinator.Outcome<Proof>> f : futures) {
                GpuCoordinator.Outcome<Proof> o = f.get(10, TimeUnit.MINUTES);
                metrics.add(o.metrics());
                proofs.add(o.result());
            }
            double wall = (System.nanoTime() - t0) / 1e9;
            for (int i = 0; i < proofs.size(); i++) {
                if (!verifier.verify(inputs, proofs.get(i))) {
                    throw new IllegalStateException(size + ": proof " + i + " does not verify (" + n + " workers)");
                }
            }
            double busy = busyFraction(metrics);
            String mode = key.mode.name().toLowerCase();
            String row = String.format("%s,%s,%s,%d,%d,%d,%.3f,%.1f,%.3f,%.2f,%.2f,%.2f,%.2f,%.2f,%.2f,%.2f,%.2f", size, mode,
                    locks.name().toLowerCase(), n, gpu.plan().slots(), partitions, wall, 60 * partitions / wall, busy,
                    mean(metrics, TaskMetrics::kernelsDeviceMs), mean(metrics, TaskMetrics::uploadDeviceMs),
                    mean(metrics, TaskMetrics::prepareMs), mean(metrics, TaskMetrics::memoryLockWaitMs),
                    mean(metrics, TaskMetrics::computeLockWaitMs), mean(metrics, TaskMetrics::slotWaitMs),
                    mean(metrics, TaskMetrics::finishMs), mean(metrics, TaskMetrics::totalMs));
            throughput.add(row);
            System.out.printf("[throughput] %-7s %-8s %s lock(s) %d worker(s): %d verified proofs in %.2f s = %.1f partitions/min,"
                    + " GPU busy %.0f%%, kernels %.1f ms, upload %.2f ms, stage %.1f ms, mem wait %.1f ms, compute wait %.1f ms,"
                    + " finish %.1f ms%n", size, mode, locks == GpuCoordinator.Locks.TWO ? "two" : "one", n, partitions, wall,
                    60 * partitions / wall, 100 * busy, mean(metrics, TaskMetrics::kernelsDeviceMs),
                    mean(metrics, TaskMetrics::uploadDeviceMs), mean(metrics, TaskMetrics::prepareMs),
                    mean(metrics, TaskMetrics::memoryLockWaitMs), mean(metrics, TaskMetrics::computeLockWaitMs),
                    mean(metrics, TaskMetrics::finishMs));
        } finally {
            pool.shutdownNow();
        }
    }

    /** Kernel time over the span from the first upload to the last kernel end, on the device's clock. */
    private static double busyFraction(List<TaskMetrics> metrics) {
        double start = Double.MAX_VALUE;
        double end = 0;
        double kernels = 0;
        for (TaskMetrics m : metrics) {
            start = Math.min(start, m.uploadStartDeviceMs());
            end = Math.max(end, m.kernelsEndDeviceMs());
            kernels += m.kernelsDeviceMs();
        }
        return kernels / (end - start);
    }

    private static double mean(List<TaskMetrics> metrics, ToDoubleFunction<TaskMetrics> f) {
        return metrics.stream().mapToDouble(f).average().orElse(0);
    }

    private static long[] random(Random rnd) {
        long[] x = new long[Fr.LIMBS];
        Fr.random(rnd, x, 0);
        return x;
    }

    private static int[] ints(String csv) {
        return Arrays.stream(csv.split(",")).map(String::trim).mapToInt(Integer::parseInt).toArray();
    }

    private static List<String> withHeader(String header, List<String> rows) {
        List<String> all = new ArrayList<>();
        all.add(header);
        all.addAll(rows);
        return all;
    }
}
