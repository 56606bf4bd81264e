package io.c2spark.core.msm;

import io.c2spark.core.concurrent.ComputePool;
import io.c2spark.core.field.CoordinateField;
import io.c2spark.core.field.Fp;

/**
 * {@link Msm}'s bucket method and {@link BatchAddition}'s sums in the native kernel
 * ({@link IfmaKernel}): Java recodes the scalars and runs the windows in parallel on
 * {@link ComputePool}; the kernel holds the chunk of points and every window's buckets, adds, and
 * reduces each window to its sum. The points with scalar one (a circuit's bits) go to one more
 * window whose buckets all hold digit 1, spread over up to 2^{@value #SELECTED_LOG} slots that the
 * reduction folds into one.
 */
final class IfmaMsm {
    /** log2 of the most slots the sum of selected points spreads over. */
    private static final int SELECTED_LOG = 15;

    private IfmaMsm() {
    }

    /**
     * Every window's sum and, after them, the sum of the points with scalar one (Jacobian, f's
     * working form, 3 f.limbs longs each); ones is filled by the recoding as {@link Msm} does.
     */
    static long[] windowSums(CoordinateField f, String group, long[] bases, long[] scalars, int c, int windows,
            int topSpread, long[] offset, int chunk, int batch, long[] ones) {
        int n = scalars.length / 4;
        int elements = elements(f);
        long[] digits = new long[5 * chunk];
        int selectedLog = selectedLog(n);
        long[] handles = new long[windows + 1];
        long chunkHandle = 0;
        try {
            chunkHandle = handle(IfmaKernel.newChunk(elements, chunk), group);
            for (int w = 0; w < windows; w++) {
                handles[w] = handle(IfmaKernel.newWindow(elements, 1 << (c - 1), batch, w == windows - 1 ? topSpread : 0),
                        group);
            }
            handles[windows] = handle(IfmaKernel.newWindow(elements, 1 << selectedLog, Msm.batchSize(1 << selectedLog), selectedLog),
                    group);
            long ch = chunkHandle;
            Msm.forEachChunk(n, chunk, (first, from, to) -> {
                Msm.recode(scalars, first, from, to, offset, digits, ones);
                IfmaKernel.loadChunk(ch, bases, first, digits, from, to);
            }, (first, count) -> ComputePool.forEach(windows + 1, w -> {
                if (w < windows) {
                    IfmaKernel.accumulate(handles[w], ch, count, w, c);
                } else {
                    IfmaKernel.accumulateSelected(handles[w], ch, ones, first, 0, count);
                }
            }));
            long[] sums = new long[(windows + 1) * 3 * f.limbs];
            ComputePool.forEach(windows + 1, w -> {
                if (w < windows) {
                    reduce(f, handles[w], 1 << (c - 1), batch, w == windows - 1 ? topSpread : 0, sums, w);
                } else {
                    reduce(f, handles[w], 1 << selectedLog, Msm.batchSize(1 << selectedLog), selectedLog, sums, w);
                }
            });
            return sums;
        } finally {
            free(handles, chunkHandle);
        }
    }

    /**
     * The sum of the shared-layout points selected by bitmap (Jacobian, f's working form):
     * {@link BatchAddition}'s, one window per thread, each taking its share of every chunk.
     */
    static long[] selectedSum(CoordinateField f, String group, long[] bases, long[] bitmap, int count) {
        int elements = elements(f);
        int chunk = Math.max(64, Math.min(count, Msm.CHUNK));
        int threads = ComputePool.parallelism();
        int selectedLog = selectedLog(count / threads);
        long[] handles = new long[threads];
        long chunkHandle = 0;
        try {
            chunkHandle = handle(IfmaKernel.newChunk(elements, chunk), group);
            for (int t = 0; t < threads; t++) {
                handles[t] = handle(IfmaKernel.newWindow(elements, 1 << selectedLog, Msm.batchSize(1 << selectedLog), selectedLog), group);
            }
            long ch = chunkHandle;
            for (int lo = 0; lo < count; lo += chunk) {
                int first = lo;
                int n = Math.min(chunk, count - lo);
                ComputePool.forRange(0, n, 1 << 12, (from, to) -> IfmaKernel.loadChunk(ch, bases, first, null, from, to));
                ComputePool.forRange(0, threads, 1, (from, to) -> {
                    for (int t = from; t < to; t++) {
                        IfmaKernel.accumulateSelected(handles[t], ch, bitmap, first, (int) ((long) n * t / threads),
                                (int) ((long) n * (t + 1) / threads));
                    }
                });
            }
            long[] sums = new long[threads * 3 * f.limbs];
            ComputePool.forRange(0, threads, 1, (from, to) -> {
                for (int t = from; t < to; t++) {
                    reduce(f, handles[t], 1 << selectedLog, Msm.batchSize(1 << selectedLog), selectedLog, sums, t);
                }
            });
            PointOps ops = new PointOps(f);
            long[] sum = new long[3 * f.limbs];
            ops.setIdentity(sum, 0);
            for (int t = 0; t < threads; t++) {
                ops.add(sum, 0, sums, t * 3 * f.limbs);
            }
            return sum;
        } finally {
            free(handles, chunkHandle);
        }
    }

    /**
     * The window's sum into out's sum number index, by the kernel's batched reduction and Jacobian
     * combination. Segments: about the square root of the digits, which balances the combination's
     * additions (three per segment, one at a time) against the batches' (one step per bucket of a
     * segment, each step's inversion shared by the segments).
     */
    private static void reduce(CoordinateField f, long window, int buckets, int batch, int spread, long[] out, int index) {
        int digits = buckets >> spread;
        int segments = Math.min(batch, 1 << ((31 - Integer.numberOfLeadingZeros(digits)) / 2));
        IfmaKernel.reduce(window, segments, digits / segments, out, index * 3 * f.limbs);
    }

    /** Slots of the selected points' window: about a quarter of their count, from 8 to 2^15. */
    private static int selectedLog(int count) {
        return Math.max(3, Math.min(SELECTED_LOG, 31 - Integer.numberOfLeadingZeros(Math.max(1, count)) - 2));
    }

    private static int elements(CoordinateField f) {
        return 2 * (f.standardLimbs / Fp.LIMBS);
    }

    private static long handle(long handle, String group) {
        if (handle == 0) {
            throw new OutOfMemoryError(group + " MSM: the native kernel could not allocate its buffers");
        }
        return handle;
    }

    private static void free(long[] windows, long chunk) {
        for (long w : windows) {
            if (w != 0) {
                IfmaKernel.freeWindow(w);
            }
        }
        if (chunk != 0) {
            IfmaKernel.freeChunk(chunk);
        }
    }
}
