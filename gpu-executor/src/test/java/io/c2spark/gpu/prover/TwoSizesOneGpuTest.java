package io.c2spark.gpu.prover;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.c2spark.core.field.Fr;
import io.c2spark.core.groth16.CpuProver;
import io.c2spark.core.groth16.ParameterFile;
import io.c2spark.core.groth16.ParameterFiles;
import io.c2spark.core.groth16.ParameterGenerator;
import io.c2spark.core.groth16.Parameters;
import io.c2spark.core.groth16.Proof;
import io.c2spark.core.groth16.ProofEncoding;
import io.c2spark.core.groth16.Verifier;
import io.c2spark.core.porep.RegisteredSealProof;
import io.c2spark.core.porep.SectorShape;
import io.c2spark.core.porep.c1.C1Output;
import io.c2spark.core.porep.c2.PorepParameters;
import io.c2spark.core.porep.circuit.PartitionCircuits;
import io.c2spark.core.porep.circuit.PublicInputs;
import io.c2spark.core.r1cs.R1csShape;
import io.c2spark.core.r1cs.ShapeSystem;
import io.c2spark.core.r1cs.Witness;
import io.c2spark.core.r1cs.WitnessSystem;
import io.c2spark.gpu.GpuTestDevice;
import io.c2spark.gpu.TestData;
import io.c2spark.gpu.coordinator.GpuCoordinator;
import io.c2spark.gpu.coordinator.TaskMetrics;
import io.c2spark.gpu.coordinator.VramLedger;
import io.c2spark.gpu.r1cs.TestCircuits;
import io.c2spark.gpu.runtime.GpuDevice;

/**
 * Two sizes on one GPU through one coordinator: a sealed 2KiB sector's partition (2,687,961
 * constraints, its key read from a .params file) and the 3,000-step test circuit. Workers of both
 * prove at once: every proof equals the CPU prover's for its r and s and verifies, no two proofs'
 * kernels overlap on the device's clock whichever key they prove with, and both keys and their
 * slots are in the device's one ledger. Then the same two circuits as large keys: each load evicts
 * the other, idle, key (its device memory freed with the device idle), proofs still equal the CPU
 * prover's after a reload, and with every key unloaded the device's free memory is back where it
 * was. Prints the plan lines and the GPU's busy fraction.
 */
@Tag("gpu")
class TwoSizesOneGpuTest {
    private static final int ROUNDS = 4;

    /** One size: its circuit, parameters, witness, public inputs, and CPU proofs for a few r, s. */
    private record Size(String name, R1csShape shape, Parameters params, Witness witness, long[] inputs, long[][] rs,
            byte[][] cpuProofs) {
        static Size of(String name, R1csShape shape, Parameters params, Witness witness, long[] inputs, int proofs, Random rnd) {
            long[][] rs = new long[proofs][8];
            byte[][] cpu = new byte[proofs][];
            CpuProver prover = new CpuProver(shape, params);
            for (int i = 0; i < proofs; i++) {
                Fr.random(rnd, rs[i], 0);
                Fr.random(rnd, rs[i], 4);
                cpu[i] = ProofEncoding.encode(prover.prove(witness, r(rs[i]), s(rs[i])));
            }
            return new Size(name, shape, params, witness, inputs, rs, cpu);
        }
    }

    private static long[] r(long[] rs) {
        return Arrays.copyOf(rs, 4);
    }

    private static long[] s(long[] rs) {
        return Arrays.copyOfRange(rs, 4, 8);
    }

