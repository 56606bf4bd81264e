package io.c2spark.core.r1cs;

/**
 * A circuit made of a common prefix and then blocks that all have the same structure (the same
 * numbers of inputs, aux variables, constraints and matrix non-zeros) and use only the prefix's
 * variables and their own: a PoRep partition circuit, whose prefix checks the commitments and whose
 * blocks are its challenges. {@link BlockShapeSynthesis} records such a circuit's blocks in
 * parallel; {@link #synthesize} runs the prefix and then every block in order, which is the
 * circuit every other mode sees.
 *
 * @param <P> what the blocks need of the prefix (its variables); blocks running in parallel share
 *     it, so they must only read it
 */
public interface BlockCircuit<P> extends Circuit {
    /** Synthesises the prefix and returns what the blocks need of it. */
    P synthesizePrefix(ConstraintSystem cs);

    /** The number of blocks. */
    int blockCount();

    /** Synthesises block k (0-based) after the prefix (and, in the sequential order, after blocks 0 .. k-1). */
    void synthesizeBlock(ConstraintSystem cs, P prefix, int k);

    @Override
    default void synthesize(ConstraintSystem cs) {
        P prefix = synthesizePrefix(cs);
        for (int k = 0; k < blockCount(); k++) {
            synthesizeBlock(cs, prefix, k);
        }
    }
}
