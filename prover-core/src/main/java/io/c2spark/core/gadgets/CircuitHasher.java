package io.c2spark.core.gadgets;

import io.c2spark.core.r1cs.ConstraintSystem;

/** A Merkle tree's node hash inside the circuit (filecoin-hashers HashFunction::hash_multi_leaf_circuit). */
public interface CircuitHasher {
    /** Hashes the children of one node, {@code height} being the node's level (upstream passes it through). */
    Num hashMultiLeaf(ConstraintSystem cs, Num[] leaves, int height);
}
