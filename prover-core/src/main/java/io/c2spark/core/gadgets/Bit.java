package io.c2spark.core.gadgets;

import io.c2spark.core.field.Fr;
import io.c2spark.core.r1cs.LinearCombination;
import io.c2spark.core.r1cs.Variable;

/**
 * bellpepper's {@code Boolean} (Constant, Is(bit), Not(bit)) packed in a long, so that a SHA-256's
 * tens of thousands of booleans are a {@code long[]}, not objects: bits 0-1 the kind, bit 2 the
 * value (meaningful only in modes with values), bits 32-63 the variable.
 */
public final class Bit {
    private static final int CONSTANT = 0;
    private static final int IS = 1;
    private static final int NOT = 2;

    public static final long FALSE = CONSTANT;
    public static final long TRUE = CONSTANT | 4;

    /** Fr powers of two 2^0 .. 2^255 in Montgomery form, for packing bits into numbers. */
    static final long[] POW2 = new long[256 * Fr.LIMBS];

    static {
        Fr.setOne(POW2, 0);
        for (int i = 1; i < 256; i++) {
            Fr.add(POW2, (i - 1) * Fr.LIMBS, POW2, (i - 1) * Fr.LIMBS, POW2, i * Fr.LIMBS);
        }
    }

    private Bit() {
    }

    public static long constant(boolean v) {
        return v ? TRUE : FALSE;
    }

    /** The boolean that is the allocated bit variable {@code var} holding {@code value}. */
    public static long of(int var, boolean value) {
        return ((long) var << 32) | (value ? 4 : 0) | IS;
    }

    public static boolean isConstant(long b) {
        return (b & 3) == CONSTANT;
    }

    static boolean isIs(long b) {
        return (b & 3) == IS;
    }

    static boolean isNot(long b) {
        return (b & 3) == NOT;
    }

    /** The underlying variable of an Is or Not boolean. */
    public static int variable(long b) {
        return (int) (b >> 32);
    }

    /** The boolean's value (for Not: the negation of its variable's value). */
    public static boolean value(long b) {
        return (b & 4) != 0;
    }

    /** Negation, free: Is becomes Not and the reverse; a constant flips. */
    public static long not(long b) {
        int kind = (int) (b & 3);
        long flipped = b ^ 4;
        return kind == CONSTANT ? flipped : (flipped & ~3L) | (kind == IS ? NOT : IS);
    }

    /** Adds coeff * b to lc (bellpepper's Boolean::lc): ONE for true, var, or ONE - var. */
    public static void addTo(LinearCombination lc, long b, long[] coeff, int off) {
        switch ((int) (b & 3)) {
            case CONSTANT -> {
                if (value(b)) {
                    lc.add(Variable.ONE, coeff, off);
                }
            }
            case IS -> lc.add(variable(b), coeff, off);
            default -> {
                lc.add(Variable.ONE, coeff, off);
                lc.sub(variable(b), coeff, off);
            }
        }
    }

    /** Adds b (coefficient one) to lc. */
    public static void addTo(LinearCombination lc, long b) {
        addTo(lc, b, POW2, 0);
    }

    /** Subtracts b (coefficient one) from lc. */
    public static void subFrom(LinearCombination lc, long b) {
        switch ((int) (b & 3)) {
            case CONSTANT -> {
                if (value(b)) {
                    lc.sub(Variable.ONE);
                }
            }
            case IS -> lc.sub(variable(b));
            default -> {
                lc.sub(Variable.ONE);
                lc.add(variable(b));
            }
        }
    }

    /** Adds 2^i * b to lc. */
    public static void addPow2(LinearCombination lc, long b, int i) {
        addTo(lc, b, POW2, i * Fr.LIMBS);
    }
}
