package io.c2spark.core.porep.graph;

import io.c2spark.core.concurrent.ComputePool;
import io.c2spark.core.porep.ApiVersion;
import io.c2spark.core.porep.RegisteredSealProof;
import io.c2spark.core.porep.hash.ChaCha8Rng;

/**
 * The SDR graph: per node 6 DRG parents (same layer) then 8 expander parents (previous layer),
 * 14 in all (rfp stacked/vanilla/graph.rs). {@link #parents(long, int[], int)} gives one node's,
 * {@link #parentsOfBlock} a block's; {@link #generate()} materialises the whole graph as a flat
 * int array (node * 14 + k), the way rfp's parent cache stores it, up to 512MiB sectors;
 * {@link ParentCacheDigest} streams any size into rfp's parent-cache digest.
 */
public final class StackedGraph {
    public static final int DEGREE = BucketGraph.DEGREE + FeistelExpander.DEGREE;
    private static final int CHUNK = 1 << 12;

    private final long nodes;
    private final BucketGraph drg;
    private final FeistelExpander expander;
    private final ThreadLocal<ChaCha8Rng> rng = ThreadLocal.withInitial(ChaCha8Rng::new);
    private volatile FeistelExpander tabulated;

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

    /**
     * The 14 parents of nodes [first, first + count) into out[off ..], node-major; the whole-graph
     * path: the expander's round functions come from tables (built once, on first use), the DRG's
     * ChaCha8 state is the caller's (one per thread), nothing is allocated per node.
     */
    public void parentsOfBlock(long first, int count, int[] out, int off, ChaCha8Rng rng) {
        if (first < 0 || count < 0 || first + count > nodes) {
            throw new IllegalArgumentException("nodes " + first + ".." + (first + count - 1) + " outside 0.." + (nodes - 1));
        }
        FeistelExpander tables = tabulatedExpander();
        for (int i = 0; i < count; i++) {
            long node = first + i;
            int at = off + i * DEGREE;
            drg.parents(node, out, at, rng);
            tables.parents(node, out, at + BucketGraph.DEGREE);
        }
    }

    private FeistelExpander tabulatedExpander() {
        FeistelExpander t = tabulated;
        if (t == null) {
            synchronized (this) {
                t = tabulated;
                if (t == null) {
                    t = expander.tabulated();
                    tabulated = t;
                }
            }
        }
        return t;
    }

    /**
     * All parents, node-major, 14 per node, in parallel: up to 2^27 nodes (512MiB sectors); larger
     * graphs do not fit one Java array, and their digest is streamed ({@link ParentCacheDigest}).
     */
    public int[] generate() {
        if (nodes * DEGREE > Integer.MAX_VALUE - 16) {
            throw new IllegalStateException("a graph of " + nodes + " nodes does not fit one Java array;"
                    + " use parentsOfBlock per block of nodes");
        }
        int n = (int) nodes;
        int[] out = new int[n * DEGREE];
        ComputePool.forRange(0, n, CHUNK, (from, to) -> parentsOfBlock(from, to - from, out, from * DEGREE, new ChaCha8Rng()));
        return out;
    }
}
