package io.c2spark.core.groth16;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.c2spark.core.curve.G1;
import io.c2spark.core.field.Fr;
import io.c2spark.core.ntt.EvaluationDomain;
import io.c2spark.core.r1cs.R1csShape;
import io.c2spark.core.r1cs.ShapeSystem;
import io.c2spark.core.r1cs.Witness;
import io.c2spark.core.r1cs.WitnessSystem;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Setup, proof and verification on small circuits; proofs are checked by our verifier. */
class Groth16RoundTripTest {
    private final long seed = new SecureRandom().nextLong();

    @Test
    void proofVerifiesAndTamperingIsRejected() {
        int steps = 150 + new Random(seed).nextInt(100);
        R1csShape shape = ShapeSystem.of(ProvingCircuits.mixed(seed, steps), true);
        Parameters params = ParameterGenerator.generate(shape, ParameterGenerator.ToxicWaste.random(new Random(seed)));
        Witness w = WitnessSystem.of(ProvingCircuits.mixed(seed, steps));
        CpuProver prover = new CpuProver(shape, params);
        Proof proof = prover.prove(w, new Random(seed + 1));
        long[] x = ProvingCircuits.publicInputs(seed, steps);
        Verifier verifier = new Verifier(params.vk());
        assertTrue(verifier.verify(x, proof), "seed " + seed);

        long[] wrong = x.clone();
        Fr.add(wrong, 0, Fr.FIELD.one(), 0, wrong, 0);
        assertFalse(verifier.verify(wrong, proof), "wrong public input accepted, seed " + seed);

        long[] c = proof.c().clone();
        long[] t = new long[G1.JACOBIAN];
        G1.LAW.fromAffine(c, 0, t, 0);
        long[] g = new long[G1.JACOBIAN];
        G1.LAW.fromAffine(G1.generator(), 0, g, 0);
        G1.LAW.add(t, 0, g, 0, t, 0);
        G1.LAW.toAffine(t, 0, c, 0);
        assertFalse(verifier.verify(x, new Proof(proof.a(), proof.b(), c)), "tampered C accepted");
        assertFalse(verifier.verify(x, new Proof(proof.c(), proof.b(), proof.a())), "swapped A, C accepted");
    }

    @Test
    void sameBlindingGivesTheSameBytesAndPippengerMatchesReference() {
        int steps = 60;
        R1csShape shape = ShapeSystem.of(ProvingCircuits.mixed(seed, steps), true);
        Parameters params = ParameterGenerator.generate(shape, ParameterGenerator.ToxicWaste.random(new Random(seed)));
        Witness w = WitnessSystem.of(ProvingCircuits.mixed(seed, steps));
        byte[] p1 = ProofEncoding.encode(new CpuProver(shape, params).prove(w, new Random(5)));
        byte[] p2 = ProofEncoding.encode(new CpuProver(shape, params, MultiExp.REFERENCE).prove(w, new Random(5)));
        byte[] p3 = ProofEncoding.encode(new CpuProver(shape, params).prove(w, new Random(6)));
        assertArrayEquals(p1, p2);
        assertFalse(Arrays.equals(p1, p3));
        assertArrayEquals(p1, ProofEncoding.encode(ProofEncoding.decode(p1)));
        assertTrue(new Verifier(params.vk()).verify(ProvingCircuits.publicInputs(seed, steps), ProofEncoding.decode(p3)));
    }

    @Test
    void phasesAreReportedInOrderAndChangeNothing() {
        int steps = 40;
        R1csShape shape = ShapeSystem.of(ProvingCircuits.mixed(seed, steps), true);
        Parameters params = ParameterGenerator.generate(shape, ParameterGenerator.ToxicWaste.random(new Random(seed)));
        Witness w = WitnessSystem.of(ProvingCircuits.mixed(seed, steps));
        List<String> phases = new ArrayList<>();
        EvaluationDomain domain = EvaluationDomain.forCoefficients(shape.numConstraints());
        byte[] reported = ProofEncoding.encode(new CpuProver(shape, params, domain, phases::add).prove(w, new Random(5)));
        assertArrayEquals(ProofEncoding.encode(new CpuProver(shape, params).prove(w, new Random(5))), reported);
        String[] names = {"quotient", "L", "A", "B in G1", "B in G2", "H"};
        assertEquals(names.length, phases.size(), phases::toString);
        for (int i = 0; i < names.length; i++) {
            assertTrue(phases.get(i).startsWith(names[i]) && phases.get(i).matches(".* [0-9]+\\.[0-9]{2} s"), phases::toString);
        }
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new CpuProver(shape, params,
                EvaluationDomain.ofLogSize(domain.logSize() + 1), phases::add));
        assertTrue(e.getMessage().contains("take 2^" + domain.logSize()), e.getMessage());
    }

    @Test
    void refusesShapesWithoutInputConstraintsAndMismatchedParameters() {
        R1csShape bare = ShapeSystem.of(ProvingCircuits.mixed(seed, 10), false);
        assertThrows(IllegalArgumentException.class, () -> ParameterGenerator.generate(bare,
                ParameterGenerator.ToxicWaste.random(new Random(1))));
        R1csShape small = ShapeSystem.of(ProvingCircuits.mixed(seed, 10), true);
        R1csShape big = ShapeSystem.of(ProvingCircuits.mixed(seed, 20), true);
        Parameters params = ParameterGenerator.generate(small, ParameterGenerator.ToxicWaste.random(new Random(1)));
        assertThrows(IllegalArgumentException.class, () -> new CpuProver(big, params));
    }

    @Test
    void unconstrainedAuxVariableIsRefused() {
        R1csShape shape = ShapeSystem.of(cs -> {
            int x = cs.allocate(Fr.of(3), 0);
            cs.allocate(Fr.of(4), 0);
            cs.enforce(() -> "square", a -> a.add(x), b -> b.add(x), c -> c.add(x));
        }, true);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ParameterGenerator.generate(shape, ParameterGenerator.ToxicWaste.random(new Random(1))));
        assertTrue(e.getMessage().contains("aux variable 1"), e.getMessage());
    }
}
