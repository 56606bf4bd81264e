package io.c2spark.core.r1cs;

import io.c2spark.core.field.Fr;
import java.util.Arrays;
import java.util.function.Supplier;

/**
 * Records only the assignment: input values, aux bits in a bitmap indexed by aux variable, and the
 * remaining (non-bit) aux values in a dense tail with the aux index of each. Constraints and
 * namespaces are not even built (their builders are never called), so synthesis allocates nothing
 * per constraint; a 32GiB partition's ~130M mostly-bit aux values fit in ~16 MB plus a small tail.
 * As a {@link BitSink} it takes whole runs of bits from dedicated witness writers. A part of a
 * circuit ({@link #part}) numbers its variables from given counts and keeps only its own values, for
 * {@link BlockWitnessSynthesis}.
 */
public final class WitnessSystem implements ConstraintSystem, BitSink {
    /** Inputs and aux variables of the circuit before this system's own (0 for a whole circuit). */
    private final int inputBase;
    private final int auxBase;
    /** This system's own input values (a whole circuit's ONE first). */
    private long[] inputs = new long[16 * Fr.LIMBS];
    private int ownInputs;
    /** This system's own bit values, indexed from auxBase. */
    private final GrowableBitmap bits = new GrowableBitmap();
    private int ownAux;
    private long[] tail = new long[64 * Fr.LIMBS];
    /** The absolute aux index of each tail value. */
    private int[] tailAux = new int[64];
    private int tailSize;
    private int numConstraints;

    /** A system for a whole circuit: ONE allocated, nothing else. */
    public WitnessSystem() {
        this(0, 0);
        Fr.setOne(inputs, 0);
        ownInputs = 1;
    }

    private WitnessSystem(int inputBase, int auxBase) {
        this.inputBase = inputBase;
        this.auxBase = auxBase;
    }

    /** A part of a circuit whose first own input and aux variable get these indices (no ONE of its own). */
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
    public boolean hasValues() {
        return true;
    }

    @Override
    public boolean buildsConstraints() {
        return false;
    }

    @Override
    public int allocate(long[] value, int off) {
        if (tailSize == tailAux.length) {
            tailAux = Arrays.copyOf(tailAux, tailSize * 2);
            tail = Arrays.copyOf(tail, tailSize * 2 * Fr.LIMBS);
        }
        System.arraycopy(value, off, tail, tailSize * Fr.LIMBS, Fr.LIMBS);
        tailAux[tailSize++] = auxBase + ownAux;
        return auxBase + ownAux++;
    }

    @Override
    public int allocateBit(boolean value) {
        if (value) {
            bits.set(ownAux);
        }
        return auxBase + ownAux++;
    }

    @Override
    public int allocateBits(long values, int count) {
        if (count < 1 || count > 64) {
            throw new IllegalArgumentException("a run of 1 to 64 bits, got " + count);
        }
        bits.setBits(ownAux, values, count);
        int first = auxBase + ownAux;
        ownAux += count;
        return first;
    }

    @Override
    public void countConstraints(int n) {
        numConstraints += n;
    }

    @Override
    public int allocateInput(long[] value, int off) {
        if (ownInputs * Fr.LIMBS == inputs.length) {
            inputs = Arrays.copyOf(inputs, inputs.length * 2);
        }
        System.arraycopy(value, off, inputs, ownInputs * Fr.LIMBS, Fr.LIMBS);
        return Variable.input(inputBase + ownInputs++);
    }

    @Override
    public void enforce(Supplier<String> name, LcBuilder a, LcBuilder b, LcBuilder c) {
        numConstraints++;
    }

    @Override
    public void pushNamespace(Supplier<String> name) {
    }

    @Override
    public void popNamespace() {
    }

    @Override
    public int numInputs() {
        return inputBase + ownInputs;
    }

    @Override
    public int numAux() {
        return auxBase + ownAux;
    }

    @Override
    public int numConstraints() {
        return numConstraints;
    }

    /** The recorded witness of a whole circuit; the system should not be used afterwards. */
    public Witness finish() {
        if (inputBase != 0 || auxBase != 0) {
            throw new IllegalStateException("a part of a circuit is not a witness of its own");
        }
        return new Witness(Arrays.copyOf(inputs, ownInputs * Fr.LIMBS), ownAux, bits.toArray(ownAux),
                Arrays.copyOf(tail, tailSize * Fr.LIMBS), Arrays.copyOf(tailAux, tailSize));
    }

    int ownInputs() {
        return ownInputs;
    }

    int ownAux() {
        return ownAux;
    }

    int tailSize() {
        return tailSize;
    }

    /** Copies this system's own input values into dst from input number at (4 longs each). */
    void copyInputsInto(long[] dst, int at) {
        System.arraycopy(inputs, 0, dst, at * Fr.LIMBS, ownInputs * Fr.LIMBS);
    }

    /** ORs this system's bits into the bitmap of the whole circuit's aux variables. */
    void orBitsInto(long[] dst) {
        bits.orInto(dst, auxBase);
    }

    /** Copies this system's tail values and their aux indices into dst from tail entry at. */
    void copyTailInto(long[] values, int[] auxIndices, int at) {
        System.arraycopy(tail, 0, values, at * Fr.LIMBS, tailSize * Fr.LIMBS);
        System.arraycopy(tailAux, 0, auxIndices, at, tailSize);
    }
}
