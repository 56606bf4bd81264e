package io.c2spark.core.porep.seal;

import io.c2spark.core.porep.RegisteredSealProof;
import io.c2spark.core.porep.graph.StackedGraph;
import java.util.Arrays;

/**
 * A sealed sector held in memory: the data, every layer's labels, the replica, the three trees
 * and the commitments (32-byte little-endian values). What C1 needs to answer any challenge.
 */
public record SealedSector(RegisteredSealProof proof, StackedGraph graph, byte[] proverId, long sectorId,
                           byte[] ticket, byte[] replicaId, byte[] data, byte[][] labels, byte[] replica,
                           MerkleTree treeD, MerkleTree treeC, MerkleTree treeRLast, byte[] commR)
        implements SectorOpenings {
    public byte[] commD() {
        return treeD.root();
    }

    public byte[] commC() {
        return treeC.root();
    }

    public byte[] commRLast() {
        return treeRLast.root();
    }

    @Override
    public int layers() {
        return labels.length;
    }

    @Override
    public byte[] label(long node, int layer) {
        return Arrays.copyOfRange(labels[layer - 1], (int) (32 * node), (int) (32 * node + 32));
    }
}
