package io.c2spark.core.porep.vanilla;

import java.util.List;

/**
 * The vanilla proof of one challenge (rfp stacked/vanilla/params.rs Proof): the data-tree opening
 * (binary SHA-256 tree), the replica-tree opening (Poseidon tree_r_last), the column openings,
 * one labeling proof per layer and the encoding proof. serde field names: comm_d_proofs,
 * comm_r_last_proof, replica_column_proofs, labeling_proofs, encoding_proof.
 */
public record VanillaProof(MerkleProof commDProofs, MerkleProof commRLastProof,
                           ReplicaColumnProof replicaColumnProofs, List<LabelingProof> labelingProofs,
                           EncodingProof encodingProof) {
    public VanillaProof {
        labelingProofs = List.copyOf(labelingProofs);
    }
}
