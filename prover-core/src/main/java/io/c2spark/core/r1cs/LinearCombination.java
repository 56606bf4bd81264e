package io.c2spark.core.r1cs;

import io.c2spark.core.field.Fr;
import java.util.Arrays;

/**
 * A linear combination sum(c_k * x_k): parallel flat arrays of packed variables and Fr coefficients
 * (4 Montgomery limbs each). Builders append terms in any order, repeats included; {@link #normalize()}
 * brings it to bellpepper's form (inputs then aux, each by index, repeated variables merged) and
 * drops zero coefficients, which bellperson counts neither in the densities nor in the queries.
 *
 * <p>The constraint systems hand one reusable instance to each {@link LcBuilder}, so recording a
 * constraint allocates nothing once the arrays have grown to the largest row.
 */
public final class LinearCombination {
    private static final long[] ONE = Fr.FIELD.one();
    private static final long[] MINUS_ONE = new long[Fr.LIMBS];

    static {
        Fr.neg(ONE, 0, MINUS_ONE, 0);
    }

    private int[] vars = new int[8];
    private long[] coeffs = new long[8 * Fr.LIMBS];
    private int size;

    public int size() {
        return size;
    }

    /** The packed variable of term k. */
    public int var(int k) {
        return vars[k];
    }

    /** The coefficient array; term k's coefficient is at limb offset {@code 4 * k}. */
    public long[] coefficients() {
        return coeffs;
    }

    public LinearCombination clear() {
        size = 0;
        return this;
    }

    /** Adds 1 * var. */
    public LinearCombination add(int var) {
        return add(var, ONE, 0);
    }

    /** Adds -1 * var. */
    public LinearCombination sub(int var) {
        return add(var, MINUS_ONE, 0);
    }

    /** Adds c * var, c the Fr element at c[off]. */
    public LinearCombination add(int var, long[] c, int off) {
        ensure(size + 1);
        vars[size] = var;
        System.arraycopy(c, off, coeffs, size * Fr.LIMBS, Fr.LIMBS);
        size++;
        return this;
    }

    /** Adds -c * var. */
    public LinearCombination sub(int var, long[] c, int off) {
        ensure(size + 1);
        vars[size] = var;
        Fr.neg(c, off, coeffs, size * Fr.LIMBS);
        size++;
        return this;
    }

    /** Adds every term of other. */
    public LinearCombination add(LinearCombination other) {
        ensure(size + other.size);
        System.arraycopy(other.vars, 0, vars, size, other.size);
        System.arraycopy(other.coeffs, 0, coeffs, size * Fr.LIMBS, other.size * Fr.LIMBS);
        size += other.size;
        return this;
    }

    /** Adds c * other, c the Fr element at c[off]. */
    public LinearCombination add(LinearCombination other, long[] c, int off) {
        ensure(size + other.size);
        for (int k = 0; k < other.size; k++) {
            vars[size] = other.vars[k];
            Fr.mul(other.coeffs, k * Fr.LIMBS, c, off, coeffs, size * Fr.LIMBS);
            size++;
        }
        return this;
    }

    /** Subtracts every term of other. */
    public LinearCombination sub(LinearCombination other) {
        ensure(size + other.size);
        for (int k = 0; k < other.size; k++) {
            vars[size] = other.vars[k];
            Fr.neg(other.coeffs, k * Fr.LIMBS, coeffs, size * Fr.LIMBS);
            size++;
        }
        return this;
    }

    /**
     * Sorts the terms into bellpepper's order (inputs by index, then aux by index), merges repeated
     * variables by adding their coefficients and drops terms whose coefficient is zero.
     */
    public void normalize() {
        if (size > 1 && !isStrictlyOrdered()) {
            sortByOrderKey();
            int w = 0;
            for (int k = 0; k < size; k++) {
                if (w > 0 && vars[w - 1] == vars[k]) {
                    Fr.add(coeffs, (w - 1) * Fr.LIMBS, coeffs, k * Fr.LIMBS, coeffs, (w - 1) * Fr.LIMBS);
                } else {
                    move(k, w++);
                }
            }
            size = w;
        }
        int w = 0;
        for (int k = 0; k < size; k++) {
            if (!Fr.isZero(coeffs, k * Fr.LIMBS)) {
                move(k, w++);
            }
        }
        size = w;
    }

    private boolean isStrictlyOrdered() {
        for (int k = 1; k < size; k++) {
            if (Variable.orderKey(vars[k - 1]) >= Variable.orderKey(vars[k])) {
                return false;
            }
        }
        return true;
    }

    /** A stable sort of the terms by variable order, through a permutation of packed (key, position) longs. */
    private void sortByOrderKey() {
        long[] keyed = new long[size];
        for (int k = 0; k < size; k++) {
            keyed[k] = ((long) Variable.orderKey(vars[k]) << 32) | k;
        }
        Arrays.sort(keyed);
        int[] v = new int[size];
        long[] c = new long[size * Fr.LIMBS];
        for (int k = 0; k < size; k++) {
            int from = (int) keyed[k];
            v[k] = vars[from];
            System.arraycopy(coeffs, from * Fr.LIMBS, c, k * Fr.LIMBS, Fr.LIMBS);
        }
        System.arraycopy(v, 0, vars, 0, size);
        System.arraycopy(c, 0, coeffs, 0, size * Fr.LIMBS);
    }

    private void move(int from, int to) {
        if (from != to) {
            vars[to] = vars[from];
            System.arraycopy(coeffs, from * Fr.LIMBS, coeffs, to * Fr.LIMBS, Fr.LIMBS);
        }
    }

    private void ensure(int n) {
        if (n > vars.length) {
            int cap = Math.max(n, vars.length * 2);
            vars = Arrays.copyOf(vars, cap);
            coeffs = Arrays.copyOf(coeffs, cap * Fr.LIMBS);
        }
    }
}