    @Test
    void twoSizesShareOneCoordinatorOneLedgerAndNeverOverlap(@TempDir Path dir) throws Exception {
        GpuDevice d = GpuTestDevice.get();
        long seed = TestData.SEED;
        Random rnd = new Random(seed);
        RegisteredSealProof kind = RegisteredSealProof.STACKED_DRG_2KIB_V1_1;
        C1Output c1 = TestSectors.sealed(kind, rnd);
        R1csShape shape2k = PorepParameters.circuitShape(SectorShape.SIZE_2KIB);
        Parameters params2k = ParameterGenerator.generate(shape2k, ParameterGenerator.ToxicWaste.random(new Random(seed + 1)));
        Path file = dir.resolve("2KiB.params");
        ParameterFiles.writeParams(params2k, file);
        Size sector = Size.of("2KiB", shape2k, params2k, WitnessSystem.of(PartitionCircuits.of(c1, 0)),
                PublicInputs.forPartition(kind, c1.replicaId(), c1.commD(), c1.commR(), c1.seed(), 0), 2, rnd);
        TestCircuits.Instance test = TestCircuits.mixed(seed, 3000);
        R1csShape testShape = ShapeSystem.of(test.circuit(), true);
        Parameters testParams = ParameterGenerator.generate(testShape, ParameterGenerator.ToxicWaste.random(new Random(seed + 2)));
        Size circuit = Size.of("test-3000", testShape, testParams, WitnessSystem.of(test.circuit()), test.publicInputs(), 6, rnd);

        CoordinatedGpuProver.Config config = CoordinatedGpuProver.Config.of(2, 0);
        List<String> plans = Collections.synchronizedList(new ArrayList<>());
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try (ParameterFile source = ParameterFile.open(file);
             GpuCoordinator c = CoordinatedGpuProver.coordinator(d, config, null, plans::add)) {
            CoordinatedGpuProver onSector = CoordinatedGpuProver.on(c, sector.name(), false, sector::shape, source, config);
            CoordinatedGpuProver onCircuit = CoordinatedGpuProver.on(c, circuit.name(), false, circuit::shape, testParams, config);
            long t0 = System.nanoTime();
            List<Future<GpuCoordinator.Outcome<Proof>>> futures = new ArrayList<>();
            List<Size> sizes = new ArrayList<>();
            List<Integer> which = new ArrayList<>();
            for (int round = 0; round < ROUNDS; round++) {
                for (int i = 0; i < sector.rs().length + circuit.rs().length; i++) {
                    boolean isSector = i < sector.rs().length;
                    Size size = isSector ? sector : circuit;
                    int k = isSector ? i : i - sector.rs().length;
                    CoordinatedGpuProver prover = isSector ? onSector : onCircuit;
                    futures.add(pool.submit(() -> prover.run(size.witness(), r(size.rs()[k]), s(size.rs()[k]))));
                    sizes.add(size);
                    which.add(k);
                }
            }
            List<TaskMetrics> metrics = new ArrayList<>();
            for (int i = 0; i < futures.size(); i++) {
                GpuCoordinator.Outcome<Proof> o = futures.get(i).get(300, TimeUnit.SECONDS);
                Size size = sizes.get(i);
                assertArrayEquals(size.cpuProofs()[which.get(i)], ProofEncoding.encode(o.result()),
                        size.name() + " proof " + i + " (seed " + seed + ")");
                assertTrue(new Verifier(size.params().vk()).verify(size.inputs(), o.result()), size.name() + " proof " + i + " verifies");
                assertEquals(size.name(), o.metrics().key());
                metrics.add(o.metrics());
            }
            metrics.sort(Comparator.comparingDouble(TaskMetrics::kernelsStartDeviceMs));
            for (int i = 1; i < metrics.size(); i++) {
                assertTrue(metrics.get(i).kernelsStartDeviceMs() >= metrics.get(i - 1).kernelsEndDeviceMs(),
                        "kernels of two proofs overlap: " + metrics.get(i - 1).toLogLine() + " / " + metrics.get(i).toLogLine());
            }
            assertEquals(Set.of("2KiB", "test-3000"), c.ledger().entries().stream().map(VramLedger.Plan::key)
                    .collect(Collectors.toSet()));
            assertEquals(c.plan("2KiB").usedBytes() + c.plan("test-3000").usedBytes(), c.ledger().usedBytes());
            assertEquals(c.plan("2KiB").slots() + c.plan("test-3000").slots(), c.slotCount());
            assertEquals(2, plans.size(), plans.toString());
            plans.forEach(l -> System.out.println("[gpu coordinator] " + l));
            System.out.printf("[gpu coordinator] two sizes, 4 workers: %d proofs in %.0f ms, GPU busy %.0f%%; last: %s%n",
                    c.deviceMetrics().partitions(), (System.nanoTime() - t0) / 1e6, 100 * c.deviceMetrics().busyFraction(),
                    metrics.get(metrics.size() - 1).toLogLine());

            assertTrue(c.unload("2KiB") && c.unload("test-3000"));
            assertEquals(0, c.ledger().usedBytes());
            long free0 = d.freeMemory();
            CoordinatedGpuProver large1 = CoordinatedGpuProver.on(c, "large-2KiB", true, sector::shape, source, config);
            CoordinatedGpuProver large2 = CoordinatedGpuProver.on(c, "large-test", true, circuit::shape, testParams, config);
            assertArrayEquals(sector.cpuProofs()[0], ProofEncoding.encode(large1.prove(sector.witness(), r(sector.rs()[0]),
                    s(sector.rs()[0]))));
            assertArrayEquals(circuit.cpuProofs()[0], ProofEncoding.encode(large2.prove(circuit.witness(), r(circuit.rs()[0]),
                    s(circuit.rs()[0]))));
            assertEquals(List.of("large-test"), c.keys());
            assertEquals(List.of("large-2KiB"), c.plan("large-test").evicted());
            assertArrayEquals(sector.cpuProofs()[1], ProofEncoding.encode(large1.prove(sector.witness(), r(sector.rs()[1]),
                    s(sector.rs()[1]))), "the 2KiB key reloaded after its eviction");
            assertEquals(List.of("large-2KiB"), c.keys());
            assertEquals(List.of("large-test"), c.plan("large-2KiB").evicted());
            String line = plans.get(plans.size() - 1);
            assertTrue(line.contains("large-2KiB key: ") && line.contains("evicted the idle large-test key"), line);
            System.out.println("[gpu coordinator] " + line);
            assertTrue(c.unload("large-2KiB"));
            long free1 = d.freeMemory();
            System.out.printf("[gpu coordinator] free device memory with no key: %.1f MiB before the large keys, %.1f MiB after%n",
                    free0 / 1048576.0, free1 / 1048576.0);
            assertTrue(Math.abs(free1 - free0) < 256L << 20, "evictions gave the device memory back: " + free0 + " / " + free1);
        } finally {
            pool.shutdownNow();
        }
    }
}
