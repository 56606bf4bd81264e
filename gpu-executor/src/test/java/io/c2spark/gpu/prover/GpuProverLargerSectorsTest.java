package io.c2spark.gpu.prover;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.c2spark.core.field.Fr;
import io.c2spark.core.groth16.CpuProver;
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
import io.c2spark.core.porep.sdr.Fr32;
import io.c2spark.core.porep.sdr.SealedSector;
import io.c2spark.core.porep.sdr.Sealer;
import io.c2spark.core.porep.sdr.SyntheticSector;
import io.c2spark.core.porep.sdr.VanillaProver;
import io.c2spark.core.r1cs.R1csShape;
import io.c2spark.core.r1cs.Witness;
import io.c2spark.core.r1cs.WitnessSystem;
import io.c2spark.gpu.GpuDevice;
import io.c2spark.gpu.GpuTestAccess;
import java.util.Random;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The 8MiB and 512MiB partition circuits (3.8 M and 4.4 M constraints) proven on the GPU and on the
 * CPU with the same witness, r and s: equal 192 bytes, and the GPU's seal proof verifies. The 8MiB
 * sector is sealed; the 512MiB one is a synthetic sector (real challenged nodes, parents and paths,
 * its vanilla proofs verified natively), since sealing 512MiB takes ten minutes on this machine.
 */
@Tag("gpu")
class GpuProverLargerSectorsTest {
    @Test
    void sealed8MiB() throws Exception {
        Random rnd = new Random(GpuTestAccess.seed());
        RegisteredSealProof kind = RegisteredSealProof.STACKED_DRG_8MIB_V1_1;
        byte[] raw = new byte[(int) (kind.shape().sectorBytes() / 128 * 127)];
        rnd.nextBytes(raw);
        byte[] ticket = fr(rnd);
        SealedSector sector = Sealer.seal(kind, Fr32.pad(raw), bytes(rnd), rnd.nextLong() >>> 1, ticket, null);
        byte[] chainSeed = bytes(rnd);
        C1Output c1 = new C1Output(kind, VanillaProver.prove(sector, chainSeed), sector.commR(), sector.commD(),
                sector.replicaId(), chainSeed, ticket);
        proveOnBoth(c1, rnd);
    }

    @Test
    void synthetic512MiB() throws Exception {
        Random rnd = new Random(GpuTestAccess.seed() + 1);
        RegisteredSealProof kind = RegisteredSealProof.STACKED_DRG_512MIB_V1_1;
        C1Output c1 = SyntheticSector.c1(kind, bytes(rnd), rnd.nextLong() >>> 1, fr(rnd), bytes(rnd), m -> { });
        proveOnBoth(c1, rnd);
    }

    private static void proveOnBoth(C1Output c1, Random rnd) throws Exception {
        GpuDevice d = GpuTestAccess.device();
        String size = c1.registeredProof().shape().label();
        long t0 = System.nanoTime();
        R1csShape shape = PorepParameters.circuitShape(c1.registeredProof().shape());
        Parameters params = ParameterGenerator.generate(shape, ParameterGenerator.ToxicWaste.random(rnd));
        System.out.printf("[gpu prover] %s shape and parameters: %.1f s (%,d constraints)%n", size,
                (System.nanoTime() - t0) / 1e9, shape.numConstraints());
        try (DeviceProvingKey key = new DeviceProvingKey(d, shape, params); GpuProver gpu = new GpuProver(key)) {
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
            byte[] seal = SealProver.prove(c1, gpu, rnd, m -> { });
            assertEquals(-1, SealVerifier.firstInvalidPartition(c1.registeredProof(), c1.replicaId(), c1.commD(),
                    c1.commR(), c1.seed(), params.vk(), seal), size + ": the GPU seal proof verifies");
        }
    }

    private static byte[] bytes(Random rnd) {
        byte[] b = new byte[32];
        rnd.nextBytes(b);
        return b;
    }

    /** 32 bytes below the field modulus (tickets are field elements in the circuit's inputs). */
    private static byte[] fr(Random rnd) {
        byte[] b = bytes(rnd);
        b[31] &= 0x3F;
        return b;
    }
}
