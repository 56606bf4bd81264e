package io.c2spark.core.porep.graph;

import io.c2spark.core.concurrent.ComputePool;
import io.c2spark.core.porep.ApiVersion;
import io.c2spark.core.porep.hash.Blake2b16;

/**
 * The expander half of the SDR graph: 8 parents per node, each the image of node * 8 + i under a
 * 3-round Feistel permutation of [0, nodes * 8), divided by 8 (rfp stacked/vanilla/graph.rs
 * correspondent, storage-proofs-core crypto/feistel.rs). The domain is padded to the next power
 * of 4 and the permutation cycle-walks until it lands below nodes * 8. The round function is
 * the first 8 bytes (big-endian) of Blake2b-512(right BE u64 || key BE u64), masked.
 *
 * <p>A round function's input is one half of the index, at most 18 bits (2^32 nodes), so
 * {@link #tabulated()} can precompute all three rounds (3 x 2^halfBits Blake2b calls, 1.5 MiB at
 * 32GiB and 64GiB) and then a permutation costs six table reads instead of six Blake2b
 * compressions. Whole-graph generation uses the tables; a few nodes' parents (the verifier, the
 * public inputs) use the hashes directly. Immutable and thread-safe.
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
    /** roundTables[r][x] = round function r of x; null: computed per call. */
    private final int[][] roundTables;

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
        this.roundTables = null;
    }

    private FeistelExpander(FeistelExpander direct, int[][] roundTables) {
        this.domain = direct.domain;
        this.leftMask = direct.leftMask;
        this.rightMask = direct.rightMask;
        this.halfBits = direct.halfBits;
        System.arraycopy(direct.keys, 0, keys, 0, keys.length);
        this.apiVersion = direct.apiVersion;
        this.roundTables = roundTables;
    }

    public long[] keys() {
        return keys.clone();
    }

    /** The same permutation with its three round functions precomputed, in parallel. */
    public FeistelExpander tabulated() {
        if (roundTables != null) {
            return this;
        }
        int size = 1 << halfBits;
        int[][] tables = new int[ROUNDS][size];
        ComputePool.forRange(0, size, 1 << 10, (from, to) -> {
            for (int r = 0; r < ROUNDS; r++) {
                int[] t = tables[r];
                for (int x = from; x < to; x++) {
                    t[x] = (int) round(x, r);
                }
            }
        });
        return new FeistelExpander(this, tables);
    }

    /** Writes the 8 expander parents of {@code node} to out[off ..]. */
    public void parents(long node, int[] out, int off) {
        boolean truncate = !apiVersion.predecessorFirst();
        for (int i = 0; i < DEGREE; i++) {
            long t = permute(node * DEGREE + i);
            out[off + i] = (int) ((truncate ? t & 0xFFFFFFFFL : t) / DEGREE);
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
        if (roundTables != null) {
            long l0 = right;
            right = left ^ roundTables[0][(int) right];
            left = l0;
            long l1 = right;
            right = left ^ roundTables[1][(int) right];
            left = l1;
            long l2 = right;
            right = left ^ roundTables[2][(int) right];
            left = l2;
        } else {
            for (int r = 0; r < ROUNDS; r++) {
                long l = right;
                right = left ^ round(right, r);
                left = l;
            }
        }
        return (left << halfBits) | right;
    }

    private long round(long right, int r) {
        return Blake2b16.hash(right, keys[r]) & rightMask;
    }
}
