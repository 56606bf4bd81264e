package io.c2spark.core.gadgets;

import io.c2spark.core.r1cs.ConstraintSystem;

/**
 * The SDR labelling function in the circuit (storage-proofs-porep stacked/circuit/create_label.rs):
 * SHA-256 over replica_id (padded to 32 bytes), layer (u32 BE), node (u64 BE), zero padding to 64
 * bytes, then 37 parent labels of 32 bytes each; the digest truncated to 254 bits as a number.
 */
public final class LabelGadget {
    /** Parent labels hashed per label (6 DRG + 8 expander, repeated to 37). */
    public static final int TOTAL_PARENTS = 37;

    private LabelGadget() {
    }

    /**
     * create_label_circuit.
     *
     * @param replicaId 32 to 256 booleans
     * @param parents 37 arrays of booleans, each padded with zeros to 256 bits
     */
    public static Num createLabel(ConstraintSystem cs, long[] replicaId, long[][] parents, UInt32 layer, UInt64 node) {
        if (replicaId.length < 32 || replicaId.length > 256) {
            throw new IllegalArgumentException("replica id has " + replicaId.length + " bits");
        }
        if (parents.length != TOTAL_PARENTS) {
            throw new IllegalArgumentException("a label hashes " + TOTAL_PARENTS + " parents, got " + parents.length);
        }
        long[] msg = new long[(2 + TOTAL_PARENTS) * 256];
        java.util.Arrays.fill(msg, Bit.FALSE);
        System.arraycopy(replicaId, 0, msg, 0, replicaId.length);
        System.arraycopy(layer.toBitsBe(), 0, msg, 256, 32);
        System.arraycopy(node.toBitsBe(), 0, msg, 288, 64);
        for (int p = 0; p < TOTAL_PARENTS; p++) {
            if (parents[p].length > 256) {
                throw new IllegalArgumentException("parent " + p + " has " + parents[p].length + " bits");
            }
            System.arraycopy(parents[p], 0, msg, 512 + 256 * p, parents[p].length);
        }
        return Sha256CircuitHasher.hashBits(cs, msg, "result_num");
    }
}
