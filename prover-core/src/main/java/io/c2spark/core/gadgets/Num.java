package io.c2spark.core.gadgets;

import io.c2spark.core.field.Fr;
import io.c2spark.core.r1cs.ConstraintSystem;
import io.c2spark.core.r1cs.Variable;

/**
 * bellpepper's AllocatedNum (bellpepper-core gadgets/num.rs): a variable holding a general field
 * value, and the value (4 Montgomery limbs; zero in modes without values).
 */
public final class Num {
    /** Fr's NUM_BITS: the bits of a field element's canonical value that to_bits_le keeps. */
    public static final int NUM_BITS = 255;
    /** Fr's CAPACITY: the bits that always fit in a field element. */
    public static final int CAPACITY = 254;

    private final int variable;
    private final long[] value;

    Num(int variable, long[] value) {
        this.variable = variable;
        this.value = value;
    }

    public int variable() {
        return variable;
    }

    /** The value, 4 limbs in Montgomery form (a copy). */
    public long[] value() {
        return value.clone();
    }

    /** AllocatedNum::alloc. */
    public static Num alloc(ConstraintSystem cs, long[] value) {
        long[] v = value.clone();
        try (var ns = cs.namespace(() -> "num")) {
            return new Num(cs.allocate(v, 0), v);
        }
    }

    /** AllocatedNum::alloc_input. */
    public static Num allocInput(ConstraintSystem cs, long[] value) {
        long[] v = value.clone();
        return new Num(cs.allocateInput(v, 0), v);
    }

    /** AllocatedNum::inputize: a new public input constrained equal to this number. */
    public void inputize(ConstraintSystem cs) {
        int input = cs.allocateInput(value, 0);
        cs.enforce(() -> "enforce input is correct", l -> l.add(input), l -> l.add(Variable.ONE),
                l -> l.add(variable));
    }

    /**
     * AllocatedNum::to_bits_le: the 255 low bits of the canonical value, each allocated with its
     * boolean constraint, then one constraint that they pack to this number.
     */
    public long[] toBitsLe(ConstraintSystem cs) {
        long[] canonical = new long[Fr.LIMBS];
        Fr.FIELD.fromMontgomery(value, 0, canonical, 0);
        long[] bits = new long[NUM_BITS];
        for (int i = 0; i < NUM_BITS; i++) {
            int k = i;
            boolean b = ((canonical[i >>> 6] >>> (i & 63)) & 1) != 0;
            try (var ns = cs.namespace(() -> "bit " + k)) {
                bits[i] = Booleans.alloc(cs, b);
            }
        }
        cs.enforce(() -> "unpacking constraint", l -> { }, l -> { }, l -> {
            for (int i = 0; i < NUM_BITS; i++) {
                l.add(Bit.variable(bits[i]), Bit.POW2, i * Fr.LIMBS);
            }
            l.sub(variable);
        });
        return bits;
    }

    /** storage-proofs-core constraint::add: a new number constrained to a + b. */
    public static Num add(ConstraintSystem cs, Num a, Num b) {
        long[] sum = new long[Fr.LIMBS];
        Fr.add(a.value, 0, b.value, 0, sum, 0);
        Num res;
        try (var ns = cs.namespace(() -> "add_num")) {
            res = alloc(cs, sum);
        }
        cs.enforce(() -> "sum constraint", l -> l.add(a.variable).add(b.variable), l -> l.add(Variable.ONE),
                l -> l.add(res.variable));
        return res;
    }

    /** storage-proofs-core constraint::equal: a * 1 = b. */
    public static void enforceEqual(ConstraintSystem cs, String name, Num a, Num b) {
        cs.enforce(() -> name, l -> l.add(a.variable), l -> l.add(Variable.ONE), l -> l.add(b.variable));
    }
}
