package io.c2spark.core.gadgets;

import io.c2spark.core.r1cs.ConstraintSystem;

/**
 * filecoin-hashers' Sha256Function in the circuit: each child to 255 little-endian bits (plus a
 * constant zero to fill the byte), bytes' bits reversed into SHA-256's order, the digest's bytes
 * read back little-endian and its low 254 bits packed into a number (the truncation to 254 bits is
 * Filecoin's byte[31] &= 0x3F).
 */
public final class Sha256CircuitHasher implements CircuitHasher {
    public static final Sha256CircuitHasher INSTANCE = new Sha256CircuitHasher();

    private Sha256CircuitHasher() {
    }

    @Override
    public Num hashMultiLeaf(ConstraintSystem cs, Num[] leaves, int height) {
        long[] bits = new long[leaves.length * 256];
        for (int i = 0; i < leaves.length; i++) {
            int k = i;
            long[] le;
            try (var ns = cs.namespace(() -> k + "_num_into_bits")) {
                le = leaves[i].toBitsLe(cs);
            }
            System.arraycopy(Multipack.reverseBitNumbering(le), 0, bits, 256 * i, 256);
        }
        return hashBits(cs, bits);
    }

    /** hash_circuit: SHA-256 of the bits, packed little-endian into a number of 254 bits. */
    public static Num hashBits(ConstraintSystem cs, long[] bits) {
        return hashBits(cs, bits, "pack_le");
    }

    /** The same, the packing in the namespace packName (the label gadget names it otherwise). */
    static Num hashBits(ConstraintSystem cs, long[] bits, String packName) {
        long[] be;
        try (var ns = cs.namespace(() -> "hash")) {
            be = Sha256Gadget.hash(cs, bits);
        }
        long[] le = Multipack.reverseBitNumbering(be);
        long[] low = new long[Num.CAPACITY];
        System.arraycopy(le, 0, low, 0, Num.CAPACITY);
        try (var ns = cs.namespace(() -> packName)) {
            return Multipack.packBits(cs, low);
        }
    }
}
