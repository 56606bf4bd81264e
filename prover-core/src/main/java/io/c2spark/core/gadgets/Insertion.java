package io.c2spark.core.gadgets;

import io.c2spark.core.r1cs.ConstraintSystem;

/**
 * storage-proofs-core's insertion gadgets (gadgets/insertion.rs): place a Merkle path's own node
 * among its siblings at the position given by index bits, with the same pick constraints in the
 * same order as upstream (arities 2, 4 and 8 hand-laid, others through select).
 */
public final class Insertion {
    private Insertion() {
    }

    /** pick: condition ? a : b, one constraint (b - a) * condition = b - c. */
    public static Num pick(ConstraintSystem cs, String name, long condition, Num a, Num b) {
        try (var ns = cs.namespace(() -> name)) {
            Num c;
            try (var n = cs.namespace(() -> "pick result")) {
                c = Num.alloc(cs, Bit.value(condition) ? a.value() : b.value());
            }
            cs.enforce(() -> "pick", l -> l.add(b.variable()).sub(a.variable()), l -> Bit.addTo(l, condition),
                    l -> l.add(b.variable()).sub(c.variable()));
            return c;
        }
    }

    /** insert: element among elements at the index whose bits (least significant first) are given. */
    public static Num[] insert(ConstraintSystem cs, Num element, long[] bits, Num[] elements) {
        int size = elements.length + 1;
        if (1 << bits.length != size) {
            throw new IllegalArgumentException(bits.length + " index bits cannot place among " + size);
        }
        return switch (size) {
            case 2 -> insert2(cs, element, bits, elements);
            case 4 -> insert4(cs, element, bits, elements);
            case 8 -> insert8(cs, element, bits, elements);
            default -> insertBySelect(cs, element, bits, elements);
        };
    }

    private static Num[] insert2(ConstraintSystem cs, Num a, long[] bits, Num[] e) {
        return new Num[] {
            pick(cs, "binary insert 0", bits[0], e[0], a),
            pick(cs, "binary insert 1", bits[0], a, e[0]),
        };
    }

    private static Num[] insert4(ConstraintSystem cs, Num a, long[] bits, Num[] e) {
        long b0 = bits[0];
        long b1 = bits[1];
        Num b = e[0];
        Num c = e[1];
        Num d = e[2];
        Num p0x0 = pick(cs, "p0_x0", b0, b, a);
        Num p0 = pick(cs, "p0", b1, b, p0x0);
        Num p1x0 = pick(cs, "p1_x0", b0, a, b);
        Num p1 = pick(cs, "p1", b1, c, p1x0);
        Num p2x1 = pick(cs, "p2_x1", b0, d, a);
        Num p2 = pick(cs, "p2", b1, p2x1, c);
        Num p3x1 = pick(cs, "p3_x1", b0, a, d);
        Num p3 = pick(cs, "p3", b1, p3x1, d);
        return new Num[] {p0, p1, p2, p3};
    }

    private static Num[] insert8(ConstraintSystem cs, Num a, long[] bits, Num[] e) {
        long b0 = bits[0];
        long b1 = bits[1];
        long b2 = bits[2];
        if (!Bit.isIs(b0) || !Bit.isIs(b1)) {
            throw new IllegalArgumentException("insert_8 needs allocated, unnegated index bits");
        }
        long nor;
        try (var ns = cs.namespace(() -> "b0 nor b1")) {
            nor = Booleans.norBits(cs, Bit.variable(b0), Bit.value(b0), Bit.variable(b1), Bit.value(b1));
        }
        long and;
        try (var ns = cs.namespace(() -> "b0 and b1")) {
            and = Booleans.andBits(cs, Bit.variable(b0), Bit.value(b0), Bit.variable(b1), Bit.value(b1));
        }
        Num b = e[0];
        Num c = e[1];
        Num d = e[2];
        Num ee = e[3];
        Num f = e[4];
        Num g = e[5];
        Num h = e[6];
        Num p0xx0 = pick(cs, "p0_xx0", nor, a, b);
        Num p0 = pick(cs, "p0", b2, b, p0xx0);
        Num p1x00 = pick(cs, "p1_x00", b0, a, b);
        Num p1xx0 = pick(cs, "p1_xx0", b1, c, p1x00);
        Num p1 = pick(cs, "p1", b2, c, p1xx0);
        Num p2x10 = pick(cs, "p2_x10", b0, d, a);
        Num p2xx0 = pick(cs, "p2_xx0", b1, p2x10, c);
        Num p2 = pick(cs, "p2", b2, d, p2xx0);
        Num p3xx0 = pick(cs, "p3_xx0", and, a, d);
        Num p3 = pick(cs, "p3", b2, ee, p3xx0);
        Num p4xx1 = pick(cs, "p4_xx1", nor, a, f);
        Num p4 = pick(cs, "p4", b2, p4xx1, ee);
        Num p5x01 = pick(cs, "p5_x01", b0, a, f);
        Num p5xx1 = pick(cs, "p5_xx1", b1, g, p5x01);
        Num p5 = pick(cs, "p5", b2, p5xx1, f);
        Num p6x11 = pick(cs, "p6_x11", b0, h, a);
        Num p6xx1 = pick(cs, "p6_xx1", b1, p6x11, g);
        Num p6 = pick(cs, "p6", b2, p6xx1, g);
        Num p7xx1 = pick(cs, "p7_xx1", and, a, h);
        Num p7 = pick(cs, "p7", b2, p7xx1, h);
        return new Num[] {p0, p1, p2, p3, p4, p5, p6, p7};
    }

    private static Num[] insertBySelect(ConstraintSystem cs, Num element, long[] bits, Num[] elements) {
        int size = elements.length + 1;
        Num[] result = new Num[size];
        for (int pos = 0; pos < size; pos++) {
            Num[] choices = new Num[size];
            for (int index = 0; index < size; index++) {
                choices[index] = pos < index ? elements[pos] : pos == index ? element : elements[pos - 1];
            }
            int p = pos;
            try (var ns = cs.namespace(() -> "choice at " + p)) {
                result[pos] = select(cs, choices, bits);
            }
        }
        return result;
    }

    /** select: from[index] for the index whose bits (least significant first) are given. */
    static Num select(ConstraintSystem cs, Num[] from, long[] bits) {
        Num[] state = from.clone();
        int half = from.length / 2;
        for (int i = 0; i < bits.length; i++) {
            long bit = bits[bits.length - 1 - i];
            Num[] next = new Num[half];
            for (int j = 0; j < half; j++) {
                next[j] = pick(cs, "pick " + i + ", " + j, bit, state[half + j], state[j]);
            }
            state = next;
            half /= 2;
        }
        return state[0];
    }
}
