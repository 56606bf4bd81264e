package io.c2spark.core.porep.circuit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.c2spark.core.field.Fr;
import io.c2spark.core.porep.RegisteredSealProof;
import io.c2spark.core.porep.c1.C1Output;
import io.c2spark.core.porep.seal.Fr32;
import io.c2spark.core.porep.seal.SealedSector;
import io.c2spark.core.porep.seal.Sealer;
import io.c2spark.core.porep.seal.VanillaProver;
import io.c2spark.core.porep.vanilla.proof.MerkleProof;
import io.c2spark.core.porep.vanilla.proof.VanillaProof;
import io.c2spark.core.r1cs.CheckSystem;
import io.c2spark.core.r1cs.Variable;
import io.c2spark.core.r1cs.Witness;
import io.c2spark.core.r1cs.WitnessSystem;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * A really sealed 2KiB sector: its C1's partition circuit is satisfied in check mode, has
 * Filecoin's size, and exposes exactly the public inputs a verifier derives from replica_id, comm_d,
 * comm_r and the seed alone; a corrupted C1 is caught with the failing constraint named.
 */
class PartitionCircuitSatisfiedTest {
    private static final Random RND = new Random();

    private static byte[] random32() {
        byte[] b = new byte[32];
        RND.nextBytes(b);
        return b;
    }

    private static C1Output sealed2KiB(RegisteredSealProof proof) {
        byte[] raw = new byte[2048 / 128 * 127];
        RND.nextBytes(raw);
        byte[] ticket = random32();
        ticket[31] &= 0x3F;
        SealedSector s = Sealer.seal(proof, Fr32.pad(raw), random32(), RND.nextLong() >>> 1, ticket, null);
        byte[] seed = random32();
        VanillaProof[][] vanilla = VanillaProver.prove(s, seed);
        return new C1Output(proof, vanilla, s.commR(), s.commD(), s.replicaId(), seed, ticket);
    }

    @Test
    void sealedV11SectorSatisfiesItsPartitionCircuit() {
        assertSatisfied(RegisteredSealProof.STACKED_DRG_2KIB_V1_1);
    }

    @Tag("slow")
    @Test
    void sealedV1SectorSatisfiesItsPartitionCircuit() {
        assertSatisfied(RegisteredSealProof.STACKED_DRG_2KIB_V1);
    }

    private static void assertSatisfied(RegisteredSealProof proof) {
        C1Output c1 = sealed2KiB(proof);
        CheckSystem cs = CheckSystem.of(PartitionCircuits.of(c1, 0));
        assertTrue(cs.isSatisfied(), () -> proof + ": " + cs.firstFailure());
        assertEquals(2_687_921, cs.numConstraints());
        long[] inputs = cs.inputValues();
        long[] withoutOne = Arrays.copyOfRange(inputs, Fr.LIMBS, inputs.length);
        long[] derived = PublicInputs.forPartition(proof, c1.replicaId(), c1.commD(), c1.commR(), c1.seed(), 0);
        assertArrayEquals(derived, withoutOne, proof + ": circuit inputs differ from the verifier's");
        assertWitnessEqualsCheck(PartitionCircuits.of(c1, 0), cs);
    }

    /** The witness mode (values only, bits in a bitmap) gives check mode's values, variable for variable. */
    static void assertWitnessEqualsCheck(StackedCircuit circuit, CheckSystem check) {
        Witness w = WitnessSystem.of(circuit);
        assertEquals(check.numAux(), w.numAux());
        assertArrayEquals(check.inputValues(), w.inputs());
        long[] a = new long[Fr.LIMBS];
        long[] b = new long[Fr.LIMBS];
        for (int i = 0; i < w.numAux(); i++) {
            check.value(Variable.aux(i), a, 0);
            w.value(Variable.aux(i), b, 0);
            if (!Fr.equal(a, 0, b, 0)) {
                throw new AssertionError("witness differs from check mode at aux " + i);
            }
        }
    }

    @Test
    void corruptedSiblingIsCaughtAndNamed() {
        C1Output c1 = sealed2KiB(RegisteredSealProof.STACKED_DRG_2KIB_V1_1);
        VanillaProof[][] vp = c1.vanillaProofs();
        VanillaProof p = vp[0][1];
        MerkleProof r = p.commRLastProof();
        byte[] siblings = r.siblings().clone();
        siblings[32] ^= 1;
        vp[0][1] = new VanillaProof(p.commDProofs(),
                new MerkleProof(r.shape(), r.root(), r.leaf(), siblings, r.indices()), p.replicaColumnProofs(),
                p.labelingProofs(), p.encodingProof());
        CheckSystem cs = CheckSystem.of(PartitionCircuits.of(c1, 0));
        assertFalse(cs.isSatisfied());
        assertTrue(cs.firstFailure().contains("challenge_1/comm_r_last_data_inclusion"), cs.firstFailure());
    }
}
