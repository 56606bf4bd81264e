package io.c2spark.gpu.setup;

import io.c2spark.core.r1cs.R1csShape;

/**
 * What the device QAP evaluation needs to know of a circuit's variables beside its matrices:
 * how many inputs (ONE included) and aux variables it has, and which aux variables are bits
 * (bit v of auxBits, 64 per long), as the matrices' column codes distinguish them
 * ({@link io.c2spark.gpu.r1cs.R1csDeviceShape}).
 */
public record CircuitVariables(int inputs, int aux, long[] auxBits) {
    public CircuitVariables {
        if (inputs < 1 || aux < 0 || (long) inputs + aux > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("a circuit of " + inputs + " inputs and " + aux + " aux variables");
        }
    }

    public static CircuitVariables of(R1csShape shape) {
        return new CircuitVariables(shape.numInputs(), shape.numAux(), shape.auxBits());
    }

    /** Inputs then aux: the variables that u, v, w and the IC and L queries are indexed by. */
    public int count() {
        return inputs + aux;
    }
}
