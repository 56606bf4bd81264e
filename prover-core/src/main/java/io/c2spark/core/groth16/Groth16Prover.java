package io.c2spark.core.groth16;

import io.c2spark.core.field.Fr;
import io.c2spark.core.r1cs.Witness;
import java.util.Random;

/**
 * A Groth16 prover bound to one circuit shape and its parameters (what it precomputes from them is
 * kept across proofs): the CPU prover ({@link CpuProver}) and the GPU provers of gpu-executor. Every
 * implementation gives the same proof for the same witness, r and s. Closing releases what the
 * prover holds beyond the heap (a GPU's device and pinned memory); the CPU prover holds nothing.
 */
public interface Groth16Prover extends AutoCloseable {
    /**
     * The proof of a witness of the bound circuit with blinding factors r and s (Fr Montgomery, 4
     * longs each).
     */
    Proof prove(Witness witness, long[] r, long[] s);

    /** The proof with r then s drawn from rng, as bellperson's create_random_proof draws them. */
    default Proof prove(Witness witness, Random rng) {
        long[] r = new long[Fr.LIMBS];
        long[] s = new long[Fr.LIMBS];
        Fr.random(rng, r, 0);
        Fr.random(rng, s, 0);
        return prove(witness, r, s);
    }

    @Override
    default void close() {
    }
}
