package io.c2spark.core.porep.vanilla.proof;

import java.util.Arrays;
import java.util.Objects;

/**
 * Column openings for one challenge (upstream stacked/vanilla ReplicaColumnProof): the challenged
 * node's column {@code cX}, then the columns of its DRG parents (6, in graph order) and of its
 * expander parents (8, in graph order).
 */
public record ReplicaColumnProof(ColumnProof cX, ColumnProof[] drgParents, ColumnProof[] expParents) {

    public ReplicaColumnProof {
        Objects.requireNonNull(cX, "cX");
        Objects.requireNonNull(drgParents, "drgParents");
        Objects.requireNonNull(expParents, "expParents");
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ReplicaColumnProof r && cX.equals(r.cX) && Arrays.equals(drgParents, r.drgParents)
                && Arrays.equals(expParents, r.expParents);
    }

    @Override
    public int hashCode() {
        return 31 * (31 * cX.hashCode() + Arrays.hashCode(drgParents)) + Arrays.hashCode(expParents);
    }

    @Override
    public String toString() {
        return "ReplicaColumnProof[cX=" + cX + ", drg=" + drgParents.length + ", exp=" + expParents.length + "]";
    }
}
