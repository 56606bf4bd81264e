package io.c2spark.core.concurrent;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.RecursiveAction;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.IntConsumer;

/**
 * The worker pool of the CPU arithmetic (NTT, MSM, batch addition): one ForkJoinPool with one
 * thread per core. The common pool is not used because it has cores - 1 threads, which on a
 * 2-core machine halves the arithmetic throughput. The size can be lowered with the system
 * property {@code c2spark.threads}.
 */
public final class ComputePool {
    private static final ForkJoinPool POOL = new ForkJoinPool(threadCount());

    private ComputePool() {
    }

    private static int threadCount() {
        int cores = Runtime.getRuntime().availableProcessors();
        String p = System.getProperty("c2spark.threads");
        return p == null ? cores : Math.max(1, Integer.parseInt(p.trim()));
    }

    /** Number of worker threads. */
    public static int parallelism() {
        return POOL.getParallelism();
    }

    /** The body of a loop over a half-open index range. */
    @FunctionalInterface
    public interface RangeBody {
        void run(int from, int to);
    }

    /**
     * Runs body over [from, to) split into chunks of at least minChunk indices (about four chunks
     * per thread, so a slow chunk does not leave a core idle). Runs inline when the range is small.
     */
    public static void forRange(int from, int to, int minChunk, RangeBody body) {
        int n = to - from;
        if (n <= 0) {
            return;
        }
        int chunks = Math.min(Math.max(1, n / Math.max(1, minChunk)), 4 * parallelism());
        if (chunks <= 1 || parallelism() == 1) {
            body.run(from, to);
            return;
        }
        List<Runnable> bodies = new ArrayList<>(chunks);
        for (int c = 0; c < chunks; c++) {
            int lo = from + (int) ((long) n * c / chunks);
            int hi = from + (int) ((long) n * (c + 1) / chunks);
            bodies.add(() -> body.run(lo, hi));
        }
        run(bodies);
    }

    /**
     * Runs body for each index of [0, count) as a task of its own, for a few long independent jobs
     * (an MSM's windows): forRange's four chunks per thread would group them, and the thread that
     * draws the last group would run on alone.
     */
    public static void forEach(int count, IntConsumer body) {
        List<Runnable> bodies = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            int index = i;
            bodies.add(() -> body.accept(index));
        }
        run(bodies);
    }

    /** Runs the bodies, in parallel where workers are free, and waits for all of them. */
    public static void all(Runnable... bodies) {
        run(List.of(bodies));
    }

    /**
     * Runs each body as a task on the pool and waits for all of them. A body's exception is
     * rethrown as it was thrown, the first one if several fail: ForkJoinPool's join rethrows one
     * from another thread as a new exception of its type whose message is the original's whole
     * text ("java.lang.IllegalArgumentException: ..."), and the file errors must reach the user
     * unchanged.
     */
    private static void run(List<Runnable> bodies) {
        AtomicReference<Throwable> failure = new AtomicReference<>();
        List<RecursiveAction> tasks = new ArrayList<>(bodies.size());
        for (Runnable body : bodies) {
            tasks.add(new RecursiveAction() {
                @Override
                protected void compute() {
                    try {
                        body.run();
                    } catch (RuntimeException | Error e) {
                        failure.compareAndSet(null, e);
                    }
                }
            });
        }
        if (ForkJoinTask.inForkJoinPool() && ForkJoinTask.getPool() == POOL) {
            ForkJoinTask.invokeAll(tasks);
        } else {
            POOL.submit(() -> ForkJoinTask.invokeAll(tasks)).join();
        }
        Throwable t = failure.get();
        if (t instanceof RuntimeException e) {
            throw e;
        }
        if (t instanceof Error e) {
            throw e;
        }
    }
}
