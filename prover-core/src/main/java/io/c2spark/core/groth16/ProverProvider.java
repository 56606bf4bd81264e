package io.c2spark.core.groth16;

import io.c2spark.core.r1cs.R1csShape;

/**
 * A prover implementation found at run time through {@link java.util.ServiceLoader}, so that the
 * command line can offer provers that live in modules prover-core cannot depend on (the GPU prover
 * in gpu-executor registers itself as backend "gpu").
 */
public interface ProverProvider {
    /** The name users choose it by (--backend). */
    String backend();

    /**
     * Returns normally when this backend can prove on this machine; otherwise throws
     * IllegalStateException saying why, before anything is loaded.
     */
    void checkAvailable();

    /** A prover for the circuit and parameters on this backend. */
    Groth16Prover open(R1csShape shape, ParameterSource params);
}
