package io.c2spark.core.gadgets;

import io.c2spark.core.r1cs.ConstraintSystem;

/**
 * bellpepper's UInt32 (gadgets/uint32.rs): 32 {@link Bit}-packed booleans, least significant first,
 * and the word's value (meaningful in modes with values).
 */
public final class UInt32 {
    final long[] bits;
    final int value;

    private UInt32(long[] bits, int value) {
        this.bits = bits;
        this.value = value;
    }

    public int value() {
        return value;
    }

    public static UInt32 constant(int value) {
        return new UInt32(WordBits.constant(value, 32), value);
    }

    /** UInt32::alloc: 32 allocated bits, least significant first. */
    public static UInt32 alloc(ConstraintSystem cs, int value) {
        return new UInt32(WordBits.alloc(cs, value, 32), value);
    }

    /** The bits most significant first. */
    public long[] toBitsBe() {
        return WordBits.reversed(bits);
    }

    /** The bits least significant first. */
    public long[] toBitsLe() {
        return bits.clone();
    }

    /** From 32 booleans most significant first (at an offset). */
    public static UInt32 fromBitsBe(long[] src, int off) {
        long[] bits = new long[32];
        int v = 0;
        for (int i = 0; i < 32; i++) {
            long b = src[off + i];
            bits[31 - i] = b;
            v = (v << 1) | (Bit.value(b) ? 1 : 0);
        }
        return new UInt32(bits, v);
    }

    /** From 32 booleans least significant first. */
    public static UInt32 fromBitsLe(long[] src, int off) {
        long[] bits = new long[32];
        int v = 0;
        for (int i = 31; i >= 0; i--) {
            long b = src[off + i];
            bits[i] = b;
            v = (v << 1) | (Bit.value(b) ? 1 : 0);
        }
        return new UInt32(bits, v);
    }

    public UInt32 rotr(int by) {
        by = by % 32;
        long[] out = new long[32];
        for (int i = 0; i < 32; i++) {
            out[i] = bits[(i + by) % 32];
        }
        return new UInt32(out, Integer.rotateRight(value, by));
    }

    public UInt32 shr(int by) {
        by = by % 32;
        long[] out = new long[32];
        for (int i = 0; i < 32; i++) {
            out[i] = i + by < 32 ? bits[i + by] : Bit.FALSE;
        }
        return new UInt32(out, value >>> by);
    }

    public UInt32 xor(ConstraintSystem cs, UInt32 other) {
        long[] out = new long[32];
        for (int i = 0; i < 32; i++) {
            int k = i;
            try (var ns = cs.namespace(() -> "xor of bit " + k)) {
                out[i] = Booleans.xor(cs, bits[i], other.bits[i]);
            }
        }
        return new UInt32(out, value ^ other.value);
    }

    public static UInt32 sha256Ch(ConstraintSystem cs, UInt32 a, UInt32 b, UInt32 c) {
        long[] out = new long[32];
        for (int i = 0; i < 32; i++) {
            int k = i;
            try (var ns = cs.namespace(() -> "ch " + k)) {
                out[i] = Booleans.sha256Ch(cs, a.bits[i], b.bits[i], c.bits[i]);
            }
        }
        return new UInt32(out, (a.value & b.value) ^ (~a.value & c.value));
    }

    public static UInt32 sha256Maj(ConstraintSystem cs, UInt32 a, UInt32 b, UInt32 c) {
        long[] out = new long[32];
        for (int i = 0; i < 32; i++) {
            int k = i;
            try (var ns = cs.namespace(() -> "maj " + k)) {
                out[i] = Booleans.sha256Maj(cs, a.bits[i], b.bits[i], c.bits[i]);
            }
        }
        return new UInt32(out, (a.value & b.value) ^ (a.value & c.value) ^ (b.value & c.value));
    }

    /**
     * UInt32::addmany: the sum mod 2^32 of 2 to 10 words. Allocates the full-width sum's bits and
     * hands the equality "sum of operand bits = sum of result bits" to the MultiEq, which packs
     * several such equalities into one constraint.
     */
    public static UInt32 addmany(ConstraintSystem cs, MultiEq multiEq, UInt32... operands) {
        if (operands.length < 2 || operands.length > 10) {
            throw new IllegalArgumentException("addmany takes 2 to 10 operands, got " + operands.length);
        }
        long maxValue = operands.length * 0xFFFFFFFFL;
        long sum = 0;
        boolean allConstants = true;
        long[][] operandBits = new long[operands.length][];
        for (int k = 0; k < operands.length; k++) {
            UInt32 op = operands[k];
            sum += op.value & 0xFFFFFFFFL;
            for (long b : op.bits) {
                allConstants &= Bit.isConstant(b);
            }
            operandBits[k] = op.bits;
        }
        int modular = (int) sum;
        if (allConstants) {
            return constant(modular);
        }
        int width = 64 - Long.numberOfLeadingZeros(maxValue);
        long[] resultBits = new long[width];
        int[] resultVars = new int[width];
        for (int i = 0; i < width; i++) {
            int k = i;
            try (var ns = cs.namespace(() -> "result bit " + k)) {
                resultBits[i] = Booleans.alloc(cs, ((sum >>> i) & 1) != 0);
            }
            resultVars[i] = Bit.variable(resultBits[i]);
        }
        multiEq.enforceEqual(width, operandBits, resultVars);
        long[] low = new long[32];
        System.arraycopy(resultBits, 0, low, 0, 32);
        return new UInt32(low, modular);
    }
}
