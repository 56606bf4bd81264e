package io.c2spark.core.gadgets;

import io.c2spark.core.r1cs.ConstraintSystem;

/** The booleans of {@link UInt32} and {@link UInt64} words, least significant first. */
final class WordBits {
    private WordBits() {
    }

    /** The low width bits of value as constant booleans. */
    static long[] constant(long value, int width) {
        long[] bits = new long[width];
        for (int i = 0; i < width; i++) {
            bits[i] = Bit.constant(((value >>> i) & 1) != 0);
        }
        return bits;
    }

    /** The low width bits of value as allocated booleans, each in its namespace "allocated bit i". */
    static long[] alloc(ConstraintSystem cs, long value, int width) {
        long[] bits = new long[width];
        for (int i = 0; i < width; i++) {
            int k = i;
            try (var ns = cs.namespace(() -> "allocated bit " + k)) {
                bits[i] = Booleans.alloc(cs, ((value >>> i) & 1) != 0);
            }
        }
        return bits;
    }

    /** The bits in the other order (most significant first from least significant first, or back). */
    static long[] reversed(long[] bits) {
        long[] out = new long[bits.length];
        for (int i = 0; i < bits.length; i++) {
            out[i] = bits[bits.length - 1 - i];
        }
        return out;
    }
}
