package io.c2spark.core.porep.vanilla;

/** A column and its inclusion proof in tree_c (rfp stacked/vanilla/column_proof.rs). */
public record ColumnProof(Column column, MerkleProof inclusionProof) {
}
