package io.c2spark.core.porep.sdr;

import io.c2spark.core.porep.RegisteredSealProof;
import io.c2spark.core.porep.graph.StackedGraph;
import io.c2spark.core.porep.vanilla.Domain;

/**
 * A sealed sector held in memory: the data, every layer's labels, the replica, the three trees
 * and the commitments. What C1 needs to answer any challenge.
 */
public record SealedSector(RegisteredSealProof proof, StackedGraph graph, byte[] proverId, long sectorId,
                           byte[] ticket, byte[] replicaId, byte[] data, byte[][] labels, byte[] replica,
                           MerkleTree treeD, MerkleTree treeC, MerkleTree treeRLast, Domain commR) {
    public Domain commD() {
        return treeD.root();
    }

    public Domain commC() {
        return treeC.root();
    }

    public Domain commRLast() {
        return treeRLast.root();
    }
}
