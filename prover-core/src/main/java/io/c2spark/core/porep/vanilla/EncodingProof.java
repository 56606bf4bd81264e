package io.c2spark.core.porep.vanilla;

import java.util.List;

/**
 * The parents of the last-layer label, which is the encoding key of the challenged node
 * (rfp stacked/vanilla/encoding_proof.rs; serde field order: parents, layer_index, node).
 */
public record EncodingProof(List<Domain> parents, int layerIndex, long node) {
    public EncodingProof {
        parents = List.copyOf(parents);
    }
}
