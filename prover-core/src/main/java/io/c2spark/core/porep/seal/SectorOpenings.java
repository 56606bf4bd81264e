package io.c2spark.core.porep.seal;

import io.c2spark.core.porep.RegisteredSealProof;
import io.c2spark.core.porep.graph.StackedGraph;
import io.c2spark.core.porep.vanilla.proof.MerkleProof;

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

    MerkleProof treeDProof(long node);

    MerkleProof treeCProof(long node);

    MerkleProof treeRLastProof(long node);
}
