package io.c2spark.core.porep.vanilla;

import java.util.List;

/**
 * One level of a Merkle inclusion path: the arity - 1 siblings and the position (0..arity-1) of
 * the proven node among the arity children (rfp storage-proofs-core merkle/proof.rs PathElement).
 */
public record PathElement(List<Domain> hashes, int index) {
    public PathElement {
        hashes = List.copyOf(hashes);
        if (index < 0 || index > hashes.size()) {
            throw new IllegalArgumentException("path element index " + index + " outside 0.." + hashes.size());
        }
    }
}
