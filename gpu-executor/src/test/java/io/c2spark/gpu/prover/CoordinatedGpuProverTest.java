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
 * the parameters resident and streamed (chunks of 1,024 G2 or 2,048 G1 points, so that the large
 * sums are several steps): every proof equals the CPU prover's for its r and s and verifies, the kernels of no two
 * proofs overlap on the device's clock, and nothing hangs (each proof has a deadline).
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

    @ParameterizedTest(name = "{0} workers, {1} parameters")
    @CsvSource({"1,resident", "2,resident", "4,resident", "8,resident", "1,streamed", "2,streamed", "4,streamed",
        "8,streamed"})
    void workersProveTogetherWithoutOverlapOrHang(int workers, String mode) throws Exception {
        GpuDevice d = GpuTestDevice.get();
        CoordinatedGpuProver.Config config = CoordinatedGpuProver.Config.of(workers, 0);
        if (mode.equals("streamed")) {
            config = config.streamed(SMALL_CHUNK);
        }
        ExecutorService pool = Executors.newFixedThreadPool(workers);
        long t0 = System.nanoTime();
        try (CoordinatedGpuProver gpu = CoordinatedGpuProver.open(d, shape, params, config, (dev, t) -> { })) {
            assertEquals(mode, gpu.plan().mode().name().toLowerCase());
            assertEquals(workers, gpu.plan().slots(), gpu.plan().describe());
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
