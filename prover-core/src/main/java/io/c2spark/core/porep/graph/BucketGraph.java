package io.c2spark.core.porep.graph;

import io.c2spark.core.porep.ApiVersion;
import io.c2spark.core.porep.hash.ChaCha8Rng;
import io.c2spark.core.porep.hash.FilecoinSha256;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;

/**
 * The depth-robust base graph of SDR: 6 parents per node by bucket sampling
 * (rfp storage-proofs-core drgraph.rs BucketGraph::parents). For node v >= 2 a ChaCha8 stream
 * keyed by seed || v (u32 LE) draws 5 parents from a metagraph of v * 5 nodes; the sixth is the
 * immediate predecessor v - 1, placed first (V1_1) or last (V1). Nodes 0 and 1 have all-zero
 * parents.
 */
public final class BucketGraph {
    public static final int DEGREE = 6;
    private static final int M_PRIME = DEGREE - 1;

    private final long nodes;
    private final ApiVersion apiVersion;
    private final int[] seedWords = new int[7];

    public BucketGraph(long nodes, byte[] porepId, ApiVersion apiVersion) {
        if (nodes < 2 || nodes > 1L << 32) {
            throw new IllegalArgumentException("DRG node count " + nodes + " outside 2..2^32");
        }
        this.nodes = nodes;
        this.apiVersion = apiVersion;
        byte[] seed = domainSeed("Filecoin_DRSample", porepId);
        for (int i = 0; i < 7; i++) {
            seedWords[i] = (seed[4 * i] & 0xFF) | (seed[4 * i + 1] & 0xFF) << 8
                    | (seed[4 * i + 2] & 0xFF) << 16 | (seed[4 * i + 3] & 0xFF) << 24;
        }
    }

    /** rfp crypto/mod.rs derive_porep_domain_seed: SHA256(tag || porep_id), untruncated. */
    static byte[] domainSeed(String tag, byte[] porepId) {
        if (porepId.length != 32) {
            throw new IllegalArgumentException("porep_id has 32 bytes, got " + porepId.length);
        }
        MessageDigest d = FilecoinSha256.digest();
        d.update(tag.getBytes(StandardCharsets.US_ASCII));
        d.update(porepId);
        return d.digest();
    }

    public long nodes() {
        return nodes;
    }

    /** Writes the 6 DRG parents of {@code node} to out[off ..]; {@code rng} is caller-owned scratch. */
    public void parents(long node, int[] out, int off, ChaCha8Rng rng) {
        if (node < 2) {
            for (int i = 0; i < DEGREE; i++) {
                out[off + i] = 0;
            }
            return;
        }
        rng.reseed(seedWords, (int) node);
        long meta = node * M_PRIME;
        long buckets = 64 - Long.numberOfLeadingZeros(meta - 1);
        int first = apiVersion.predecessorFirst() ? off + 1 : off;
        for (int k = 0; k < M_PRIME; k++) {
            long bucket = Long.remainderUnsigned(rng.nextLong(), buckets) + 1;
            long largest = Math.min(meta, 1L << bucket);
            long smallest = Math.max(2, largest >>> 1);
            long distance = smallest + Long.remainderUnsigned(rng.nextLong(), largest - smallest + 1);
            long mapped = (meta - distance) / M_PRIME;
            out[first + k] = (int) (mapped == node ? node - 1 : mapped);
        }
        out[apiVersion.predecessorFirst() ? off : off + M_PRIME] = (int) (node - 1);
    }
}
