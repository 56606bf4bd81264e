package io.c2spark.core.porep.vanilla;

/**
 * A Merkle inclusion proof (rfp merkle/proof.rs MerkleProof with ProofData Single, Sub or Top).
 * {@code subProof} is null for a Single proof; {@code topProof} is null unless the tree has a top
 * layer (64GiB). In serde JSON: {"data": {"Single": {"root", "leaf", "path"}}},
 * {"Sub": {"base_proof", "sub_proof", "root", "leaf"}} or
 * {"Top": {"base_proof", "sub_proof", "top_proof", "root", "leaf"}}; each path is {"path": [...]}.
 */
public record MerkleProof(InclusionPath baseProof, InclusionPath subProof, InclusionPath topProof,
                          Domain root, Domain leaf) {
    public enum Kind { SINGLE, SUB, TOP }

    public MerkleProof {
        if (baseProof == null || root == null || leaf == null) {
            throw new IllegalArgumentException("a Merkle proof needs base path, root and leaf");
        }
        if (topProof != null && subProof == null) {
            throw new IllegalArgumentException("a Merkle proof with a top path needs a sub path");
        }
    }

    public static MerkleProof single(InclusionPath path, Domain root, Domain leaf) {
        return new MerkleProof(path, null, null, root, leaf);
    }

    public Kind kind() {
        return topProof != null ? Kind.TOP : subProof != null ? Kind.SUB : Kind.SINGLE;
    }
}
