package io.c2spark.core.gadgets;

import io.c2spark.core.r1cs.ConstraintSystem;
import io.c2spark.core.r1cs.Variable;

/**
 * bellpepper's boolean gadgets (bellpepper-core gadgets/boolean.rs), constraint for constraint and
 * in the same allocation order, over {@link Bit}-packed booleans. Every result bit is allocated as a
 * bit ({@link ConstraintSystem#allocateBit}), so witnesses keep it in the bitmap.
 */
public final class Booleans {
    private Booleans() {
    }

    /** AllocatedBit::alloc: a new bit and its constraint (1 - x) * x = 0. */
    public static long alloc(ConstraintSystem cs, boolean value) {
        int x = cs.allocateBit(value);
        cs.enforce(() -> "boolean constraint", a -> a.add(Variable.ONE).sub(x), b -> b.add(x), c -> { });
        return Bit.of(x, value);
    }

    /** AllocatedBit::xor of two allocated bits: (2a) * b = a + b - r. */
    static long xorBits(ConstraintSystem cs, int a, boolean av, int b, boolean bv) {
        boolean v = av ^ bv;
        int r = cs.allocateBit(v);
        cs.enforce(() -> "xor constraint", l -> l.add(a).add(a), l -> l.add(b), l -> l.add(a).add(b).sub(r));
        return Bit.of(r, v);
    }

    /** AllocatedBit::and: a * b = r. */
    static long andBits(ConstraintSystem cs, int a, boolean av, int b, boolean bv) {
        boolean v = av & bv;
        int r = cs.allocateBit(v);
        cs.enforce(() -> "and constraint", l -> l.add(a), l -> l.add(b), l -> l.add(r));
        return Bit.of(r, v);
    }

    /** AllocatedBit::and_not: a * (1 - b) = r. */
    static long andNotBits(ConstraintSystem cs, int a, boolean av, int b, boolean bv) {
        boolean v = av & !bv;
        int r = cs.allocateBit(v);
        cs.enforce(() -> "and not constraint", l -> l.add(a), l -> l.add(Variable.ONE).sub(b), l -> l.add(r));
        return Bit.of(r, v);
    }

    /** AllocatedBit::nor: (1 - a) * (1 - b) = r. */
    static long norBits(ConstraintSystem cs, int a, boolean av, int b, boolean bv) {
        boolean v = !av & !bv;
        int r = cs.allocateBit(v);
        cs.enforce(() -> "nor constraint", l -> l.add(Variable.ONE).sub(a), l -> l.add(Variable.ONE).sub(b),
                l -> l.add(r));
        return Bit.of(r, v);
    }

    /** The value of the allocated variable under an Is or Not boolean. */
    private static boolean varValue(long b) {
        return Bit.isNot(b) ? !Bit.value(b) : Bit.value(b);
    }

    /** Boolean::xor. */
    public static long xor(ConstraintSystem cs, long a, long b) {
        if (a == Bit.FALSE) {
            return b;
        }
        if (b == Bit.FALSE) {
            return a;
        }
        if (a == Bit.TRUE) {
            return Bit.not(b);
        }
        if (b == Bit.TRUE) {
            return Bit.not(a);
        }
        if (Bit.isIs(a) != Bit.isIs(b)) {
            long is = Bit.isIs(a) ? a : b;
            long not = Bit.isIs(a) ? b : a;
            return Bit.not(xor(cs, is, Bit.not(not)));
        }
        return xorBits(cs, Bit.variable(a), varValue(a), Bit.variable(b), varValue(b));
    }

    /** Boolean::and. */
    public static long and(ConstraintSystem cs, long a, long b) {
        if (a == Bit.FALSE || b == Bit.FALSE) {
            return Bit.FALSE;
        }
        if (a == Bit.TRUE) {
            return b;
        }
        if (b == Bit.TRUE) {
            return a;
        }
        if (Bit.isIs(a) && Bit.isNot(b)) {
            return andNotBits(cs, Bit.variable(a), varValue(a), Bit.variable(b), varValue(b));
        }
        if (Bit.isNot(a) && Bit.isIs(b)) {
            return andNotBits(cs, Bit.variable(b), varValue(b), Bit.variable(a), varValue(a));
        }
        if (Bit.isNot(a)) {
            return norBits(cs, Bit.variable(a), varValue(a), Bit.variable(b), varValue(b));
        }
        return andBits(cs, Bit.variable(a), varValue(a), Bit.variable(b), varValue(b));
    }

