package io.c2spark.core.porep.graph;

import io.c2spark.core.concurrent.ComputePool;
import io.c2spark.core.concurrent.Threads;
import io.c2spark.core.porep.hash.ChaCha8Rng;
import io.c2spark.core.porep.hash.FilecoinSha256;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * rfp's parent-cache digest of a graph (storage-proofs-porep parent_cache.json: SHA-256 of every
 * node's 14 parents as u32 little-endian, in node order), computed without materialising the
 * graph, so at any size in bounded memory: the 64GiB graph is 2^31 nodes x 56 bytes = 120 GB.
 *
 * <p>Generating parents is parallel, SHA-256 is not. The {@link ComputePool}'s workers each claim
 * the next block of {@value #BLOCK_NODES} nodes, generate its parents into their own scratch,
 * then copy its bytes into a ring of slots (block b into slot b mod ring size); one hasher thread
 * feeds the blocks to SHA-256 in order. A worker waits before copying until the hasher has
 * consumed the slot's previous block (b - ring size), the hasher waits for block b. Neither waits
 * forever: the lowest block not yet hashed was claimed by a started worker (blocks are claimed in
 * order, and only by started workers) whose slot is free, because its previous occupant is lower
 * still and so already hashed. With four slots per worker the hasher rarely waits; memory is
 * (ring + workers) x 896 KiB, about 72 MB on 16 cores.
 */
public final class ParentCacheDigest {
    /** Nodes per block: 896 KiB of parents, a few milliseconds of one core's work. */
    static final int BLOCK_NODES = 1 << 14;
    private static final int SLOTS_PER_WORKER = 4;
    private static final int BLOCK_INTS = BLOCK_NODES * StackedGraph.DEGREE;

    /** Called by the hasher thread every report interval. */
    @FunctionalInterface
    public interface Progress {
        void report(long nodesHashed, long nodes, long elapsedNanos);
    }

    private final StackedGraph graph;
    private final long blocks;
    private final byte[][] ring;
    private final int[] slotBytes;
    /** The block each slot holds, ready to hash; -1 when none. Guarded by lock. */
    private final long[] slotBlock;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition blockReady = lock.newCondition();
    private final Condition slotFreed = lock.newCondition();
    private final AtomicLong nextBlock = new AtomicLong();
    /** Blocks hashed so far. Guarded by lock. */
    private long hashed;
    /** The first failure of a worker or the hasher; ends both sides. Guarded by lock. */
    private Throwable failure;
    private byte[] digest;

    private ParentCacheDigest(StackedGraph graph, int slots) {
        if (slots < 1) {
            throw new IllegalArgumentException("the ring needs at least one slot, got " + slots);
        }
        this.graph = graph;
        this.blocks = (graph.nodes() + BLOCK_NODES - 1) / BLOCK_NODES;
        int n = (int) Math.min(blocks, slots);
        this.ring = new byte[n][4 * BLOCK_INTS];
        this.slotBytes = new int[n];
        this.slotBlock = new long[n];
        Arrays.fill(slotBlock, -1);
    }

    /**
     * The digest of {@code graph} on all the pool's cores; {@code progress} (may be null) hears
     * from the hasher every {@code reportIntervalNanos}.
     */
    public static byte[] compute(StackedGraph graph, long reportIntervalNanos, Progress progress) {
        return compute(graph, SLOTS_PER_WORKER * ComputePool.parallelism(), reportIntervalNanos, progress);
    }

    /** As above with a ring of {@code slots} blocks (tests use one or two, to make every block wait). */
    static byte[] compute(StackedGraph graph, int slots, long reportIntervalNanos, Progress progress) {
        int workers = ComputePool.parallelism();
        ParentCacheDigest run = new ParentCacheDigest(graph, slots);
        Thread hasher = new Thread(() -> run.hash(reportIntervalNanos, progress), "parent-cache-digest");
        hasher.setDaemon(true);
        hasher.start();
        try {
            ComputePool.forEach(workers, w -> run.produce());
        } finally {
            Threads.joinAll(List.of(hasher), e -> { });
        }
        run.lock.lock();
        try {
            if (run.failure instanceof RuntimeException e) {
                throw e;
            }
            if (run.failure instanceof Error e) {
                throw e;
            }
        } finally {
            run.lock.unlock();
        }
        return run.digest;
    }

    private void produce() {
        ChaCha8Rng rng = new ChaCha8Rng();
        int[] parents = new int[BLOCK_INTS];
        try {
            for (long b = nextBlock.getAndIncrement(); b < blocks; b = nextBlock.getAndIncrement()) {
                long first = b * BLOCK_NODES;
                int count = (int) Math.min(BLOCK_NODES, graph.nodes() - first);
                graph.parentsOfBlock(first, count, parents, 0, rng);
                int slot = (int) (b % ring.length);
                if (!awaitSlot(b)) {
                    return;
                }
                ByteBuffer.wrap(ring[slot]).order(ByteOrder.LITTLE_ENDIAN).asIntBuffer()
                        .put(parents, 0, count * StackedGraph.DEGREE);
                lock.lock();
                try {
                    slotBytes[slot] = 4 * count * StackedGraph.DEGREE;
                    slotBlock[slot] = b;
                    blockReady.signal();
                } finally {
                    lock.unlock();
                }
            }
        } catch (RuntimeException | Error e) {
            fail(e);
            throw e;
        }
    }

    /** Waits until block b's slot is free (its previous block hashed); false on a failure elsewhere. */
    private boolean awaitSlot(long b) {
        lock.lock();
        try {
            while (hashed <= b - ring.length && failure == null) {
                slotFreed.awaitUninterruptibly();
            }
            return failure == null;
        } finally {
            lock.unlock();
        }
    }

    private void hash(long reportIntervalNanos, Progress progress) {
        try {
            MessageDigest sha = FilecoinSha256.newDigest();
            long t0 = System.nanoTime();
            long nextReport = t0 + reportIntervalNanos;
            for (long b = 0; b < blocks; b++) {
                int slot = (int) (b % ring.length);
                int bytes;
                lock.lock();
                try {
                    while (slotBlock[slot] != b && failure == null) {
                        blockReady.awaitUninterruptibly();
                    }
                    if (failure != null) {
                        return;
                    }
                    bytes = slotBytes[slot];
                } finally {
                    lock.unlock();
                }
                sha.update(ring[slot], 0, bytes);
                lock.lock();
                try {
                    hashed = b + 1;
                    slotFreed.signalAll();
                } finally {
                    lock.unlock();
                }
                long now = System.nanoTime();
                if (progress != null && now >= nextReport && b + 1 < blocks) {
                    progress.report(Math.min(graph.nodes(), (b + 1) * BLOCK_NODES), graph.nodes(), now - t0);
                    nextReport = now + reportIntervalNanos;
                }
            }
            digest = sha.digest();
        } catch (RuntimeException | Error e) {
            fail(e);
        }
    }

    private void fail(Throwable e) {
        lock.lock();
        try {
            if (failure == null) {
                failure = e;
            }
            blockReady.signalAll();
            slotFreed.signalAll();
        } finally {
            lock.unlock();
        }
    }
}
