package io.c2spark.core.groth16;

import io.c2spark.core.field.Fr;
import io.c2spark.core.r1cs.Witness;
import java.util.Random;

/**
 * A Groth16 prover bound to one circuit shape and its parameters (what it precomputes from them is
 * kept across proofs): the CPU prover ({@link CpuProver}) and the GPU provers of gpu-executor. Every
 * implementation gives the same proof for the same witness, r and s. Closing releases what the
 * prover holds beyond the heap (a GPU's device and pinned memory); the CPU prover holds nothing.
 * A prover may run several proofs at once, each called from a thread of its own
 * ({@link #parallelProofs}): a GPU's slots, one proof's kernels running while the next one's
 * witness is uploaded.
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

    /**
     * The proof and where its time went. The default times the whole call as busy time; a GPU prover
     * tells its waits for the device apart from the device's own time and, when it profiles, its
     * phases.
     */
    default TimedProof proveTimed(Witness witness, long[] r, long[] s) {
        long t0 = System.nanoTime();
        Proof p = prove(witness, r, s);
        double ms = (System.nanoTime() - t0) / 1e6;
        return new TimedProof(p, 0, ms, ms, java.util.Map.of());
    }

    /**
     * How many proofs this prover runs at once, one per calling thread: more callers than this wait
     * for each other. 1 unless the implementation says otherwise (the CPU prover uses every core for
     * one proof).
     */
    default int parallelProofs() {
        return 1;
    }

    @Override
    default void close() {
    }
}
