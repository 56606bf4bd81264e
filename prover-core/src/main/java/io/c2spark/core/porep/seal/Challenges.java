package io.c2spark.core.porep.seal;

import io.c2spark.core.porep.RegisteredSealProof;
import io.c2spark.core.porep.hash.FilecoinSha256;
import java.math.BigInteger;
import java.security.MessageDigest;

/**
 * Interactive PoRep challenges (rfp stacked/vanilla/challenges.rs InteractiveChallenges::derive):
 * for partition k and i < challenges per partition, j = per_partition * k + i and
 * challenge = (SHA256(replica_id || seed || j u32 LE) as a little-endian integer mod (nodes - 1)) + 1.
 * Synthetic and non-interactive proofs select challenges differently and are refused.
 */
public final class Challenges {
    private Challenges() {
    }

    public static long[] partition(RegisteredSealProof proof, byte[] replicaId, byte[] seed, int k) {
        proof.requireInteractive();
        return interactive(proof.shape().nodes(), proof.shape().challengesPerPartition(), replicaId, seed, k);
    }

    public static long[] interactive(long nodes, int perPartition, byte[] replicaId, byte[] seed, int k) {
        if (seed.length != 32 || replicaId.length != 32) {
            throw new IllegalArgumentException("seed and replica_id have 32 bytes");
        }
        long[] out = new long[perPartition];
        BigInteger mod = BigInteger.valueOf(nodes - 1);
        for (int i = 0; i < perPartition; i++) {
            int j = perPartition * k + i;
            MessageDigest d = FilecoinSha256.digest();
            d.update(replicaId);
            d.update(seed);
            d.update(new byte[] {(byte) j, (byte) (j >>> 8), (byte) (j >>> 16), (byte) (j >>> 24)});
            byte[] h = d.digest();
            byte[] be = new byte[33];
            for (int b = 0; b < 32; b++) {
                be[32 - b] = h[b];
            }
            out[i] = new BigInteger(be).mod(mod).longValueExact() + 1;
        }
        return out;
    }
}
