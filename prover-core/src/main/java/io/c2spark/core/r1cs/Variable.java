package io.c2spark.core.r1cs;

/**
 * A circuit variable packed in an {@code int}, so that circuits and linear combinations hold plain
 * ints rather than an object per variable. Auxiliary (private) variable j is the non-negative int
 * j; public input i is {@code -1 - i}. Input 0 is the constant ONE, allocated by every constraint
 * system before the circuit runs, as bellperson does.
 *
 * <p>Auxiliary indices fit 31 bits: a 32GiB PoRep partition has about 130M auxiliary variables.
 */
public final class Variable {
    /** The constant-one input, input 0. */
    public static final int ONE = -1;

    private Variable() {
    }

    public static int input(int index) {
        if (index < 0) {
            throw new IllegalArgumentException("negative input index " + index);
        }
        return -1 - index;
    }

    public static int aux(int index) {
        if (index < 0) {
            throw new IllegalArgumentException("negative aux index " + index);
        }
        return index;
    }

    public static boolean isInput(int var) {
        return var < 0;
    }

    /** The index within its kind (input index or aux index). */
    public static int index(int var) {
        return var < 0 ? -1 - var : var;
    }

    /**
     * The order of bellpepper's LinearCombination: inputs by index, then aux by index. Sorting terms
     * by this key gives each matrix row the term order Filecoin's own tools produce.
     */
    static int orderKey(int var) {
        return var < 0 ? Integer.MIN_VALUE + (-1 - var) : var;
    }

    public static String toString(int var) {
        return (var < 0 ? "input " : "aux ") + index(var);
    }
}
