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
        long[] bits = new long[64];
        for (int i = 0; i < 64; i++) {
            bits[i] = Bit.constant(((value >>> i) & 1) != 0);
        }
        return new UInt64(bits, value);
    }

    public static UInt64 alloc(ConstraintSystem cs, long value) {
        long[] bits = new long[64];
        for (int i = 0; i < 64; i++) {
            int k = i;
            try (var ns = cs.namespace(() -> "allocated bit " + k)) {
                bits[i] = Booleans.alloc(cs, ((value >>> i) & 1) != 0);
            }
        }
        return new UInt64(bits, value);
    }

    public long[] toBitsBe() {
        long[] out = new long[64];
        for (int i = 0; i < 64; i++) {
            out[i] = bits[63 - i];
        }
        return out;
    }

    public long[] toBitsLe() {
        return bits.clone();
    }

    /** pack_into_input: the 64 bits as one public input. */
    public void packIntoInput(ConstraintSystem cs) {
        Multipack.packIntoInputs(cs, bits);
    }
}
