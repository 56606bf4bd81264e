package io.c2spark.core.groth16;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.c2spark.core.curve.G1;
import io.c2spark.core.curve.G2;
import io.c2spark.core.field.Fr;
import io.c2spark.core.snarkjs.SnarkjsFixture;
import io.c2spark.core.snarkjs.SnarkjsJson;
import java.io.IOException;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Our verifier on snarkjs's proof of the fixture circuit: accepts it, rejects tampered ones. */
class SnarkjsVerifyTest {
    static Verifier verifier;
    static Proof proof;
    static long[] inputs;

    @BeforeAll
    static void setUp() throws IOException {
        SnarkjsFixture fx = SnarkjsFixture.get();
        verifier = new Verifier(SnarkjsJson.readVerificationKey(fx.verificationKey()));
        proof = SnarkjsJson.readProof(fx.proof());
        inputs = SnarkjsJson.readPublicSignals(fx.publicSignals());
    }

    @Test
    void acceptsSnarkjsProof() {
        assertTrue(verifier.verify(inputs, proof));
    }

    @Test
    void rejectsATamperedInput() {
        long[] bad = inputs.clone();
        int i = new Random().nextInt(bad.length / Fr.LIMBS);
        Fr.add(bad, i * Fr.LIMBS, Fr.of(1), 0, bad, i * Fr.LIMBS);
        assertFalse(verifier.verify(bad, proof), "input " + i);
    }

    @Test
    void rejectsTamperedProofs() {
        long[] a2 = new long[G1.JACOBIAN];
        G1.LAW.fromAffine(proof.a(), 0, a2, 0);
        G1.LAW.dbl(a2, 0, a2, 0);
        long[] a2Affine = new long[G1.AFFINE];
        G1.LAW.toAffine(a2, 0, a2Affine, 0);
        assertFalse(verifier.verify(inputs, new Proof(a2Affine, proof.b(), proof.c())));
        assertFalse(verifier.verify(inputs, new Proof(proof.c(), proof.b(), proof.a())));
        long[] negB = new long[G2.AFFINE];
        G2.LAW.negAffine(proof.b(), 0, negB, 0);
        assertFalse(verifier.verify(inputs, new Proof(proof.a(), negB, proof.c())));
        assertFalse(verifier.verify(inputs, new Proof(new long[G1.AFFINE], proof.b(), proof.c())));
        long[] offCurve = proof.c().clone();
        offCurve[0] ^= 1;
        assertFalse(verifier.verify(inputs, new Proof(proof.a(), proof.b(), offCurve)));
    }

    @Test
    void refusesAWrongInputCount() {
        assertThrows(IllegalArgumentException.class, () -> verifier.verify(Arrays.copyOf(inputs, inputs.length - Fr.LIMBS), proof));
    }
}