    /** Boolean::or = not(and(not a, not b)), in a namespace as bellpepper does. */
    public static long or(ConstraintSystem cs, long a, long b) {
        try (var ns = cs.namespace(() -> "not and (not a) (not b)")) {
            return Bit.not(and(cs, Bit.not(a), Bit.not(b)));
        }
    }

    /** Boolean::sha256_ch: (a and b) xor ((not a) and c), one constraint in the general case. */
    public static long sha256Ch(ConstraintSystem cs, long a, long b, long c) {
        boolean av = Bit.value(a);
        boolean bv = Bit.value(b);
        boolean cv = Bit.value(c);
        boolean v = (av & bv) ^ (!av & cv);
        boolean ac = Bit.isConstant(a);
        boolean bc = Bit.isConstant(b);
        boolean cc = Bit.isConstant(c);
        if (ac && bc && cc) {
            return Bit.constant(v);
        }
        if (a == Bit.FALSE) {
            return c;
        }
        if (b == Bit.FALSE) {
            return and(cs, Bit.not(a), c);
        }
        if (c == Bit.FALSE) {
            return and(cs, a, b);
        }
        if (c == Bit.TRUE) {
            return Bit.not(and(cs, a, Bit.not(b)));
        }
        if (b == Bit.TRUE) {
            return Bit.not(and(cs, Bit.not(a), Bit.not(c)));
        }
        int ch = cs.allocateBit(v);
        cs.enforce(() -> "ch computation",
                l -> {
                    Bit.addTo(l, b);
                    Bit.subFrom(l, c);
                },
                l -> Bit.addTo(l, a),
                l -> {
                    l.add(ch);
                    Bit.subFrom(l, c);
                });
        return Bit.of(ch, v);
    }

    /** Boolean::sha256_maj: (a and b) xor (a and c) xor (b and c). */
    public static long sha256Maj(ConstraintSystem cs, long a, long b, long c) {
        boolean av = Bit.value(a);
        boolean bv = Bit.value(b);
        boolean cv = Bit.value(c);
        boolean v = (av & bv) ^ (av & cv) ^ (bv & cv);
        if (Bit.isConstant(a) && Bit.isConstant(b) && Bit.isConstant(c)) {
            return Bit.constant(v);
        }
        if (a == Bit.FALSE) {
            return and(cs, b, c);
        }
        if (b == Bit.FALSE) {
            return and(cs, a, c);
        }
        if (c == Bit.FALSE) {
            return and(cs, a, b);
        }
        if (c == Bit.TRUE) {
            return Bit.not(and(cs, Bit.not(a), Bit.not(b)));
        }
        if (b == Bit.TRUE) {
            return Bit.not(and(cs, Bit.not(a), Bit.not(c)));
        }
        if (a == Bit.TRUE) {
            return Bit.not(and(cs, Bit.not(b), Bit.not(c)));
        }
        int maj = cs.allocateBit(v);
        long bc;
        try (var ns = cs.namespace(() -> "b and c")) {
            bc = and(cs, b, c);
        }
        long bcf = bc;
        cs.enforce(() -> "maj computation",
                l -> {
                    Bit.addTo(l, bcf);
                    Bit.addTo(l, bcf);
                    Bit.subFrom(l, b);
                    Bit.subFrom(l, c);
                },
                l -> Bit.addTo(l, a),
                l -> {
                    Bit.addTo(l, bcf);
                    l.sub(maj);
                });
        return Bit.of(maj, v);
    }

    /** Boolean::enforce_equal. */
    public static void enforceEqual(ConstraintSystem cs, long a, long b) {
        if (Bit.isConstant(a) && Bit.isConstant(b)) {
            if (a != b) {
                throw new IllegalStateException("unsatisfiable: constant booleans differ");
            }
            return;
        }
        if (a == Bit.TRUE || b == Bit.TRUE) {
            long x = a == Bit.TRUE ? b : a;
            cs.enforce(() -> "enforce equal to one", l -> { }, l -> { }, l -> {
                l.add(Variable.ONE);
                Bit.subFrom(l, x);
            });
        } else if (a == Bit.FALSE || b == Bit.FALSE) {
            long x = a == Bit.FALSE ? b : a;
            cs.enforce(() -> "enforce equal to zero", l -> { }, l -> { }, l -> Bit.addTo(l, x));
        } else {
            cs.enforce(() -> "enforce equal", l -> { }, l -> { }, l -> {
                Bit.addTo(l, a);
                Bit.subFrom(l, b);
            });
        }
    }
}
