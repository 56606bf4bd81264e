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

    /** The first partition whose proof does not verify, or -1 when all do. */
    public static int firstInvalidPartition(RegisteredSealProof proof, byte[] replicaId, byte[] commD, byte[] commR,
            byte[] seed, VerifyingKey vk, byte[] sealProof) {
        int partitions = proof.shape().partitions();
        if (sealProof.length != partitions * ProofEncoding.BYTES) {
            throw new IllegalArgumentException("a " + proof.shape().label() + " seal proof has " + partitions + " x "
                    + ProofEncoding.BYTES + " bytes, got " + sealProof.length);
        }
        Verifier verifier = new Verifier(vk);
        for (int k = 0; k < partitions; k++) {
            byte[] one = new byte[ProofEncoding.BYTES];
            System.arraycopy(sealProof, k * ProofEncoding.BYTES, one, 0, ProofEncoding.BYTES);
            Proof p;
            try {
                p = ProofEncoding.decode(one);
            } catch (IllegalArgumentException e) {
                return k;
            }
            long[] inputs = PublicInputs.forPartition(proof, replicaId, commD, commR, seed, k);
            if (!verifier.verify(inputs, p)) {
                return k;
            }
        }
        return -1;
    }
}
