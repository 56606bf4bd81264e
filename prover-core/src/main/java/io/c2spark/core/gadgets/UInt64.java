package io.c2spark.core.gadgets;

import io.c2spark.core.r1cs.ConstraintSystem;

/** storage-proofs-core's UInt64 (gadgets/uint64.rs): 64 booleans, least significant first. */
public final class UInt64 {
    private final long[] bits;
    private final long value;

    private UInt64(long[] bits, long value) {
        this.bits = bits;
        this.value = value;
    }

    public long value() {
        return value;
    }

    public static UInt64 constant(long value) {
        return new UInt64(WordBits.constant(value, 64), value);
    }

    public static UInt64 alloc(ConstraintSystem cs, long value) {
        return new UInt64(WordBits.alloc(cs, value, 64), value);
    }

    public long[] toBitsBe() {
        return WordBits.reversed(bits);
    }

    public long[] toBitsLe() {
        return bits.clone();
    }

    /** pack_into_input: the 64 bits as one public input. */
    public void packIntoInput(ConstraintSystem cs) {
        Multipack.packIntoInputs(cs, bits);
    }
}
