package io.c2spark.core.porep.vanilla;

import java.util.List;

/**
 * The challenged node's column and the columns of its 6 DRG and 8 expander parents
 * (rfp stacked/vanilla/params.rs ReplicaColumnProof: c_x, drg_parents, exp_parents).
 */
public record ReplicaColumnProof(ColumnProof cX, List<ColumnProof> drgParents, List<ColumnProof> expParents) {
    public ReplicaColumnProof {
        drgParents = List.copyOf(drgParents);
        expParents = List.copyOf(expParents);
    }
}
