package io.c2spark.gpu.prover;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import io.c2spark.core.field.Fr;
import io.c2spark.core.groth16.CpuProver;
import io.c2spark.core.groth16.ParameterFile;
import io.c2spark.core.groth16.ParameterFiles;
import io.c2spark.core.groth16.ParameterGenerator;
import io.c2spark.core.groth16.Parameters;
import io.c2spark.core.groth16.Proof;
import io.c2spark.core.groth16.ProofEncoding;
import io.c2spark.core.porep.RegisteredSealProof;
import io.c2spark.core.porep.c1.C1Output;
import io.c2spark.core.porep.c2.PorepParameters;
import io.c2spark.core.porep.c2.SealProver;
import io.c2spark.core.porep.c2.SealVerifier;
import io.c2spark.core.porep.circuit.PartitionCircuits;
import io.c2spark.core.r1cs.R1csShape;
import io.c2spark.core.r1cs.Witness;
import io.c2spark.core.r1cs.WitnessSystem;
import io.c2spark.gpu.GpuTestDevice;
import io.c2spark.gpu.TestData;
import io.c2spark.gpu.coordinator.VramLedger;
import io.c2spark.gpu.runtime.GpuDevice;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The 8MiB and 512MiB partition circuits (3.8 M and 4.4 M constraints) proven on the GPU and on the
 * CPU with the same witness, r and s: equal 192 bytes, and the GPU's seal proof verifies. The 8MiB
 * sector is sealed; the key is loaded from a .params file, also with streamed parameters (64 MiB chunks). The 512MiB one is a synthetic sector (real challenged nodes, parents and paths,
 * its vanilla proofs verified natively), since sealing 512MiB takes ten minutes on this machine.
 */
@Tag("gpu")
class GpuProverLargerSectorsTest {
    /** Small enough that the h query (4.2 M or 8.4 M points) is several chunks. */
    private static final long STREAM_CHUNK = 64L << 20;

    @Test
    void sealed8MiB() throws Exception {
        Random rnd = new Random(TestData.SEED);
        proveOnBoth(TestSectors.sealed(RegisteredSealProof.STACKED_DRG_8MIB_V1_1, rnd), rnd);
    }

    @Test
    void synthetic512MiB() throws Exception {
        Random rnd = new Random(TestData.SEED + 1);
        proveOnBoth(TestSectors.synthetic(RegisteredSealProof.STACKED_DRG_512MIB_V1_1, rnd), rnd);
    }

    private static void proveOnBoth(C1Output c1, Random rnd) throws Exception {
        GpuDevice d = GpuTestDevice.get();
        String size = c1.registeredProof().shape().label();
        long t0 = System.nanoTime();
        R1csShape shape = PorepParameters.circuitShape(c1.registeredProof().shape());
        Parameters params = ParameterGenerator.generate(shape, ParameterGenerator.ToxicWaste.random(rnd));
        System.out.printf("[gpu prover] %s shape and parameters: %.1f s (%,d constraints)%n", size,
                (System.nanoTime() - t0) / 1e9, shape.numConstraints());
        Path dir = Files.createTempDirectory("c2spark-params");
        Path file = dir.resolve(size + ".params");
        ParameterFiles.writeParams(params, file);
        try (ParameterFile source = ParameterFile.open(file); DeviceProvingKey key = new DeviceProvingKey(d, shape, source);
             GpuProver gpu = new GpuProver(key)) {
            System.out.printf("[gpu prover] %s key from the file: %s, %s%n", size, key.load.describe(), PeakRss.describe());
            Witness w = WitnessSystem.of(PartitionCircuits.of(c1, 0));
            long[] r = new long[4];
            long[] s = new long[4];
            Fr.random(rnd, r, 0);
            Fr.random(rnd, s, 0);
            Proof gpuProof = null;
            for (int i = 0; i < 3; i++) {
                long a = System.nanoTime();
                gpuProof = gpu.prove(w, r, s);
                System.out.printf("[gpu prover] %s partition proof on the GPU (run %d): %.1f ms%n", size, i,
                        (System.nanoTime() - a) / 1e6);
            }
            long b = System.nanoTime();
            Proof cpuProof = new CpuProver(shape, params).prove(w, r, s);
            System.out.printf("[gpu prover] %s partition proof on the CPU (%d cores): %.1f ms%n", size,
                    Runtime.getRuntime().availableProcessors(), (System.nanoTime() - b) / 1e6);
            assertArrayEquals(ProofEncoding.encode(cpuProof), ProofEncoding.encode(gpuProof),
                    size + ": GPU and CPU proofs of the same partition");
            try (DeviceProvingKey streamedKey = new DeviceProvingKey(d, shape, source, key.layout, VramLedger.Mode.STREAMED,
                    STREAM_CHUNK); GpuProver streamed = new GpuProver(streamedKey)) {
                Proof p = null;
                for (int i = 0; i < 2; i++) {
                    long a = System.nanoTime();
                    p = streamed.prove(w, r, s);
                    System.out.printf("[gpu prover] %s partition proof, streamed parameters (%d MiB chunks, run %d): %.1f ms%n",
                            size, STREAM_CHUNK >> 20, i, (System.nanoTime() - a) / 1e6);
                }
                assertArrayEquals(ProofEncoding.encode(cpuProof), ProofEncoding.encode(p),
                        size + ": GPU proof with streamed parameters and the CPU proof");
            }
            byte[] seal = SealProver.prove(c1, gpu, params.vk(), rnd, m -> { });
            assertEquals(-1, SealVerifier.firstInvalidPartition(c1.registeredProof(), c1.replicaId(), c1.commD(),
                    c1.commR(), c1.seed(), params.vk(), seal), size + ": the GPU seal proof verifies");
        } finally {
            Files.deleteIfExists(file);
            Files.deleteIfExists(dir);
        }
    }
}
