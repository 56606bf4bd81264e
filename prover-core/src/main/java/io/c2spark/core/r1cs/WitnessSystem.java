package io.c2spark.core.r1cs;

import io.c2spark.core.field.Fr;
import java.util.Arrays;
import java.util.function.Supplier;

/**
 * Records only the assignment: input values, aux bits in a bitmap indexed by aux variable, and the
 * remaining (non-bit) aux values in a dense tail with the aux index of each. Constraints and
 * namespaces are not even built (their builders are never called), so synthesis allocates nothing
 * per constraint; a 32GiB partition's ~130M mostly-bit aux values fit in ~16 MB plus a small tail.
 * As a {@link BitSink} it takes whole runs of bits from dedicated witness writers.
 */
public final class WitnessSystem implements ConstraintSystem, BitSink {
    private long[] inputs = new long[16 * Fr.LIMBS];
    private int numInputs;
    private final GrowableBitmap bits = new GrowableBitmap();
    private int numAux;
    private long[] tail = new long[64 * Fr.LIMBS];
    private int[] tailAux = new int[64];
    private int tailSize;
    private int numConstraints;

    public WitnessSystem() {
        Fr.setOne(inputs, 0);
        numInputs = 1;
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
        tailAux[tailSize++] = numAux;
        return numAux++;
    }

    @Override
    public int allocateBit(boolean value) {
        if (value) {
            bits.set(numAux);
        }
        return numAux++;
    }

    @Override
    public int allocateBits(long values, int count) {
        if (count < 1 || count > 64) {
            throw new IllegalArgumentException("a run of 1 to 64 bits, got " + count);
        }
        int first = numAux;
        bits.setBits(first, values, count);
        numAux += count;
        return first;
    }

    @Override
    public void countConstraints(int n) {
        numConstraints += n;
    }

    @Override
    public int allocateInput(long[] value, int off) {
        if (numInputs * Fr.LIMBS == inputs.length) {
            inputs = Arrays.copyOf(inputs, inputs.length * 2);
        }
        System.arraycopy(value, off, inputs, numInputs * Fr.LIMBS, Fr.LIMBS);
        return Variable.input(numInputs++);
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
        return numInputs;
    }

    @Override
    public int numAux() {
        return numAux;
    }

    @Override
    public int numConstraints() {
        return numConstraints;
    }

    /** The recorded witness; the system should not be used afterwards. */
    public Witness finish() {
        return new Witness(Arrays.copyOf(inputs, numInputs * Fr.LIMBS), numAux, bits.toArray(numAux),
                Arrays.copyOf(tail, tailSize * Fr.LIMBS), Arrays.copyOf(tailAux, tailSize));
    }
}
