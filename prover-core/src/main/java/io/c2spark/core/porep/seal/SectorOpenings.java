package io.c2spark.core.porep.seal;

import io.c2spark.core.porep.RegisteredSealProof;
import io.c2spark.core.porep.graph.StackedGraph;

/**
 * What vanilla proving reads from a sector: labels of single nodes and tree openings. A fully
 * sealed sector and a synthetic one (real only where challenged) both provide it.
 */
public interface SectorOpenings {
    RegisteredSealProof proof();

    StackedGraph graph();

    byte[] replicaId();

    int layers();

    /** The label of {@code node} in {@code layer} (1-based). */
    byte[] label(long node, int layer);

    /** tree_d over the data. */
    OpeningTree treeD();

    /** tree_c over the column hashes. */
    OpeningTree treeC();

    /** tree_r_last over the replica. */
    OpeningTree treeRLast();
}
