package io.c2spark.core.porep.c2;

import io.c2spark.core.groth16.Groth16Prover;
import io.c2spark.core.groth16.VerifyingKey;
import io.c2spark.core.porep.c1.C1Output;
import io.c2spark.core.porep.c1.CompactPartitionInput;
import io.c2spark.core.porep.circuit.PartitionCircuits;
import io.c2spark.core.porep.seal.VanillaVerifier;
import io.c2spark.core.porep.vanilla.proof.VanillaProofException;
import io.c2spark.core.r1cs.BlockWitnessSynthesis;
import io.c2spark.core.r1cs.Witness;
import io.c2spark.core.r1cs.WitnessSystem;
import java.util.Random;
import java.util.function.Consumer;

/**
 * C2 of one sector: checks the C1 file's vanilla proofs natively (a bad file is refused before any
 * proving), then proves each partition's circuit through a {@link PartitionPipeline} (the next
 * partition's witness built while the device proves the current one, where the prover runs
 * several proofs at once), each proof verified against the sector's {@link SealStatement} as it is
 * made; the seal proof is the partitions' 192-byte proofs concatenated, in partition order, as
 * Filecoin's.
 *
 * <p>Its steps are public so that the Spark job takes the same ones, spread over its stages: the
 * prepare stage reads the C1 file, {@link #checkVanillaProofs checks its vanilla proofs} and hands
 * on the statement and one {@link CompactPartitionInput} per partition; a prove task builds its
 * partition's {@link #witness(CompactPartitionInput) witness} and proves it; the driver checks the
 * sector's proofs against the statement.
 */
public final class SealProver {
    private SealProver() {
    }

    /** The seal proof, each partition verified against vk; throws when one does not verify. */
    public static byte[] prove(C1Output c1, Groth16Prover prover, VerifyingKey vk, Random rng, Consumer<String> progress)
            throws VanillaProofException {
        PartitionPipeline.Result result = run(c1, prover, vk, rng, progress);
        int bad = result.firstInvalidPartition();
        if (bad >= 0) {
            throw new IllegalStateException("the proof of partition " + bad + " does not verify");
        }
        return result.proofs();
    }

    /** Checks the vanilla proofs, then proves every partition, each checked against vk; the result says which verified. */
    public static PartitionPipeline.Result run(C1Output c1, Groth16Prover prover, VerifyingKey vk, Random rng,
            Consumer<String> progress) throws VanillaProofException {
        checkVanillaProofs(c1);
        return runChecked(c1, prover, vk, rng, progress);
    }

    /** As {@link #run} for a C1 whose vanilla proofs the caller has verified already (a 32GiB C1's take about a second). */
    public static PartitionPipeline.Result runChecked(C1Output checked, Groth16Prover prover, VerifyingKey vk, Random rng,
            Consumer<String> progress) {
        return PartitionPipeline.prove(checked.partitions(), k -> witness(checked, k), prover, rng, check(checked, vk),
                progress);
    }

    /**
     * Checks the C1 output's vanilla proofs against its public values (about a second for a 32GiB
     * sector), which no proof may be made for when they fail.
     */
    public static void checkVanillaProofs(C1Output c1) throws VanillaProofException {
        VanillaVerifier.verify(c1.registeredProof(), c1.replicaId(), c1.commD(), c1.commR(), c1.seed(), c1.vanillaProofs());
    }

    /** A partition's witness, its challenges synthesised in parallel on the compute pool. */
    public static Witness witness(C1Output c1, int partition) {
        return BlockWitnessSynthesis.of(PartitionCircuits.of(c1, partition));
    }

    /**
     * A partition's witness from its compact input, built on the calling thread: for callers that
     * build several partitions' witnesses at once (the Spark job's prove tasks).
     */
    public static Witness witness(CompactPartitionInput in) {
        return WitnessSystem.of(PartitionCircuits.of(in.registeredProof(), in.replicaId(), in.commD(), in.commR(),
                in.challenges()));
    }

    /** The check of each partition's proof against vk and the C1's public values. */
    public static PartitionPipeline.PartitionCheck check(C1Output c1, VerifyingKey vk) {
        return SealStatement.of(c1).partitionCheck(vk);
    }
}
