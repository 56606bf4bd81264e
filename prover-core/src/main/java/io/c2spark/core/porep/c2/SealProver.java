package io.c2spark.core.porep.c2;

import io.c2spark.core.groth16.Groth16Prover;
import io.c2spark.core.groth16.Proof;
import io.c2spark.core.groth16.ProofEncoding;
import io.c2spark.core.porep.c1.C1Output;
import io.c2spark.core.porep.circuit.PartitionCircuits;
import io.c2spark.core.porep.seal.VanillaVerifier;
import io.c2spark.core.porep.vanilla.proof.VanillaProofException;
import io.c2spark.core.r1cs.Witness;
import io.c2spark.core.r1cs.WitnessSystem;
import java.util.Random;
import java.util.function.Consumer;

/**
 * C2 of one sector: checks the C1 file's vanilla proofs natively (a bad file is refused before any
 * proving), then proves each partition's circuit; the seal proof is the partitions' 192-byte proofs
 * concatenated, in partition order, as Filecoin's.
 */
public final class SealProver {
    private SealProver() {
    }

    public static byte[] prove(C1Output c1, Groth16Prover prover, Random rng, Consumer<String> progress)
            throws VanillaProofException {
        VanillaVerifier.verify(c1.registeredProof(), c1.replicaId(), c1.commD(), c1.commR(), c1.seed(),
                c1.vanillaProofs());
        int partitions = c1.partitions();
        byte[] out = new byte[partitions * ProofEncoding.BYTES];
        for (int k = 0; k < partitions; k++) {
            long t0 = System.nanoTime();
            Witness w = WitnessSystem.of(PartitionCircuits.of(c1, k));
            double witnessS = PorepParameters.secondsSince(t0);
            Proof proof = prover.prove(w, rng);
            System.arraycopy(ProofEncoding.encode(proof), 0, out, k * ProofEncoding.BYTES, ProofEncoding.BYTES);
            progress.accept(String.format("partition %d/%d proved (witness %.1f s, proof %.1f s)", k + 1, partitions,
                    witnessS, PorepParameters.secondsSince(t0) - witnessS));
        }
        return out;
    }
}
