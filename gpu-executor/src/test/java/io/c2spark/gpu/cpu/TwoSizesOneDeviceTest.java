package io.c2spark.gpu.cpu;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
import io.c2spark.gpu.coordinator.CoordinatorRegistry;
import io.c2spark.gpu.coordinator.DeviceCoordinators;
import io.c2spark.gpu.coordinator.GpuCoordinator;
import io.c2spark.gpu.coordinator.KeyLoader;
import io.c2spark.gpu.coordinator.TaskMetrics;
import io.c2spark.gpu.coordinator.VramLedger;
import io.c2spark.gpu.r1cs.TestCircuits;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Two circuit sizes (standing in for two sector sizes) proven on one GPU address of a machine
 * without CUDA, as the Spark job does it there: through the JVM's coordinator of device 0, made by
 * {@link CpuKernelWork#devices}, with a key per size. Every proof equals the CPU prover's for its
 * r and s and verifies; both keys are on the same coordinator and in its one ledger; no two
 * proofs' kernels (here, the CPU prover's arithmetic under the compute lock) overlap on the
 * device's clock, whichever size they prove.
 */
class TwoSizesOneDeviceTest {
    private static final int PROOFS = 24;

    @AfterEach
    void forgetTheCoordinators() {
        CoordinatorRegistry.shutdown();
    }

    /** One size: its circuit, key, parameters and a witness. */
    private record Size(KeyLoader<CpuStreamBackend> key, TestCircuits.Instance circuit, CpuProver prover, Verifier verifier,
            Witness witness) {
        static Size of(String name, long seed, int steps) {
            TestCircuits.Instance c = TestCircuits.mixed(seed, steps);
            R1csShape shape = ShapeSystem.of(c.circuit(), true);
            Parameters params = ParameterGenerator.generate(shape, ParameterGenerator.ToxicWaste.random(new Random(seed)));
            return new Size(CpuKernelWork.key(name, false, 2), c, new CpuProver(shape, params), new Verifier(params.vk()),
                    WitnessSystem.of(c.circuit()));
        }
    }

    private static long[] r(long[] rs) {
        return Arrays.copyOf(rs, 4);
    }

    private static long[] s(long[] rs) {
        return Arrays.copyOfRange(rs, 4, 8);
    }

    @Test
    @Timeout(120)
    void bothSizesProveOnOneCoordinatorWithoutKernelOverlap() throws Exception {
        Size small = Size.of("small", 26, 120);
        Size large = Size.of("large", 27, 400);
        DeviceCoordinators devices = CpuKernelWork.devices();
        Random rnd = new Random(28);
        long[][] rs = new long[PROOFS][8];
        for (long[] x : rs) {
            Fr.random(rnd, x, 0);
            Fr.random(rnd, x, 4);
        }
        byte[][] expected = new byte[PROOFS][];
        for (int i = 0; i < PROOFS; i++) {
            Size size = i % 3 == 0 ? large : small;
            expected[i] = ProofEncoding.encode(size.prover().prove(size.witness(), r(rs[i]), s(rs[i])));
        }
        ExecutorService workers = Executors.newFixedThreadPool(6);
        List<Future<GpuCoordinator.Outcome<Proof>>> futures = new ArrayList<>();
        try {
            for (int i = 0; i < PROOFS; i++) {
                Size size = i % 3 == 0 ? large : small;
                long[] r = r(rs[i]);
                long[] s = s(rs[i]);
                futures.add(workers.submit(() -> CpuKernelWork.run(devices, 0, size.key(), () -> size.witness(),
                        w -> size.prover().prove(w, r, s))));
            }
            List<TaskMetrics> metrics = new ArrayList<>();
            for (int i = 0; i < PROOFS; i++) {
                Size size = i % 3 == 0 ? large : small;
                GpuCoordinator.Outcome<Proof> o = futures.get(i).get(60, TimeUnit.SECONDS);
                assertArrayEquals(expected[i], ProofEncoding.encode(o.result()), "proof " + i + " of the " + size.key().name()
                        + " size");
                assertTrue(size.verifier().verify(size.circuit().publicInputs(), o.result()), "proof " + i + " verifies");
                assertEquals(size.key().name(), o.metrics().key());
                metrics.add(o.metrics());
            }
            metrics.sort(Comparator.comparingDouble(TaskMetrics::kernelsStartDeviceMs));
            for (int i = 1; i < metrics.size(); i++) {
                assertTrue(metrics.get(i).kernelsStartDeviceMs() >= metrics.get(i - 1).kernelsEndDeviceMs(),
                        "kernels of two proofs overlap: " + metrics.get(i - 1).toLogLine() + " / " + metrics.get(i).toLogLine());
            }
        } finally {
            workers.shutdownNow();
        }
        GpuCoordinator c = devices.coordinator(0);
        assertSame(c, CpuKernelWork.devices().coordinator(0), "one coordinator per device in the JVM");
        assertEquals(List.of("large", "small"), c.keys().stream().sorted().toList());
        assertEquals(Set.of("large", "small"), c.ledger().entries().stream().map(VramLedger.Plan::key).collect(Collectors.toSet()));
        assertEquals(4, c.slotCount(), "two slots per size");
        assertEquals(PROOFS, c.deviceMetrics().partitions());
        assertTrue(c.healthy());
    }
}
