package io.c2spark.gpu.prover;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;

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
import io.c2spark.gpu.GpuTestDevice;
import io.c2spark.gpu.TestData;
import io.c2spark.gpu.r1cs.TestCircuits;
import io.c2spark.gpu.runtime.GpuDevice;

/** The GPU prover gives CpuProver's bytes for the same witness, r and s, and its proofs verify. */
@Tag("gpu")
class GpuProverTest {
    @Test
    void smallCircuitsGiveTheCpuProversBytes() {
        GpuDevice d = GpuTestDevice.get();
        long seed = TestData.SEED;
        for (int steps : new int[] {1, 8, 37, 600}) {
            var c = TestCircuits.mixed(seed + steps, steps);
            R1csShape shape = ShapeSystem.of(c.circuit(), true);
            Parameters params = ParameterGenerator.generate(shape, ParameterGenerator.ToxicWaste.random(new Random(seed + steps)));
            Witness w = WitnessSystem.of(c.circuit());
            CpuProver cpu = new CpuProver(shape, params);
            Verifier verifier = new Verifier(params.vk());
            try (GpuProver gpu = new GpuProver(d, shape, params)) {
                for (int round = 0; round < 2; round++) {
                    Random rnd = new Random(seed * 7 + round);
                    long[] r = new long[4];
                    long[] s = new long[4];
                    Fr.random(rnd, r, 0);
                    Fr.random(rnd, s, 0);
                    if (round == 1) {
                        r = new long[4];  // r = 0 and s = 1: the blinding terms vanish or are plain
                        s = Fr.FIELD.one();
                    }
                    Proof want = cpu.prove(w, r, s);
                    Proof got = gpu.prove(w, r, s);
                    assertArrayEquals(ProofEncoding.encode(want), ProofEncoding.encode(got),
                            steps + " steps, round " + round + " (seed " + seed + ")");
                    assertTrue(verifier.verify(c.publicInputs(), got), "GPU proof verifies, " + steps + " steps");
                }
            }
        }
    }

    @Test
    void refusesAWitnessOfAnotherCircuit() {
        GpuDevice d = GpuTestDevice.get();
        var c = TestCircuits.mixed(1, 16);
        R1csShape shape = ShapeSystem.of(c.circuit(), true);
        Parameters params = ParameterGenerator.generate(shape, ParameterGenerator.ToxicWaste.random(new Random(1)));
        Witness other = WitnessSystem.of(TestCircuits.mixed(1, 24).circuit());
        try (GpuProver gpu = new GpuProver(d, shape, params)) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> gpu.prove(other, new long[4], new long[4]));
            assertTrue(e.getMessage().contains("witness has"), e.getMessage());
            assertEquals(192, ProofEncoding.encode(gpu.prove(WitnessSystem.of(c.circuit()), new Random(2))).length);
        }
    }
}
