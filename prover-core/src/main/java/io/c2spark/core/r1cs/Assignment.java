package io.c2spark.core.r1cs;

import io.c2spark.core.field.Fr;
import java.util.Arrays;

/**
 * The values a synthesis assigns to a system's own variables, kept compactly for the modes that
 * record values: input values (4 limbs each, a whole circuit's ONE first), the values of bit
 * variables in a bitmap indexed by own aux number (clear for every other variable), and the other
 * aux values in a tail with the aux index of each, in allocation order and so ascending. A 32GiB
 * partition's ~130M mostly-bit aux values fit in ~16 MB plus a small tail.
 */
final class Assignment {
    long[] inputs = new long[16 * Fr.LIMBS];
    private int inputCount;
    final GrowableBitmap bits = new GrowableBitmap();
    long[] tail = new long[64 * Fr.LIMBS];
    int[] tailAux = new int[64];
    int tailSize;

    /** An assignment for a whole circuit (ONE's value first) or for a part (nothing yet). */
    Assignment(boolean whole) {
        if (whole) {
            Fr.setOne(inputs, 0);
            inputCount = 1;
        }
    }

    void addInput(long[] value, int off) {
        if (inputCount * Fr.LIMBS == inputs.length) {
            inputs = Arrays.copyOf(inputs, inputs.length * 2);
        }
        System.arraycopy(value, off, inputs, inputCount * Fr.LIMBS, Fr.LIMBS);
        inputCount++;
    }

    /** Records the value of aux variable aux, which is not a bit variable. */
    void addValue(int aux, long[] value, int off) {
        if (tailSize == tailAux.length) {
            tailAux = Arrays.copyOf(tailAux, tailSize * 2);
            tail = Arrays.copyOf(tail, tailSize * 2 * Fr.LIMBS);
        }
        System.arraycopy(value, off, tail, tailSize * Fr.LIMBS, Fr.LIMBS);
        tailAux[tailSize++] = aux;
    }

    /** Where a non-bit aux variable's value sits in the tail. */
    int tailIndex(int aux) {
        return Arrays.binarySearch(tailAux, 0, tailSize, aux);
    }

    /** Input values, ONE first for a whole circuit, 4 limbs each. */
    long[] inputValues() {
        return Arrays.copyOf(inputs, inputCount * Fr.LIMBS);
    }

    /** The witness of a whole circuit with numAux aux variables. */
    Witness witness(int numAux) {
        return new Witness(inputValues(), numAux, bits.toArray(numAux), Arrays.copyOf(tail, tailSize * Fr.LIMBS),
                Arrays.copyOf(tailAux, tailSize));
    }

    /** Copies the input values into dst from input number at (4 longs each). */
    void copyInputsInto(long[] dst, int at) {
        System.arraycopy(inputs, 0, dst, at * Fr.LIMBS, inputCount * Fr.LIMBS);
    }

    /** ORs the bit values into the bitmap of the whole circuit's aux variables, whose own aux 0 is auxBase. */
    void orBitsInto(long[] dst, int auxBase) {
        bits.orInto(dst, auxBase);
    }

    /** Copies the tail values and their aux indices into dst from tail entry at. */
    void copyTailInto(long[] values, int[] auxIndices, int at) {
        System.arraycopy(tail, 0, values, at * Fr.LIMBS, tailSize * Fr.LIMBS);
        System.arraycopy(tailAux, 0, auxIndices, at, tailSize);
    }
}
