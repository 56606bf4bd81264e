package io.c2spark.gpu.prover;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import io.c2spark.core.field.Fr;
import io.c2spark.core.groth16.CpuProver;
import io.c2spark.core.groth16.ParameterGenerator;
import io.c2spark.core.groth16.Parameters;
import io.c2spark.core.groth16.Proof;
import io.c2spark.core.groth16.ProofEncoding;
import io.c2spark.core.groth16.QueryLayout;
import io.c2spark.core.groth16.Verifier;
import io.c2spark.core.porep.c2.PartitionPipeline;
import io.c2spark.core.r1cs.R1csShape;
import io.c2spark.core.r1cs.ShapeSystem;
import io.c2spark.core.r1cs.Witness;
import io.c2spark.core.r1cs.WitnessSystem;
import io.c2spark.gpu.GpuTestDevice;
import io.c2spark.gpu.TestData;
import io.c2spark.gpu.coordinator.GpuCoordinator;
import io.c2spark.gpu.coordinator.TaskMetrics;
import io.c2spark.gpu.coordinator.VramLedger;
import io.c2spark.gpu.msm.Curve;
import io.c2spark.gpu.r1cs.TestCircuits;
import io.c2spark.gpu.runtime.GpuDevice;

/**
 * 1, 2, 4 and 8 workers proving 32 partitions together through the coordinator on one GPU, with
 * the parameters resident (with and without copies of the h points) and streamed (chunks of 1,024
 * G2 or 2,048 G1 points, so that the large sums are several steps): every proof equals the CPU
 * prover's for its r and s and verifies, the kernels of no two proofs overlap on the device's
 * clock, and nothing hangs (each proof has a deadline). The partition pipeline over two slots
 * gives the CPU prover's proofs for the r and s it draws, with each proof's device phases when
 * profiling.
 */
@Tag("gpu")
class CoordinatedGpuProverTest {
    private static final int PROOFS = 32;
    private static final long SMALL_CHUNK = 1024 * Curve.G2.affineBytes();

    private static TestCircuits.Instance circuit;
    private static R1csShape shape;
    private static Parameters params;
    private static Witness witness;
    private static long[][] rs;
    private static byte[][] cpuProofs;
    private static Verifier verifier;

    @BeforeAll
    static void proveOnTheCpu() {
        long seed = TestData.SEED;
        circuit = TestCircuits.mixed(seed, 3000);
        shape = ShapeSystem.of(circuit.circuit(), true);
        params = ParameterGenerator.generate(shape, ParameterGenerator.ToxicWaste.random(new Random(seed)));
        witness = WitnessSystem.of(circuit.circuit());
        verifier = new Verifier(params.vk());
        CpuProver cpu = new CpuProver(shape, params);
        Random rnd = new Random(seed);
        rs = new long[PROOFS][8];
        cpuProofs = new byte[PROOFS][];
        for (int i = 0; i < PROOFS; i++) {
            Fr.random(rnd, rs[i], 0);
            Fr.random(rnd, rs[i], 4);
            cpuProofs[i] = ProofEncoding.encode(cpu.prove(witness, r(i), s(i)));
        }
    }

    @AfterAll
    static void release() {
        params = null;
        cpuProofs = null;
    }

    private static long[] r(int i) {
        return Arrays.copyOf(rs[i], 4);
    }

    private static long[] s(int i) {
        return Arrays.copyOfRange(rs[i], 4, 8);
    }

