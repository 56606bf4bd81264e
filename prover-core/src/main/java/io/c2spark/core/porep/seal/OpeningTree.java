package io.c2spark.core.porep.seal;

import io.c2spark.core.porep.vanilla.proof.MerkleProof;

/** A Merkle tree that opens its leaves: its root and the inclusion proof of any leaf. */
public interface OpeningTree {
    byte[] root();

    /** The inclusion proof of leaf {@code index}. */
    MerkleProof proof(long index);
}
