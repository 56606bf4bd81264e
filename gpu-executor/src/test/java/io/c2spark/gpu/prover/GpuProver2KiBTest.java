package io.c2spark.gpu.prover;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.Random;

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
import io.c2spark.core.groth16.TimedProof;
import io.c2spark.core.porep.RegisteredSealProof;
import io.c2spark.core.porep.SectorShape;
import io.c2spark.core.porep.c1.C1Output;
import io.c2spark.core.porep.c2.PorepParameters;
import io.c2spark.core.porep.c2.SealProver;
import io.c2spark.core.porep.c2.SealVerifier;
import io.c2spark.core.porep.circuit.PartitionCircuits;
import io.c2spark.core.porep.seal.Fr32;
import io.c2spark.core.porep.seal.SealedSector;
import io.c2spark.core.porep.seal.Sealer;
import io.c2spark.core.porep.seal.VanillaProver;
import io.c2spark.core.porep.vanilla.proof.VanillaProof;
import io.c2spark.core.r1cs.R1csShape;
import io.c2spark.core.r1cs.Witness;
import io.c2spark.core.r1cs.WitnessSystem;
import io.c2spark.gpu.GpuTestDevice;
import io.c2spark.gpu.TestData;
import io.c2spark.gpu.coordinator.VramLedger;
import io.c2spark.gpu.msm.Curve;
import io.c2spark.gpu.runtime.GpuDevice;

/**
 * A sealed 2KiB sector's partition (2,687,961 constraints, domain 2^22) proven on the GPU, with the
 * key loaded from a .params file (resident, streamed, and as the command line's backend), and on
 * the CPU with the same witness, r and s: equal 192 bytes; and a seal proof made on the GPU through
 * SealProver verifies. Prints the timings that docs/benchmarks.md records ("[gpu prover]" lines).
 */
