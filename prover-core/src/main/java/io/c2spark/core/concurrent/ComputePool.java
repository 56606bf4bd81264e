package io.c2spark.core.concurrent;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.RecursiveAction;
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
        List<RecursiveAction> tasks = new ArrayList<>(chunks);
        for (int c = 0; c < chunks; c++) {
            int lo = from + (int) ((long) n * c / chunks);
            int hi = from + (int) ((long) n * (c + 1) / chunks);
            tasks.add(new RecursiveAction() {
                @Override
                protected void compute() {
                    body.run(lo, hi);
                }
            });
        }
        invokeAll(tasks);
    }

    /**
     * Runs body for each index of [0, count) as a task of its own, for a few long independent jobs
     * (an MSM's windows): forRange's four chunks per thread would group them, and the thread that
     * draws the last group would run on alone.
     */
    public static void forEach(int count, IntConsumer body) {
        List<RecursiveAction> tasks = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            int index = i;
            tasks.add(new RecursiveAction() {
                @Override
                protected void compute() {
                    body.accept(index);
                }
            });
        }
        invokeAll(tasks);
    }

    /** Runs the tasks on the pool and waits for all of them. */
    public static void invokeAll(List<? extends ForkJoinTask<?>> tasks) {
        if (ForkJoinTask.inForkJoinPool() && ForkJoinTask.getPool() == POOL) {
            ForkJoinTask.invokeAll(tasks);
        } else {
            POOL.submit(() -> ForkJoinTask.invokeAll(tasks)).join();
        }
    }

    /** Runs a and b, in parallel when a worker is free, and waits for both. */
    public static void both(Runnable a, Runnable b) {
        List<RecursiveAction> tasks = List.of(new RecursiveAction() {
            @Override
            protected void compute() {
                a.run();
            }
        }, new RecursiveAction() {
            @Override
            protected void compute() {
                b.run();
            }
        });
        invokeAll(tasks);
    }
}
