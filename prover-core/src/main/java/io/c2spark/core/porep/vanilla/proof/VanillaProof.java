package io.c2spark.core.porep.vanilla.proof;

import java.util.Arrays;
import java.util.Objects;

/**
 * The vanilla (non-SNARK) proof of one challenge of a StackedDrg PoRep (upstream
 * storage-proofs-porep stacked/vanilla/params.rs Proof), fields in upstream (serde) order.
 *
 * <ul>
 *   <li>{@code commDProofs}: tree_d (SHA-256, arity 2) inclusion of the challenged data node;</li>
 *   <li>{@code commRLastProof}: tree_r_last (Poseidon) inclusion of the challenged replica node;</li>
 *   <li>{@code replicaColumnProofs}: tree_c openings of the challenged node's column and of its
 *       6 DRG and 8 expander parents' columns;</li>
 *   <li>{@code labelingProofs}: one per layer 1..L, the parents that label the challenged node;</li>
 *   <li>{@code encodingProof}: the last layer's parents, from which the encoding key comes.</li>
 * </ul>
 */
public record VanillaProof(MerkleProof commDProofs, MerkleProof commRLastProof,
        ReplicaColumnProof replicaColumnProofs, LabelingProof[] labelingProofs, EncodingProof encodingProof) {

    /** DRG parents per node (upstream drgraph BASE_DEGREE). */
    public static final int DRG_PARENTS = 6;
    /** Expander parents per node (upstream stacked/vanilla/graph.rs EXP_DEGREE). */
    public static final int EXP_PARENTS = 8;
    /** Parent labels hashed per label, repeated from the 6 or 14 real parents (TOTAL_PARENTS). */
    public static final int LABEL_PARENTS = 37;

    public VanillaProof {
        Objects.requireNonNull(commDProofs, "commDProofs");
        Objects.requireNonNull(commRLastProof, "commRLastProof");
        Objects.requireNonNull(replicaColumnProofs, "replicaColumnProofs");
        Objects.requireNonNull(labelingProofs, "labelingProofs");
        Objects.requireNonNull(encodingProof, "encodingProof");
    }

    /** The challenged node, as the tree_d path states it. */
    public long challenge() {
        return commDProofs.leafIndex();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof VanillaProof v && commDProofs.equals(v.commDProofs)
                && commRLastProof.equals(v.commRLastProof) && replicaColumnProofs.equals(v.replicaColumnProofs)
                && Arrays.equals(labelingProofs, v.labelingProofs) && encodingProof.equals(v.encodingProof);
    }

    @Override
    public int hashCode() {
        return Objects.hash(commDProofs, commRLastProof, replicaColumnProofs, Arrays.hashCode(labelingProofs),
                encodingProof);
    }

    @Override
    public String toString() {
        return "VanillaProof[challenge=" + challenge() + ", layers=" + labelingProofs.length + "]";
    }
}
