package io.c2spark.core.r1cs;

import io.c2spark.core.field.Fr;
import java.util.Arrays;

/**
 * A circuit's assignment in the compact form {@link WitnessSystem} records: dense input values
 * (ONE first), a bitmap over all aux variables holding the value of each bit variable (0 for
 * non-bit ones), and the non-bit aux values in allocation order with their aux indices.
 */
public final class Witness {
    private final long[] inputs;
    private final int numAux;
    private final long[] bits;
    private final long[] tail;
    private final int[] tailAux;

    Witness(long[] inputs, int numAux, long[] bits, long[] tail, int[] tailAux) {
        this.inputs = inputs;
        this.numAux = numAux;
        this.bits = bits;
        this.tail = tail;
        this.tailAux = tailAux;
    }

    public int numInputs() {
        return inputs.length / Fr.LIMBS;
    }

    public int numAux() {
        return numAux;
    }

    /** Input values, Fr Montgomery, ONE first; callers must not modify it. */
    public long[] inputs() {
        return inputs;
    }

    /** The bitmap of bit-variable values over all aux indices; callers must not modify it. */
    public long[] bits() {
        return bits;
    }

    /** Non-bit aux values in allocation order; callers must not modify it. */
    public long[] tail() {
        return tail;
    }

    /** The aux index of each tail value, ascending; callers must not modify it. */
    public int[] tailAux() {
        return tailAux;
    }

    public int tailSize() {
        return tailAux.length;
    }

    /** Writes the value of var at dst[off]. */
    public void value(int var, long[] dst, int off) {
        if (Variable.isInput(var)) {
            System.arraycopy(inputs, Variable.index(var) * Fr.LIMBS, dst, off, Fr.LIMBS);
            return;
        }
        int t = Arrays.binarySearch(tailAux, var);
        if (t >= 0) {
            System.arraycopy(tail, t * Fr.LIMBS, dst, off, Fr.LIMBS);
        } else if (GrowableBitmap.get(bits, var)) {
            Fr.setOne(dst, off);
        } else {
            Arrays.fill(dst, off, off + Fr.LIMBS, 0L);
        }
    }

    /** All aux values as a dense Fr array (4 limbs each): the plain form the reference prover uses. */
    public long[] denseAux() {
        long[] out = new long[numAux * Fr.LIMBS];
        for (int j = 0; j < numAux; j++) {
            if (GrowableBitmap.get(bits, j)) {
                Fr.setOne(out, j * Fr.LIMBS);
            }
        }
        for (int t = 0; t < tailAux.length; t++) {
            System.arraycopy(tail, t * Fr.LIMBS, out, tailAux[t] * Fr.LIMBS, Fr.LIMBS);
        }
        return out;
    }
}
