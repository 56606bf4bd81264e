package io.c2spark.core.porep.vanilla;

import java.util.List;

/** The labels of one node in every layer, layer 1 first (rfp stacked/vanilla/column.rs). */
public record Column(int index, List<Domain> rows) {
    public Column {
        rows = List.copyOf(rows);
    }

    /** The label of this node in {@code layer} (1-based, as upstream). */
    public Domain nodeAtLayer(int layer) {
        return rows.get(layer - 1);
    }
}
