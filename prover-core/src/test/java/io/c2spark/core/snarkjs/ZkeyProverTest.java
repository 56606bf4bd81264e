package io.c2spark.core.snarkjs;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.c2spark.core.field.Fr;
import io.c2spark.core.groth16.MultiExp;
import io.c2spark.core.groth16.Proof;
import io.c2spark.core.groth16.Verifier;
import java.io.IOException;
import java.util.Random;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Our prover on the fixture's zkey and witness: snarkjs and our verifier accept its proofs. */
class ZkeyProverTest {
    static SnarkjsFixture fx;
    static ZkeyFile zkey;
    static long[] witness;
    static ZkeyProver prover;

    @BeforeAll
    static void setUp() throws IOException {
        fx = SnarkjsFixture.get();
        zkey = ZkeyFile.read(fx.zkey());
        witness = WtnsFile.read(fx.wtns());
        prover = new ZkeyProver(zkey, MultiExp.PIPPENGER);
    }

    @Test
    void snarkjsAndOurVerifierAcceptOurProof() throws IOException {
        Proof proof = prover.prove(witness);
        long[] pub = prover.publicSignals(witness);
        assertTrue(new Verifier(zkey.verifyingKey()).verify(pub, proof));
        SnarkjsJson.write(fx.dir.resolve("c2spark_proof.json"), SnarkjsJson.proof(proof));
        SnarkjsJson.write(fx.dir.resolve("c2spark_public.json"), SnarkjsJson.publicSignals(pub));
        String out = fx.snarkjs("groth16", "verify", "vk.json", "c2spark_public.json", "c2spark_proof.json");
        assertTrue(out.contains("OK"), out);

        long[] bad = pub.clone();
        Fr.add(bad, 0, Fr.of(1), 0, bad, 0);
        assertFalse(new Verifier(zkey.verifyingKey()).verify(bad, proof));
    }

    @Test
    void zeroBlindingIsValidToo() {
        long[] zero = new long[Fr.LIMBS];
        Proof proof = prover.prove(witness, zero, zero);
        assertTrue(new Verifier(zkey.verifyingKey()).verify(prover.publicSignals(witness), proof));
    }

    /** Same r and s: the plain MSM and Pippenger give the same proof. */
    @Test
    void referenceAndPippengerGiveTheSameProof() {
        long[] r = new long[Fr.LIMBS];
        long[] s = new long[Fr.LIMBS];
        Random rnd = new Random();
        Fr.random(rnd, r, 0);
        Fr.random(rnd, s, 0);
        Proof fast = prover.prove(witness, r, s);
        Proof plain = new ZkeyProver(zkey, MultiExp.REFERENCE).prove(witness, r, s);
        assertArrayEquals(plain.a(), fast.a());
        assertArrayEquals(plain.b(), fast.b());
        assertArrayEquals(plain.c(), fast.c());
    }

    @Test
    void aWrongWitnessGivesARejectedProof() {
        long[] bad = witness.clone();
        int w = zkey.numVars - 1;
        Fr.add(bad, w * Fr.LIMBS, Fr.of(1), 0, bad, w * Fr.LIMBS);
        assertFalse(new Verifier(zkey.verifyingKey()).verify(prover.publicSignals(bad), prover.prove(bad)));
    }
}
