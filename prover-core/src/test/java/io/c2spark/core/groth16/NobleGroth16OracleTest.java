package io.c2spark.core.groth16;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.c2spark.core.field.Fp;
import io.c2spark.core.field.Fr;
import io.c2spark.core.r1cs.R1csShape;
import io.c2spark.core.r1cs.ShapeSystem;
import io.c2spark.core.r1cs.WitnessSystem;
import io.c2spark.core.testing.NodeOracle;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Our setup and prover checked from outside: oracles/noble-groth16.mjs verifies the proof with
 * @noble/curves' pairing from the verifying key and the public inputs; a wrong input and a
 * tampered proof are refused there too.
 */
class NobleGroth16OracleTest {
    @Test
    void nobleVerifiesOurProof() {
        long seed = new SecureRandom().nextLong();
        int steps = 100;
        R1csShape shape = ShapeSystem.of(ProvingCircuits.mixed(seed, steps), true);
        Parameters params = ParameterGenerator.generate(shape, ParameterGenerator.ToxicWaste.random(new Random(seed)));
        Proof proof = new CpuProver(shape, params).prove(WitnessSystem.of(ProvingCircuits.mixed(seed, steps)),
                new Random(seed));
        long[] x = ProvingCircuits.publicInputs(seed, steps);
        assertEquals("valid", verify(params.vk(), x, proof), "seed " + seed);

        long[] wrong = x.clone();
        Fr.add(wrong, 0, Fr.FIELD.one(), 0, wrong, 0);
        assertEquals("invalid", verify(params.vk(), wrong, proof), "seed " + seed);
        assertEquals("invalid", verify(params.vk(), x, new Proof(proof.a(), proof.b(), proof.a())), "seed " + seed);
    }

    private static String verify(VerifyingKey vk, long[] inputs, Proof proof) {
        List<String> xs = new ArrayList<>();
        for (int i = 0; i < inputs.length / Fr.LIMBS; i++) {
            xs.add(quote(Fr.toBigInteger(inputs, i * Fr.LIMBS).toString()));
        }
        List<String> ic = new ArrayList<>();
        for (int i = 0; i < vk.ic().length / 12; i++) {
            ic.add(g1(vk.ic(), i * 12));
        }
        String json = "{\"vk\": {\"alpha1\": " + g1(vk.alpha1(), 0) + ", \"beta2\": " + g2(vk.beta2())
                + ", \"gamma2\": " + g2(vk.gamma2()) + ", \"delta2\": " + g2(vk.delta2()) + ", \"ic\": [" + String.join(",", ic)
                + "]}, \"inputs\": [" + String.join(",", xs) + "], \"proof\": {\"a\": " + g1(proof.a(), 0) + ", \"b\": "
                + g2(proof.b()) + ", \"c\": " + g1(proof.c(), 0) + "}}";
        return NodeOracle.run("noble-groth16.mjs", json).trim();
    }

    private static String fp(long[] a, int off) {
        return quote(Fp.toBigInteger(a, off).toString());
    }

    private static String quote(String s) {
        return "\"" + s + "\"";
    }

    private static String g1(long[] p, int off) {
        return "[" + fp(p, off) + "," + fp(p, off + 6) + "]";
    }

    private static String g2(long[] p) {
        return "[[" + fp(p, 0) + "," + fp(p, 6) + "],[" + fp(p, 12) + "," + fp(p, 18) + "]]";
    }
}