    @ParameterizedTest(name = "{0} workers, {1} parameters, at most {2} copies of h")
    @CsvSource({"1,resident,1", "2,resident,1", "4,resident,1", "8,resident,1", "1,resident,12", "2,resident,12",
        "4,resident,12", "1,streamed,12", "2,streamed,12", "4,streamed,12", "8,streamed,12"})
    void workersProveTogetherWithoutOverlapOrHang(int workers, String mode, int maxCopies) throws Exception {
        GpuDevice d = GpuTestDevice.get();
        CoordinatedGpuProver.Config config = CoordinatedGpuProver.Config.of(workers, 0).withMaxHCopies(maxCopies);
        if (mode.equals("streamed")) {
            config = config.streamed(SMALL_CHUNK);
        }
        ExecutorService pool = Executors.newFixedThreadPool(workers);
        long t0 = System.nanoTime();
        try (CoordinatedGpuProver gpu = CoordinatedGpuProver.open(d, shape, params, config, (dev, t) -> { })) {
            assertEquals(mode, gpu.plan().mode().name().toLowerCase());
            assertEquals(workers, gpu.plan().slots(), gpu.plan().describe());
            assertEquals(mode.equals("resident") && maxCopies > 1, gpu.plan().copyCount() > 1, gpu.plan().describe());
            List<Future<GpuCoordinator.Outcome<Proof>>> futures = new ArrayList<>();
            for (int i = 0; i < PROOFS; i++) {
                int k = i;
                futures.add(pool.submit(() -> gpu.run(witness, r(k), s(k))));
            }
            List<TaskMetrics> metrics = new ArrayList<>();
            for (int i = 0; i < PROOFS; i++) {
                GpuCoordinator.Outcome<Proof> o = futures.get(i).get(120, TimeUnit.SECONDS);
                assertArrayEquals(cpuProofs[i], ProofEncoding.encode(o.result()), mode + ", " + workers + " workers: proof " + i
                        + " (seed " + TestData.SEED + ")");
                assertTrue(verifier.verify(circuit.publicInputs(), o.result()), "proof " + i + " verifies");
                metrics.add(o.metrics());
            }
            metrics.sort(Comparator.comparingDouble(TaskMetrics::kernelsStartDeviceMs));
            for (int i = 1; i < metrics.size(); i++) {
                assertTrue(metrics.get(i).kernelsStartDeviceMs() >= metrics.get(i - 1).kernelsEndDeviceMs(),
                        "kernels of two proofs overlap: " + metrics.get(i - 1).toLogLine() + " / " + metrics.get(i).toLogLine());
            }
            assertEquals(workers, gpu.coordinator().freeSlots());
            System.out.printf("[gpu prover] %s, %d workers: %d proofs in %.0f ms, GPU busy %.0f%%; last: %s%n", mode, workers,
                    gpu.coordinator().deviceMetrics().partitions(), (System.nanoTime() - t0) / 1e6,
                    100 * gpu.coordinator().deviceMetrics().busyFraction(), metrics.get(metrics.size() - 1).toLogLine());
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void thePipelineProvesWithTwoSlotsAndProfiles() throws Exception {
        int partitions = 6;
        long seed = TestData.SEED + 9;
        // The r and s the pipeline draws, partition by partition: the CPU's proofs for them.
        Random draws = new Random(seed);
        CpuProver cpu = new CpuProver(shape, params);
        List<byte[]> want = new ArrayList<>();
        for (int k = 0; k < partitions; k++) {
            long[] r = new long[4];
            long[] s = new long[4];
            Fr.random(draws, r, 0);
            Fr.random(draws, s, 0);
            want.add(ProofEncoding.encode(cpu.prove(witness, r, s)));
        }
        try (CoordinatedGpuProver gpu = CoordinatedGpuProver.open(GpuTestDevice.get(), shape, params,
                CoordinatedGpuProver.Config.of(2, 0).profiled(true), null)) {
            assertEquals(2, gpu.parallelProofs(), gpu.plan().describe());
            List<String> lines = new java.util.concurrent.CopyOnWriteArrayList<>();
            PartitionPipeline.Result result = PartitionPipeline.prove(partitions, k -> witness, gpu, new Random(seed),
                    (k, proof) -> verifier.verify(circuit.publicInputs(), ProofEncoding.decode(proof)), lines::add);
            assertEquals(2, result.workers());
            assertEquals(-1, result.firstInvalidPartition(), lines.toString());
            for (int k = 0; k < partitions; k++) {
                assertArrayEquals(want.get(k), Arrays.copyOfRange(result.proofs(), k * ProofEncoding.BYTES,
                        (k + 1) * ProofEncoding.BYTES), "partition " + k + " (seed " + seed + ")");
                PartitionPipeline.PartitionTiming t = result.timings().get(k);
                assertTrue(t.busyMs() > 0, t.toString());
                List<String> phases = new ArrayList<>(t.phasesMs().keySet());
                assertEquals("upload", phases.get(0), phases.toString());
                assertTrue(phases.contains("ntt h to coefficients") && phases.contains("read-back"), phases.toString());
            }
            lines.forEach(l -> System.out.println("[gpu prover] pipeline " + l));
            System.out.println("[gpu prover] pipeline " + result.describe());
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"RESIDENT", "STREAMED"})
    void aKeyOnTheDeviceIsSharedWithItsModeKept(VramLedger.Mode mode) throws Exception {
        GpuDevice d = GpuTestDevice.get();
        try (DeviceProvingKey key = new DeviceProvingKey(d, shape, params, new QueryLayout(shape, params),
                mode, SMALL_CHUNK);
             CoordinatedGpuProver gpu = CoordinatedGpuProver.over(key, CoordinatedGpuProver.Config.of(2, 0)
                     .withLocks(GpuCoordinator.Locks.ONE), null)) {
            assertEquals(mode, gpu.plan().mode());
            assertEquals(GpuCoordinator.Locks.ONE, gpu.coordinator().locks());
            assertArrayEquals(cpuProofs[0], ProofEncoding.encode(gpu.prove(witness, r(0), s(0))));
        }
    }
}
