package io.c2spark.core.groth16;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
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

/** Our setup and prover (bellperson's algorithm): our verifier and @noble/curves accept the proofs. */
class Groth16Test {
    private static final long SEED = new Random().nextLong();
    private static final ObjectMapper JSON = new ObjectMapper();

    private record Run(ProvingKey pk, Witness w, Proof proof, long[] publicInputs) {
    }

    private static Run prove(Circuit circuit, Random rnd) {
        R1csShape shape = ShapeSystem.of(circuit, true);
        ProvingKey pk = Setup.generate(shape, rnd);
        Witness w = WitnessSystem.of(circuit);
        Prover prover = new Prover(pk, shape, MultiExp.PIPPENGER);
        long[] h = prover.quotient(w.inputs(), w.denseAux());
        assertTrue(Fr.isZero(h, h.length - Fr.LIMBS), "h has degree n - 2 at most; seed " + SEED);
        long[] r = new long[Fr.LIMBS];
        long[] s = new long[Fr.LIMBS];
        Fr.random(rnd, r, 0);
        Fr.random(rnd, s, 0);
        Proof proof = prover.prove(w, r, s);
        long[] pub = new long[w.inputs().length - Fr.LIMBS];
        System.arraycopy(w.inputs(), Fr.LIMBS, pub, 0, pub.length);
        return new Run(pk, w, proof, pub);
    }

    @Test
    void proofsOfSmallCircuitsVerifyHereAndInNoble() throws IOException {
        Random rnd = new Random(SEED);
        Run[] runs = {
            prove(TestCircuits.cubic(3, 35), rnd),
            prove(TestCircuits.bits32(rnd.nextInt(), -1), rnd),
            prove(everyAuxConstrained(TestCircuits.random(rnd.nextLong(), 60, -1)), rnd),
        };
        for (Run run : runs) {
            Verifier verifier = new Verifier(run.pk.vk());
            assertTrue(verifier.verify(run.publicInputs, run.proof), "seed " + SEED);
            long[] bad = run.publicInputs.clone();
            Fr.add(bad, 0, Fr.of(1), 0, bad, 0);
            assertFalse(verifier.verify(bad, run.proof), "seed " + SEED);

            byte[] bytes = run.proof.toBytes();
            assertEquals(192, bytes.length);
            Proof back = Proof.fromBytes(bytes, 0);
            assertArrayEquals(run.proof.a(), back.a());
            assertArrayEquals(run.proof.b(), back.b());
            assertArrayEquals(run.proof.c(), back.c());

            JsonNode out = noble(run.pk.vk(), new Proof[] {run.proof, run.proof}, new long[][] {run.publicInputs, bad});
            assertEquals("[true,false]", out.get("valid").toString(), "seed " + SEED);
        }
    }

    /** Several proofs under one key, checked together: all valid passes, one bad input fails. */
    @Test
    void batchVerification() {
        Random rnd = new Random(SEED);
        Circuit circuit = TestCircuits.bits32(rnd.nextInt(), -1);
        R1csShape shape = ShapeSystem.of(circuit, true);
        ProvingKey pk = Setup.generate(shape, rnd);
        Prover prover = new Prover(pk, shape, MultiExp.PIPPENGER);
        Proof[] proofs = new Proof[3];
        long[][] inputs = new long[3][];
        for (int i = 0; i < 3; i++) {
            Circuit c = TestCircuits.bits32(rnd.nextInt(), -1);
            Witness w = WitnessSystem.of(c);
            proofs[i] = prover.prove(w);
            inputs[i] = Arrays.copyOfRange(w.inputs(), Fr.LIMBS, w.inputs().length);
        }
        Verifier verifier = new Verifier(pk.vk());
        assertTrue(verifier.verifyBatch(inputs, proofs, rnd), "seed " + SEED);
        long[][] bad = inputs.clone();
        bad[1] = inputs[2];
        assertFalse(verifier.verifyBatch(bad, proofs, rnd), "seed " + SEED);
        assertTrue(verifier.verifyBatch(new long[][] {inputs[0]}, new Proof[] {proofs[0]}, rnd), "seed " + SEED);
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

    /** Same r and s: the plain MSM and Pippenger (with batch addition for bits) give the same proof. */
    @Test
    void referenceAndPippengerGiveTheSameProof() {
        Random rnd = new Random(SEED);
        Circuit circuit = everyAuxConstrained(TestCircuits.random(rnd.nextLong(), 40, -1));
        R1csShape shape = ShapeSystem.of(circuit, true);
        assertTrue(shape.numBits() > 0 && shape.numBits() < shape.numAux(), "seed " + SEED);
        ProvingKey pk = Setup.generate(shape, rnd);
        Witness w = WitnessSystem.of(circuit);
        long[] r = new long[Fr.LIMBS];
        long[] s = new long[Fr.LIMBS];
        Fr.random(rnd, r, 0);
        Fr.random(rnd, s, 0);
        Proof fast = new Prover(pk, shape, MultiExp.PIPPENGER).prove(w, r, s);
        Proof plain = new Prover(pk, shape, MultiExp.REFERENCE).prove(w, r, s);
        assertArrayEquals(plain.a(), fast.a(), "seed " + SEED);
        assertArrayEquals(plain.b(), fast.b(), "seed " + SEED);
        assertArrayEquals(plain.c(), fast.c(), "seed " + SEED);
    }

    @Test
    void unconstrainedAuxIsRefused() {
        Circuit loose = cs -> cs.allocate(Fr.of(5), 0);
        assertThrows(IllegalArgumentException.class, () -> Setup.generate(ShapeSystem.of(loose, true), new Random(SEED)));
    }

    /** The circom circuit's snarkjs witness, proven by our setup and prover through the r1cs. */
    @Test
    void circomWitnessProvesWithOurSetup() throws IOException {
        SnarkjsFixture fx = SnarkjsFixture.get();
        R1csFile r1cs = R1csFile.read(fx.r1cs());
        long[] wtns = WtnsFile.read(fx.wtns());
        Run run = prove(r1cs.asCircuit(wtns), new Random(SEED));
        assertEquals(r1cs.numPublic(), run.pk.vk().numPublic());
        assertTrue(new Verifier(run.pk.vk()).verify(run.publicInputs, run.proof), "seed " + SEED);
        JsonNode out = noble(run.pk.vk(), new Proof[] {run.proof}, new long[][] {run.publicInputs});
        assertEquals("[true]", out.get("valid").toString(), "seed " + SEED);
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
            o.put("proof", hex.formatHex(proofs[p].toBytes()));
            ArrayNode xs = o.putArray("inputs");
            for (int i = 0; i < inputs[p].length / Fr.LIMBS; i++) {
                xs.add(Fr.toBigInteger(inputs[p], i * Fr.LIMBS).toString());
            }
        }
        return JSON.readTree(NodeOracle.run("noble-groth16.mjs", in.toString()));
    }
}