@Tag("gpu")
class GpuProver2KiBTest {
    @Test
    void partitionProofEqualsTheCpuProofAndVerifies(@TempDir Path dir) throws Exception {
        GpuDevice d = GpuTestDevice.get();
        long seed = TestData.SEED;
        Random rnd = new Random(seed);
        RegisteredSealProof kind = RegisteredSealProof.STACKED_DRG_2KIB_V1_1;
        byte[] raw = new byte[2048 / 128 * 127];
        rnd.nextBytes(raw);
        byte[] ticket = bytes(rnd);
        ticket[31] &= 0x3F;
        SealedSector sector = Sealer.seal(kind, Fr32.pad(raw), bytes(rnd), rnd.nextLong() >>> 1, ticket, null);
        byte[] chainSeed = bytes(rnd);
        VanillaProof[][] vanilla = VanillaProver.prove(sector, chainSeed);
        C1Output c1 = new C1Output(kind, vanilla, sector.commR(), sector.commD(), sector.replicaId(), chainSeed, ticket);

        long t0 = System.nanoTime();
        R1csShape shape = PorepParameters.circuitShape(SectorShape.SIZE_2KIB);
        long t1 = System.nanoTime();
        Parameters params = ParameterGenerator.generate(shape, ParameterGenerator.ToxicWaste.random(new Random(seed + 1)));
        long t2 = System.nanoTime();
        report("shape %.1f s, parameters %.1f s (%,d constraints)", t0, t1, t2, shape.numConstraints());
        Path file = dir.resolve("2KiB.params");
        ParameterFiles.writeParams(params, file);

        long t3 = System.nanoTime();
        try (ParameterFile source = ParameterFile.open(file); DeviceProvingKey key = new DeviceProvingKey(d, shape, source);
             GpuProver gpu = new GpuProver(key)) {
            System.out.printf("[gpu prover] 2KiB device key from the file: %.2f s to load (%s), %.0f MiB on the device, %s%n",
                    (System.nanoTime() - t3) / 1e9, key.load.describe(), key.bytes() / 1048576.0, PeakRss.describe());
            long w0 = System.nanoTime();
            Witness w = WitnessSystem.of(PartitionCircuits.of(c1, 0));
            System.out.printf("[gpu prover] 2KiB witness: %.3f s%n", (System.nanoTime() - w0) / 1e9);
            long[] r = new long[4];
            long[] s = new long[4];
            Fr.random(rnd, r, 0);
            Fr.random(rnd, s, 0);
            Proof gpuProof = null;
            for (int i = 0; i < 5; i++) {
                long a = System.nanoTime();
                gpuProof = gpu.prove(w, r, s);
                System.out.printf("[gpu prover] 2KiB partition proof on the GPU (run %d): %.1f ms (staging, device work, "
                        + "read-back, assembly; witness excluded)%n", i, (System.nanoTime() - a) / 1e6);
            }
            gpu.enableProfiling();
            long p0 = System.nanoTime();
            gpu.prove(w, r, s);
            System.out.printf("[gpu prover] 2KiB profiled proof: %.1f ms; device phases (ms):%n", (System.nanoTime() - p0) / 1e6);
            float total = 0;
            for (var e : gpu.phaseMillis().entrySet()) {
                System.out.printf("[gpu prover]   %-40s %8.2f%n", e.getKey(), e.getValue());
                // Steps (names starting with a space) overlap on their lanes, inside "all sums".
                total += e.getKey().startsWith(" ") ? 0 : e.getValue();
            }
            System.out.printf("[gpu prover]   %-40s %8.2f%n", "device total", total);
            long b = System.nanoTime();
            Proof cpuProof = new CpuProver(shape, params).prove(w, r, s);
            System.out.printf("[gpu prover] 2KiB partition proof on the CPU (%d cores): %.1f ms (witness excluded)%n",
                    Runtime.getRuntime().availableProcessors(), (System.nanoTime() - b) / 1e6);
            assertArrayEquals(ProofEncoding.encode(cpuProof), ProofEncoding.encode(gpuProof),
                    "GPU and CPU proofs of the same partition (seed " + seed + ")");
            // Streamed parameters in chunks of 4096 G2 points: every large sum is several steps.
            try (DeviceProvingKey streamedKey = new DeviceProvingKey(d, shape, source, key.layout, VramLedger.Mode.STREAMED,
                    4096 * Curve.G2.affineBytes()); GpuProver streamed = new GpuProver(streamedKey)) {
                long a = System.nanoTime();
                Proof p = streamed.prove(w, r, s);
                System.out.printf("[gpu prover] 2KiB partition proof, streamed parameters: %.1f ms%n", (System.nanoTime() - a) / 1e6);
                assertArrayEquals(ProofEncoding.encode(cpuProof), ProofEncoding.encode(p),
                        "GPU proof with streamed parameters and the CPU proof (seed " + seed + ")");
            }
            // The command line's backend: the points where the VRAM ledger puts them (resident on a
            // large card, with copies of the h points where they fit, or without when told so), and
            // streamed when the property asks for it; two slots, each profiling its proofs.
            for (String variant : new String[] {"resident, copies", "resident, no copies", "streamed"}) {
                boolean stream = variant.equals("streamed");
                System.setProperty(GpuProverProvider.STREAM_PROPERTY, Boolean.toString(stream));
                if (variant.endsWith("no copies")) {
                    System.setProperty(GpuProverProvider.H_COPIES_PROPERTY, "1");
                }
                try (CoordinatedGpuProver cli = (CoordinatedGpuProver) new GpuProverProvider().open(shape, source, true)) {
                    VramLedger.Plan plan = cli.plan();
                    assertEquals(stream ? VramLedger.Mode.STREAMED : VramLedger.Mode.RESIDENT, plan.mode());
                    assertEquals(2, plan.slots(), plan.describe());
                    assertEquals(variant.equals("resident, copies"), plan.copyCount() > 1, plan.describe());
                    System.out.printf("[gpu prover] 2KiB, %s: %s; %s%n", variant, plan.describe(), cli.loadReport().describe());
                    TimedProof t = cli.proveTimed(w, r, s);
                    assertArrayEquals(ProofEncoding.encode(cpuProof), ProofEncoding.encode(t.proof()),
                            "the command line's GPU prover, " + plan.describe() + " (seed " + seed + ")");
                    assertEquals("upload", t.phasesMs().keySet().iterator().next(), t.phasesMs().toString());
                    System.out.printf("[gpu prover] 2KiB, %s: device %.1f ms, phases %s%n", variant, t.busyMs(), t.phasesMs());
                } finally {
                    System.clearProperty(GpuProverProvider.STREAM_PROPERTY);
                    System.clearProperty(GpuProverProvider.H_COPIES_PROPERTY);
                }
            }
            byte[] sealProof = SealProver.prove(c1, gpu, params.vk(), new Random(seed + 2),
                    m -> System.out.println("[gpu prover] " + m));
            assertEquals(-1, SealVerifier.firstInvalidPartition(kind, sector.replicaId(), sector.commD(), sector.commR(),
                    chainSeed, params.vk(), sealProof), "the GPU seal proof verifies");
        }
    }

    private static void report(String format, long t0, long t1, long t2, int constraints) {
        System.out.printf("[gpu prover] 2KiB " + format + "%n", (t1 - t0) / 1e9, (t2 - t1) / 1e9, constraints);
    }

    private static byte[] bytes(Random rnd) {
        byte[] b = new byte[32];
        rnd.nextBytes(b);
        return b;
    }
}
