package io.c2spark.core.porep.seal;

import io.c2spark.core.porep.hash.FilecoinSha256;

/**
 * rfp stacked/vanilla/params.rs generate_replica_id: SHA256(prover_id || sector_id u64 BE ||
 * ticket || comm_d || porep_id), top two bits cleared.
 */
public final class ReplicaId {
    private ReplicaId() {
    }

    public static byte[] compute(byte[] proverId, long sectorId, byte[] ticket, byte[] commD, byte[] porepId) {
        check("prover_id", proverId);
        check("ticket", ticket);
        check("comm_d", commD);
        check("porep_id", porepId);
        byte[] sid = new byte[8];
        for (int j = 0; j < 8; j++) {
            sid[j] = (byte) (sectorId >>> (56 - 8 * j));
        }
        return FilecoinSha256.hash(proverId, sid, ticket, commD, porepId);
    }

    private static void check(String name, byte[] v) {
        if (v == null || v.length != 32) {
            throw new IllegalArgumentException(name + " has 32 bytes, got " + (v == null ? "null" : v.length));
        }
    }
}
