package io.c2spark.core.gadgets;

import io.c2spark.core.field.Fr;
import io.c2spark.core.r1cs.ConstraintSystem;
import io.c2spark.core.r1cs.LinearCombination;
import io.c2spark.core.r1cs.Variable;
import java.util.ArrayList;
import java.util.List;

/**
 * bellpepper's MultiEq (gadgets/multieq.rs): packs several equalities of small bit-sums into one
 * constraint {@code sum 2^offset_k lhs_k * 1 = sum 2^offset_k rhs_k}, flushing when the next one
 * would pass the field's capacity (254 bits) and when closed. The flush position in the
 * constraint order is bellpepper's, so the matrices match. The equalities are kept as the bits
 * they are made of, and the linear combinations are built only by modes that record constraints.
 */
public final class MultiEq implements AutoCloseable {
    private static final int CAPACITY = Fr.MODULUS.bitLength() - 1;

    private final ConstraintSystem cs;
    private int ops;
    private int bitsUsed;
    private final List<Pending> pending = new ArrayList<>();

    /** Operand words' bits (each word weighted 2^j, j from 0) equal to the result bits. */
    private record Pending(int offset, long[][] operandBits, int[] resultVars) {
    }

    public MultiEq(ConstraintSystem cs) {
        this.cs = cs;
    }

    void enforceEqual(int numBits, long[][] operandBits, int[] resultVars) {
        if (CAPACITY <= bitsUsed + numBits) {
            accumulate();
        }
        pending.add(new Pending(bitsUsed, operandBits, resultVars));
        bitsUsed += numBits;
    }

    private void accumulate() {
        int n = ops;
        List<Pending> items = List.copyOf(pending);
        cs.enforce(() -> "multieq " + n, lhs -> buildLhs(lhs, items), b -> b.add(Variable.ONE),
                rhs -> buildRhs(rhs, items));
        pending.clear();
        bitsUsed = 0;
        ops++;
    }

    private static void buildLhs(LinearCombination lc, List<Pending> items) {
        for (Pending p : items) {
            for (long[] word : p.operandBits) {
                for (int j = 0; j < word.length; j++) {
                    Bit.addPow2(lc, word[j], p.offset + j);
                }
            }
        }
    }

    private static void buildRhs(LinearCombination lc, List<Pending> items) {
        for (Pending p : items) {
            for (int k = 0; k < p.resultVars.length; k++) {
                lc.add(p.resultVars[k], Bit.POW2, (p.offset + k) * Fr.LIMBS);
            }
        }
    }

    @Override
    public void close() {
        if (bitsUsed > 0) {
            accumulate();
        }
    }
}
