package io.c2spark.core.gadgets;

import io.c2spark.core.r1cs.ConstraintSystem;

/** filecoin-hashers' PoseidonFunction in the circuit: a tree node is the Poseidon hash of its children. */
public final class PoseidonCircuitHasher implements CircuitHasher {
    public static final PoseidonCircuitHasher INSTANCE = new PoseidonCircuitHasher();

    private PoseidonCircuitHasher() {
    }

    @Override
    public Num hashMultiLeaf(ConstraintSystem cs, Num[] leaves, int height) {
        return PoseidonGadget.hash(cs, leaves);
    }
}
