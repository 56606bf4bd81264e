package io.c2spark.core.porep.circuit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.c2spark.core.field.Fr;
import io.c2spark.core.porep.RegisteredSealProof;
import io.c2spark.core.porep.SectorShape;
import io.c2spark.core.porep.c1.C1Output;
import io.c2spark.core.porep.seal.SyntheticSector;
import io.c2spark.core.porep.vanilla.proof.ColumnProof;
import io.c2spark.core.porep.vanilla.proof.ReplicaColumnProof;
import io.c2spark.core.porep.vanilla.proof.VanillaProof;
import io.c2spark.core.r1cs.CheckSystem;
import io.c2spark.core.r1cs.CountSystem;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Check mode over a synthetic 32GiB sector's partition circuit (11 layers, 8-8 trees, 18 challenges,
 * 130M constraints). The check system keeps no constraint and stores values compactly, so the whole
 * partition is checked in one pass (slow); the default run checks single challenges of it, and that
 * the witness mode (its dedicated SHA-256 writer included) gives check mode's values. A corrupted
 * parent column is caught and the failing constraint is named with its challenge.
 */
class SyntheticPartitionCheckTest {
    private static final RegisteredSealProof PROOF = RegisteredSealProof.STACKED_DRG_32GIB_V1_1;
    private static final long SEED = new Random().nextLong();
    private static C1Output c1;

    /** One synthetic 32GiB C1 per test class: it takes tens of seconds to build on a small machine. */
    private static synchronized C1Output c1() {
        if (c1 == null) {
            Random rnd = new Random(SEED);
            byte[] proverId = new byte[32];
            byte[] ticket = new byte[32];
            byte[] seed = new byte[32];
            rnd.nextBytes(proverId);
            rnd.nextBytes(ticket);
            rnd.nextBytes(seed);
            ticket[31] &= 0x3F;
            c1 = SyntheticSector.c1(PROOF, proverId, 1 + rnd.nextInt(1000), ticket, seed, null);
        }
        return c1;
    }

    /** The partition's circuit reduced to its header and one of its challenges. */
    private static StackedCircuit oneChallenge(StackedCircuit partition, int challenge) {
        return new StackedCircuit(partition.layers(), partition.commitments(),
                List.of(partition.challenges().get(challenge)));
    }

    /** The partition's vanilla proofs with one row of one expander parent's column changed. */
    private static VanillaProof[] withCorruptedExpParentRow(VanillaProof[] proofs, int challenge, int parent,
            int row) {
        VanillaProof p = proofs[challenge];
        ReplicaColumnProof rc = p.replicaColumnProofs();
        ColumnProof col = rc.expParents()[parent];
        byte[] rows = col.rows().clone();
        rows[32 * row] ^= 1;
        ColumnProof[] exp = rc.expParents().clone();
        exp[parent] = new ColumnProof(col.index(), rows, col.inclusionProof());
        VanillaProof[] out = proofs.clone();
        out[challenge] = new VanillaProof(p.commDProofs(), p.commRLastProof(),
                new ReplicaColumnProof(rc.cX(), rc.drgParents(), exp), p.labelingProofs(), p.encodingProof());
        return out;
    }

    private static StackedCircuit circuit(C1Output c1, VanillaProof[] proofs) {
        return PartitionCircuits.of(c1.registeredProof(), c1.replicaId(), c1.commD(), c1.commR(), proofs);
    }

    @Test
    void singleChallengesOf32GiBPartitionAreSatisfied() {
        C1Output c1 = c1();
        Random rnd = new Random(SEED);
        int k = rnd.nextInt(c1.partitions());
        int j = rnd.nextInt(PROOF.shape().challengesPerPartition());
        StackedCircuit circuit = oneChallenge(PartitionCircuits.of(c1, k), j);
        CheckSystem cs = CheckSystem.of(circuit);
        assertTrue(cs.isSatisfied(), () -> "seed " + SEED + ", partition " + k + ", challenge " + j + ": "
                + cs.firstFailure());
        PartitionCircuitSatisfiedTest.assertWitnessEqualsCheck(circuit, cs);
        CountSystem count = CountSystem.of(StackedCircuit.blank(SectorShape.SIZE_32GIB, 1), false);
        assertEquals(count.numConstraints(), cs.numConstraints());
        assertEquals(count.numAux(), cs.numAux());
        long[] derived = PublicInputs.forPartition(PROOF, c1.replicaId(), c1.commD(), c1.commR(), c1.seed(), k);
        long[] header = Arrays.copyOf(derived, 3 * Fr.LIMBS);
        long[] challenge = Arrays.copyOfRange(derived, (3 + PublicInputs.PER_CHALLENGE * j) * Fr.LIMBS,
                (3 + PublicInputs.PER_CHALLENGE * (j + 1)) * Fr.LIMBS);
        long[] inputs = cs.inputValues();
        assertArrayEquals(header, Arrays.copyOfRange(inputs, Fr.LIMBS, 4 * Fr.LIMBS), "seed " + SEED);
        assertArrayEquals(challenge, Arrays.copyOfRange(inputs, 4 * Fr.LIMBS, inputs.length), "seed " + SEED);
    }

    @Test
    void corruptedColumnOfOneChallengeIsNamed() {
        C1Output c1 = c1();
        VanillaProof[] bad = withCorruptedExpParentRow(c1.vanillaProofs()[0], 3, 5, 7);
        CheckSystem cs = CheckSystem.of(oneChallenge(circuit(c1, bad), 3));
        assertFalse(cs.isSatisfied(), "seed " + SEED);
        assertEquals("challenge_0/exp_parent_5_inclusion/enforce root is correct", cs.firstFailure());
    }

    /** The whole partition in one check system: 130,278,541 constraints, none of them kept. */
    @Tag("slow")
    @Test
    void whole32GiBPartitionIsSatisfiedAndACorruptedOneIsNamed() {
        C1Output c1 = c1();
        int k = new Random(SEED).nextInt(c1.partitions());
        long t0 = System.nanoTime();
        CheckSystem cs = CheckSystem.of(PartitionCircuits.of(c1, k));
        System.out.printf("32GiB partition %d checked in %.1f s, heap in use %d MB%n", k, (System.nanoTime() - t0) / 1e9,
                (Runtime.getRuntime().totalMemory() - Runtime.getRuntime().freeMemory()) >> 20);
        assertTrue(cs.isSatisfied(), () -> "seed " + SEED + ", partition " + k + ": " + cs.firstFailure());
        assertEquals(130_278_541, cs.numConstraints());
        assertEquals(130_169_893, cs.numAux());
        long[] inputs = cs.inputValues();
        assertArrayEquals(PublicInputs.forPartition(PROOF, c1.replicaId(), c1.commD(), c1.commR(), c1.seed(), k),
                Arrays.copyOfRange(inputs, Fr.LIMBS, inputs.length), "seed " + SEED);

        VanillaProof[] bad = withCorruptedExpParentRow(c1.vanillaProofs()[k], 11, 2, 9);
        CheckSystem corrupted = CheckSystem.of(circuit(c1, bad));
        assertFalse(corrupted.isSatisfied(), "seed " + SEED);
        assertEquals("challenge_11/exp_parent_2_inclusion/enforce root is correct", corrupted.firstFailure());
    }
}
