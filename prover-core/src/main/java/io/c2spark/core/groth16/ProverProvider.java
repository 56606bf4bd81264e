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

    /**
     * A prover for the circuit over the parameters of params on this backend, loaded from them in
     * chunks (a {@link ParameterFile} is never read whole into the heap). The prover may read params
     * again while it proves (a GPU that streams the points from the file), so the caller closes
     * the prover before params. With profile, each proof's {@link TimedProof#phasesMs} holds the
     * device's time per phase.
     */
    Groth16Prover open(R1csShape shape, ParameterSource params, boolean profile);
}
