package io.c2spark.core.r1cs;

import java.util.function.Supplier;

/**
 * Records only the assignment ({@link Assignment}: input values, aux bits in a bitmap, the
 * remaining aux values in a dense tail). Constraints and namespaces are not even built (their
 * builders are never called), so synthesis allocates nothing per constraint. As a {@link BitSink}
 * it takes whole runs of bits from dedicated witness writers. A part of a circuit ({@link #part})
 * numbers its variables from given counts and keeps only its own values, for
 * {@link BlockWitnessSynthesis}.
 */
public final class WitnessSystem extends RecordingSystem implements BitSink {

    /** A system for a whole circuit: ONE allocated, nothing else. */
    public WitnessSystem() {
        this(0, 0);
    }

    private WitnessSystem(int inputBase, int auxBase) {
        super(inputBase, auxBase, 0);
    }

    /**
     * A part of a circuit whose first own input and aux variable get these indices (no ONE of its
     * own); it counts only its own constraints.
     */
    static WitnessSystem part(int inputBase, int auxBase) {
        return new WitnessSystem(inputBase, auxBase);
    }

    /** Runs the circuit and returns its witness. */
    public static Witness of(Circuit circuit) {
        WitnessSystem cs = new WitnessSystem();
        circuit.synthesize(cs);
        return cs.finish();
    }

    @Override
    public boolean buildsConstraints() {
        return false;
    }

    @Override
    public int allocateBit(boolean value) {
        if (value) {
            values.bits.set(ownAux);
        }
        return nextAux();
    }

    @Override
    public int allocateBits(long bitValues, int count) {
        if (count < 1 || count > 64) {
            throw new IllegalArgumentException("a run of 1 to 64 bits, got " + count);
        }
        values.bits.setBits(ownAux, bitValues, count);
        int first = auxBase + ownAux;
        ownAux += count;
        return first;
    }

    @Override
    public void countConstraints(int n) {
        ownConstraints += n;
    }

    @Override
    public void enforce(Supplier<String> name, LcBuilder a, LcBuilder b, LcBuilder c) {
        ownConstraints++;
    }

    /** The recorded witness of a whole circuit; the system should not be used afterwards. */
    public Witness finish() {
        requireWhole("a witness of its own");
        return values.witness(ownAux);
    }

    int tailSize() {
        return values.tailSize;
    }

    /** Copies this system's own input values into dst from input number at (4 longs each). */
    void copyInputsInto(long[] dst, int at) {
        values.copyInputsInto(dst, at);
    }

    /** ORs this system's bits into the bitmap of the whole circuit's aux variables. */
    void orBitsInto(long[] dst) {
        values.orBitsInto(dst, auxBase);
    }

    /** Copies this system's tail values and their aux indices into dst from tail entry at. */
    void copyTailInto(long[] tail, int[] auxIndices, int at) {
        values.copyTailInto(tail, auxIndices, at);
    }
}
