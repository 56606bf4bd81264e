package io.c2spark.core.gadgets;

import io.c2spark.core.field.Fr;
import io.c2spark.core.r1cs.ConstraintSystem;
import io.c2spark.core.r1cs.LinearCombination;
import io.c2spark.core.r1cs.Variable;

/** bellpepper's multipack (gadgets/multipack.rs): bits packed into numbers, 254 per number. */
public final class Multipack {
    private Multipack() {
    }

    /** The value sum 2^i bits[from + i] for i below count, Montgomery form. */
    static long[] packedValue(long[] bits, int from, int count) {
        long[] v = new long[Fr.LIMBS];
        for (int i = 0; i < count; i++) {
            if (Bit.value(bits[from + i])) {
                Fr.add(v, 0, Bit.POW2, i * Fr.LIMBS, v, 0);
            }
        }
        return v;
    }

    private static void addPacked(LinearCombination lc, long[] bits, int from, int count) {
        for (int i = 0; i < count; i++) {
            Bit.addPow2(lc, bits[from + i], i);
        }
    }

    /** pack_into_inputs: a public input per chunk of 254 bits, each constrained to its bits. */
    public static void packIntoInputs(ConstraintSystem cs, long[] bits) {
        for (int i = 0, from = 0; from < bits.length; i++, from += Num.CAPACITY) {
            int start = from;
            int count = Math.min(Num.CAPACITY, bits.length - from);
            int input = cs.allocateInput(packedValue(bits, start, count), 0);
            int k = i;
            cs.enforce(() -> "packing constraint " + k, l -> addPacked(l, bits, start, count),
                    l -> l.add(Variable.ONE), l -> l.add(input));
        }
    }

    /** pack_bits: one allocated number from the first 254 bits (at most), constrained to them. */
    public static Num packBits(ConstraintSystem cs, long[] bits) {
        int count = Math.min(Num.CAPACITY, bits.length);
        Num num;
        try (var ns = cs.namespace(() -> "input")) {
            num = Num.alloc(cs, packedValue(bits, 0, count));
        }
        int var = num.variable();
        cs.enforce(() -> "packing constraint", l -> addPacked(l, bits, 0, count), l -> l.add(Variable.ONE),
                l -> l.add(var));
        return num;
    }

    /** storage-proofs-core util::reverse_bit_numbering: pad to whole bytes, reverse the bits of each byte. */
    public static long[] reverseBitNumbering(long[] bits) {
        int len = (bits.length + 7) / 8 * 8;
        long[] out = new long[len];
        for (int i = 0; i < len; i++) {
            int src = (i / 8) * 8 + 7 - (i % 8);
            out[i] = src < bits.length ? bits[src] : Bit.FALSE;
        }
        return out;
    }
}
