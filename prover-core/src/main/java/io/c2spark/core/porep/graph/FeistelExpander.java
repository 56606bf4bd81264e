package io.c2spark.core.porep.graph;

import io.c2spark.core.porep.ApiVersion;
import io.c2spark.core.porep.hash.Blake2b16;

/**
 * The expander half of the SDR graph: 8 parents per node, each the image of node * 8 + i under a
 * 3-round Feistel permutation of [0, nodes * 8), divided by 8 (rfp stacked/vanilla/graph.rs
 * correspondent, storage-proofs-core crypto/feistel.rs). The domain is padded to the next power
 * of 4 and the permutation cycle-walks until it lands below nodes * 8. The round function is
 * the first 8 bytes (big-endian) of Blake2b-512(right BE u64 || key BE u64), masked.
 * Stateless and thread-safe.
 */
public final class FeistelExpander {
    public static final int DEGREE = 8;
    private static final int ROUNDS = 3;

    private final long domain;
    private final long leftMask;
    private final long rightMask;
    private final int halfBits;
    private final long[] keys = new long[4];
    private final ApiVersion apiVersion;

    public FeistelExpander(long nodes, byte[] porepId, ApiVersion apiVersion) {
        this.domain = nodes * DEGREE;
        this.apiVersion = apiVersion;
        long nextPow4 = 4;
        int log4 = 1;
        while (nextPow4 < domain) {
            nextPow4 *= 4;
            log4++;
        }
        this.halfBits = log4;
        this.rightMask = (1L << log4) - 1;
        this.leftMask = rightMask << log4;
        byte[] seed = BucketGraph.domainSeed("Filecoin_Feistel", porepId);
        for (int k = 0; k < 4; k++) {
            long v = 0;
            for (int j = 7; j >= 0; j--) {
                v = (v << 8) | (seed[8 * k + j] & 0xFF);
            }
            keys[k] = v;
        }
    }

    public long[] keys() {
        return keys.clone();
    }

    /** Writes the 8 expander parents of {@code node} to out[off ..]. */
    public void parents(long node, int[] out, int off) {
        for (int i = 0; i < DEGREE; i++) {
            long t = permute(node * DEGREE + i);
            out[off + i] = apiVersion.predecessorFirst() ? (int) (t / DEGREE) : (int) ((t & 0xFFFFFFFFL) / DEGREE);
        }
    }

    long permute(long index) {
        long u = encode(index);
        while (u >= domain) {
            u = encode(u);
        }
        return u;
    }

    private long encode(long index) {
        long left = (index & leftMask) >>> halfBits;
        long right = index & rightMask;
        for (int r = 0; r < ROUNDS; r++) {
            long l = right;
            right = left ^ (Blake2b16.hash(right, keys[r]) & rightMask);
            left = l;
        }
        return (left << halfBits) | right;
    }
}
