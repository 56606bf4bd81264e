package io.c2spark.gpu.prover;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import io.c2spark.core.field.Fr;
import io.c2spark.core.groth16.CpuProver;
import io.c2spark.core.groth16.ParameterGenerator;
import io.c2spark.core.groth16.Parameters;
import io.c2spark.core.groth16.Proof;
import io.c2spark.core.groth16.ProofEncoding;
import io.c2spark.core.groth16.Verifier;
import io.c2spark.core.r1cs.R1csShape;
import io.c2spark.core.r1cs.ShapeSystem;
import io.c2spark.core.r1cs.Witness;
import io.c2spark.core.r1cs.WitnessSystem;
import io.c2spark.gpu.GpuDevice;
import io.c2spark.gpu.GpuTestAccess;
import io.c2spark.gpu.TestCircuits;
import io.c2spark.gpu.coordinator.GpuCoordinator;
import io.c2spark.gpu.coordinator.TaskMetrics;

/**
 * Many threads proving through the coordinator on one GPU (3 slots, 6 workers, 24 proofs): every
 * proof equals the CPU prover's for its r and s and verifies, the kernels of no two proofs overlap
 * on the device's clock, and nothing hangs.
 */
@Tag("gpu")
class CoordinatedGpuProverTest {
    @Test
    void concurrentProofsEqualCpuProofsAndKernelsNeverOverlap() throws Exception {
        GpuDevice d = GpuTestAccess.device();
        long seed = GpuTestAccess.seed();
        TestCircuits.Instance c = TestCircuits.mixed(seed, 3000);
        R1csShape shape = ShapeSystem.of(c.circuit(), true);
        Parameters params = ParameterGenerator.generate(shape, ParameterGenerator.ToxicWaste.random(new Random(seed)));
        Witness w = WitnessSystem.of(c.circuit());
        CpuProver cpu = new CpuProver(shape, params);
        Verifier verifier = new Verifier(params.vk());
        int proofs = 24;
        long[][] rs = new long[proofs][8];
        Random rnd = new Random(seed);
        for (long[] x : rs) {
            Fr.random(rnd, x, 0);
            Fr.random(rnd, x, 4);
        }
        ExecutorService pool = Executors.newFixedThreadPool(6);
        try (DeviceProvingKey key = new DeviceProvingKey(d, shape, params);
             CoordinatedGpuProver gpu = CoordinatedGpuProver.sized(key, 3, 0, 2L << 30, (dev, t) -> { })) {
            List<Future<GpuCoordinator.Outcome<Proof>>> futures = new ArrayList<>();
            for (long[] x : rs) {
                futures.add(pool.submit(() -> gpu.run(w, java.util.Arrays.copyOf(x, 4), java.util.Arrays.copyOfRange(x, 4, 8))));
            }
            List<TaskMetrics> metrics = new ArrayList<>();
            for (int i = 0; i < proofs; i++) {
                GpuCoordinator.Outcome<Proof> o = futures.get(i).get(120, TimeUnit.SECONDS);
                Proof want = cpu.prove(w, java.util.Arrays.copyOf(rs[i], 4), java.util.Arrays.copyOfRange(rs[i], 4, 8));
                assertArrayEquals(ProofEncoding.encode(want), ProofEncoding.encode(o.result()), "proof " + i + " (seed " + seed + ")");
                assertTrue(verifier.verify(c.publicInputs(), o.result()), "proof " + i + " verifies");
                metrics.add(o.metrics());
            }
            metrics.sort(Comparator.comparingDouble(TaskMetrics::kernelsStartDeviceMs));
            for (int i = 1; i < metrics.size(); i++) {
                assertTrue(metrics.get(i).kernelsStartDeviceMs() >= metrics.get(i - 1).kernelsEndDeviceMs(),
                        "kernels of two proofs overlap: " + metrics.get(i - 1).toLogLine() + " / " + metrics.get(i).toLogLine());
            }
            assertEquals(3, gpu.coordinator().freeSlots());
            System.out.printf("[gpu prover] coordinated, 3 slots, 6 workers: %d proofs, GPU busy %.0f%%; last: %s%n",
                    gpu.coordinator().deviceMetrics().partitions(), 100 * gpu.coordinator().deviceMetrics().busyFraction(),
                    metrics.get(metrics.size() - 1).toLogLine());
        } finally {
            pool.shutdownNow();
        }
    }
}
