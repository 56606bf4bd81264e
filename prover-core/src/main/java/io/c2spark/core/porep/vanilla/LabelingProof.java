package io.c2spark.core.porep.vanilla;

import java.util.List;

/**
 * The 37 parent labels that produce the label of {@code node} in {@code layerIndex}
 * (rfp stacked/vanilla/labeling_proof.rs; serde field order: parents, layer_index, node).
 */
public record LabelingProof(List<Domain> parents, int layerIndex, long node) {
    public LabelingProof {
        parents = List.copyOf(parents);
    }
}
