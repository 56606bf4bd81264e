package io.c2spark.core.porep.c2;

import io.c2spark.core.groth16.Proof;
import io.c2spark.core.groth16.ProofEncoding;
import io.c2spark.core.groth16.Verifier;
import io.c2spark.core.groth16.VerifyingKey;
import io.c2spark.core.porep.RegisteredSealProof;
import io.c2spark.core.porep.circuit.PublicInputs;

/**
 * Verifies a seal proof from the values a chain would hold: replica_id, comm_d, comm_r and the seed.
 * Each partition's public inputs are derived here (challenges from the seed, parents from the
 * graph), never read from the prover's files.
 */
public final class SealVerifier {
    private SealVerifier() {
    }

    /**
     * Why a seal proof is refused. Malformed: its bytes are not a proof (a wrong length, a point that
     * does not decode, with the decoder's reason); else partition's proof does not verify.
     * partition is -1 when the fault is the whole file's (its length).
     */
    public record Rejection(int partition, boolean malformed, String reason) {
    }

    /** The first reason the seal proof is refused, or null when every partition verifies. */
    public static Rejection check(RegisteredSealProof proof, byte[] replicaId, byte[] commD, byte[] commR, byte[] seed,
            VerifyingKey vk, byte[] sealProof) {
        int partitions = proof.shape().partitions();
        if (sealProof.length != partitions * ProofEncoding.BYTES) {
            return new Rejection(-1, true, "a " + proof.shape().label() + " seal proof is "
                    + partitions * ProofEncoding.BYTES + " bytes (" + partitions + " x " + ProofEncoding.BYTES
                    + "), got " + sealProof.length);
        }
        Verifier verifier = new Verifier(vk);
        for (int k = 0; k < partitions; k++) {
            byte[] one = new byte[ProofEncoding.BYTES];
            System.arraycopy(sealProof, k * ProofEncoding.BYTES, one, 0, ProofEncoding.BYTES);
            Proof p;
            try {
                p = ProofEncoding.decode(one);
            } catch (IllegalArgumentException e) {
                return new Rejection(k, true, e.getMessage());
            }
            long[] inputs = PublicInputs.forPartition(proof, replicaId, commD, commR, seed, k);
            if (!verifier.verify(inputs, p)) {
                return new Rejection(k, false, "does not verify");
            }
        }
        return null;
    }

    /**
     * The check of each partition's proof (192 bytes) against the public inputs derived from these
     * values, for {@link PartitionPipeline}: false when it does not decode or does not verify.
     */
    public static PartitionPipeline.PartitionCheck partitionCheck(RegisteredSealProof proof, byte[] replicaId, byte[] commD,
            byte[] commR, byte[] seed, VerifyingKey vk) {
        Verifier verifier = new Verifier(vk);
        return (k, bytes) -> {
            Proof p;
            try {
                p = ProofEncoding.decode(bytes);
            } catch (IllegalArgumentException e) {
                return false;
            }
            return verifier.verify(PublicInputs.forPartition(proof, replicaId, commD, commR, seed, k), p);
        };
    }

    /**
     * The first partition whose proof does not verify or does not decode, or -1 when all verify.
     *
     * @throws IllegalArgumentException when the seal proof's length is not the sector size's
     */
    public static int firstInvalidPartition(RegisteredSealProof proof, byte[] replicaId, byte[] commD, byte[] commR,
            byte[] seed, VerifyingKey vk, byte[] sealProof) {
        Rejection r = check(proof, replicaId, commD, commR, seed, vk, sealProof);
        if (r != null && r.partition() < 0) {
            throw new IllegalArgumentException(r.reason());
        }
        return r == null ? -1 : r.partition();
    }
}
