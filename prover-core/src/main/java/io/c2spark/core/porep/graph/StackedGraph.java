package io.c2spark.core.porep.graph;

import io.c2spark.core.porep.ApiVersion;
import io.c2spark.core.porep.RegisteredSealProof;
import io.c2spark.core.porep.hash.ChaCha8Rng;
import io.c2spark.core.porep.hash.FilecoinSha256;
import java.security.MessageDigest;
import java.util.stream.IntStream;

/**
 * The SDR graph: per node 6 DRG parents (same layer) then 8 expander parents (previous layer),
 * 14 in all (rfp stacked/vanilla/graph.rs). {@link #generate()} materialises the whole graph as a
 * flat int array (node * 14 + k), in parallel, the way rfp's parent cache stores it.
 */
public final class StackedGraph {
    public static final int DEGREE = BucketGraph.DEGREE + FeistelExpander.DEGREE;
    private static final int CHUNK = 1 << 12;

    private final long nodes;
    private final BucketGraph drg;
    private final FeistelExpander expander;
    private final ThreadLocal<ChaCha8Rng> rng = ThreadLocal.withInitial(ChaCha8Rng::new);

    public StackedGraph(long nodes, byte[] porepId, ApiVersion apiVersion) {
        this.nodes = nodes;
        this.drg = new BucketGraph(nodes, porepId, apiVersion);
        this.expander = new FeistelExpander(nodes, porepId, apiVersion);
    }

    public static StackedGraph of(RegisteredSealProof proof) {
        return new StackedGraph(proof.shape().nodes(), proof.porepId(), proof.apiVersion());
    }

    public long nodes() {
        return nodes;
    }

    public FeistelExpander expander() {
        return expander;
    }

    /** The 14 parents of one node into out[off ..], without materialising the graph. */
    public void parents(long node, int[] out, int off) {
        if (node < 0 || node >= nodes) {
            throw new IllegalArgumentException("node " + node + " outside 0.." + (nodes - 1));
        }
        drg.parents(node, out, off, rng.get());
        expander.parents(node, out, off + BucketGraph.DEGREE);
    }

    /** All parents, node-major, 14 per node; parallel over chunks of nodes. */
    public int[] generate() {
        if (nodes * DEGREE > Integer.MAX_VALUE - 16) {
            throw new IllegalStateException("a graph of " + nodes + " nodes does not fit one Java array;"
                    + " use parents(node, ...) per node");
        }
        int n = (int) nodes;
        int[] out = new int[n * DEGREE];
        int chunks = (n + CHUNK - 1) / CHUNK;
        IntStream.range(0, chunks).parallel().forEach(c -> {
            int end = Math.min(n, (c + 1) * CHUNK);
            for (int v = c * CHUNK; v < end; v++) {
                parents(v, out, v * DEGREE);
            }
        });
        return out;
    }

    /**
     * SHA-256 of the parents as little-endian u32, the consistency digest of rfp's parent cache
     * (storage-proofs-porep parent_cache.json).
     */
    public static byte[] digest(int[] parents) {
        MessageDigest d = FilecoinSha256.newDigest();
        byte[] buf = new byte[1 << 16];
        int pos = 0;
        for (int p : parents) {
            buf[pos] = (byte) p;
            buf[pos + 1] = (byte) (p >>> 8);
            buf[pos + 2] = (byte) (p >>> 16);
            buf[pos + 3] = (byte) (p >>> 24);
            pos += 4;
            if (pos == buf.length) {
                d.update(buf, 0, pos);
                pos = 0;
            }
        }
        d.update(buf, 0, pos);
        return d.digest();
    }
}
