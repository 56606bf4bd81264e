package io.c2spark.core.groth16;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.c2spark.core.curve.ZcashEncoding;
import io.c2spark.core.field.Fr;
import io.c2spark.core.r1cs.Circuit;
import io.c2spark.core.r1cs.R1csShape;
import io.c2spark.core.r1cs.ShapeSystem;
import io.c2spark.core.r1cs.TestCircuits;
import io.c2spark.core.r1cs.Witness;
import io.c2spark.core.r1cs.WitnessSystem;
import io.c2spark.core.snarkjs.R1csFile;
import io.c2spark.core.snarkjs.SnarkjsFixture;
import io.c2spark.core.snarkjs.WtnsFile;
import io.c2spark.core.testing.NodeOracle;
import java.io.IOException;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Our parameter generator and CPU prover against outside verifiers: @noble/curves
 * (oracles/noble-groth16.mjs) accepts the proofs and rejects a wrong input; a circom circuit's
 * snarkjs witness proves under our own parameters; batches of proofs verify together.
 */
class Groth16OracleTest {
    private static final long SEED = new Random().nextLong();
    private static final ObjectMapper JSON = new ObjectMapper();

    private record Run(Parameters params, Proof proof, long[] publicInputs) {
    }

    private static Run prove(Circuit circuit, Random rnd) {
        R1csShape shape = ShapeSystem.of(circuit, true);
        Parameters params = ParameterGenerator.generate(shape, ParameterGenerator.ToxicWaste.random(rnd));
        Witness w = WitnessSystem.of(circuit);
        Proof proof = new CpuProver(shape, params).prove(w, rnd);
        return new Run(params, proof, publicInputs(w));
    }

    private static long[] publicInputs(Witness w) {
        return Arrays.copyOfRange(w.inputs(), Fr.LIMBS, w.inputs().length);
    }

    /** The circuit plus x * 1 = x for every aux x: key generation refuses unconstrained variables. */
    private static Circuit everyAuxConstrained(Circuit circuit) {
        return cs -> {
            circuit.synthesize(cs);
            for (int j = 0, n = cs.numAux(); j < n; j++) {
                int x = j;
                cs.enforce(() -> "use " + x, a -> a.add(x), b -> b.add(cs.one()), c -> c.add(x));
            }
        };
    }

    @Test
    void nobleAcceptsOurProofsAndRejectsAWrongInput() throws IOException {
        Random rnd = new Random(SEED);
        Run[] runs = {
            prove(TestCircuits.cubic(3, 35), rnd),
            prove(TestCircuits.bits32(rnd.nextInt(), -1), rnd),
            prove(everyAuxConstrained(TestCircuits.random(rnd.nextLong(), 60, -1)), rnd),
        };
        for (Run run : runs) {
            long[] bad = run.publicInputs.clone();
            Fr.add(bad, 0, Fr.of(1), 0, bad, 0);
            assertTrue(new Verifier(run.params.vk()).verify(run.publicInputs, run.proof), "seed " + SEED);
            JsonNode out = noble(run.params.vk(), new Proof[] {run.proof, run.proof}, new long[][] {run.publicInputs, bad});
            assertEquals("[true,false]", out.get("valid").toString(), "seed " + SEED);
        }
    }

    /** The circom circuit's snarkjs witness, replayed through its r1cs, proves under our parameters. */
    @Test
    void circomWitnessProvesWithOurParameters() throws IOException {
        SnarkjsFixture fx = SnarkjsFixture.get();
        R1csFile r1cs = R1csFile.read(fx.r1cs());
        long[] wtns = WtnsFile.read(fx.wtns());
        Run run = prove(r1cs.asCircuit(wtns), new Random(SEED));
        assertEquals(r1cs.numPublic(), run.params.vk().numPublic());
        assertTrue(new Verifier(run.params.vk()).verify(run.publicInputs, run.proof), "seed " + SEED);
        JsonNode out = noble(run.params.vk(), new Proof[] {run.proof}, new long[][] {run.publicInputs});
        assertEquals("[true]", out.get("valid").toString(), "seed " + SEED);
    }

    /** Several proofs under one key, checked together: all valid passes, one wrong input fails. */
    @Test
    void batchVerification() {
        Random rnd = new Random(SEED);
        R1csShape shape = ShapeSystem.of(TestCircuits.bits32(0, -1), true);
        Parameters params = ParameterGenerator.generate(shape, ParameterGenerator.ToxicWaste.random(rnd));
        CpuProver prover = new CpuProver(shape, params);
        Proof[] proofs = new Proof[3];
        long[][] inputs = new long[3][];
        for (int i = 0; i < 3; i++) {
            Witness w = WitnessSystem.of(TestCircuits.bits32(rnd.nextInt(), -1));
            proofs[i] = prover.prove(w, rnd);
            inputs[i] = publicInputs(w);
        }
        Verifier verifier = new Verifier(params.vk());
        assertTrue(verifier.verifyBatch(inputs, proofs, rnd), "seed " + SEED);
        long[][] bad = inputs.clone();
        bad[1] = inputs[2];
        assertFalse(verifier.verifyBatch(bad, proofs, rnd), "seed " + SEED);
        assertTrue(verifier.verifyBatch(new long[][] {inputs[0]}, new Proof[] {proofs[0]}, rnd), "seed " + SEED);
    }

    private static JsonNode noble(VerifyingKey vk, Proof[] proofs, long[][] inputs) throws IOException {
        HexFormat hex = HexFormat.of();
        ObjectNode in = JSON.createObjectNode();
        ObjectNode k = in.putObject("vk");
        k.put("alpha1", hex.formatHex(ZcashEncoding.encodeG1(vk.alpha1(), 0, true)));
        k.put("beta2", hex.formatHex(ZcashEncoding.encodeG2(vk.beta2(), 0, true)));
        k.put("gamma2", hex.formatHex(ZcashEncoding.encodeG2(vk.gamma2(), 0, true)));
        k.put("delta2", hex.formatHex(ZcashEncoding.encodeG2(vk.delta2(), 0, true)));
        ArrayNode ic = k.putArray("ic");
        for (int i = 0; i <= vk.numPublic(); i++) {
            ic.add(hex.formatHex(ZcashEncoding.encodeG1(vk.ic(), i * VerifyingKey.G1_LONGS, true)));
        }
        ArrayNode ps = in.putArray("proofs");
        for (int p = 0; p < proofs.length; p++) {
            ObjectNode o = ps.addObject();
            o.put("proof", hex.formatHex(ProofEncoding.encode(proofs[p])));
            ArrayNode xs = o.putArray("inputs");
            for (int i = 0; i < inputs[p].length / Fr.LIMBS; i++) {
                xs.add(Fr.toBigInteger(inputs[p], i * Fr.LIMBS).toString());
            }
        }
        return JSON.readTree(NodeOracle.run("noble-groth16.mjs", in.toString()));
    }
}
