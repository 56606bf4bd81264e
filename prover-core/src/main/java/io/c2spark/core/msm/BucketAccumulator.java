package io.c2spark.core.msm;

import java.util.Arrays;

import io.c2spark.core.field.CoordinateField;

/**
 * The buckets of one Pippenger window, accumulated in affine coordinates with batched inversions
 * (the gnark-crypto approach): additions to distinct buckets are collected into a batch, their
 * slope denominators x_P - x_B are inverted together by Montgomery's trick (3 multiplications each
 * plus one shared inversion), and each addition then costs 3 more (lambda, lambda^2, y). That is
 * about 6 multiplications per point against 11 for a Jacobian mixed addition. A point whose bucket
 * already has an addition in the batch waits in a queue for the next batch. This class schedules;
 * the batch's arithmetic is an {@link AffineBatch}.
 *
 * <p>Bucket k holds the sum of the points whose digit has magnitude k + 1 (negated for negative
 * digits); with a spread s ({@link #reset}), buckets k 2^s .. (k + 1) 2^s - 1 share that digit. One
 * instance holds one window's buckets; points arrive in chunks ({@link #bases}), each completed by
 * {@link #finish} before the next, from any thread but one at a time.
 */
final class BucketAccumulator {
    private final CoordinateField f;
    private final int l;
    private final int pl;
    private final int bucketCount;
    private final int batchSize;
    /** Affine bucket points, 2 coordinates each; meaningful only where full. */
    private final long[] buckets;
    private final boolean[] full;
    /** stamp[b] == epoch when bucket b has an addition in the current batch. */
    private final int[] stamp;
    private int epoch = 1;
    private final int[] pendBucket;
    private final int[] pendPoint;
    private final boolean[] pendNeg;
    private int pending;
    private final int[] queuePoint;
    private final int[] queueDigit;
    private int queued;
    private final AffineBatch batch;
    private final PointOps ops;
    private long[] bases;
    /** log2 of the slots per digit magnitude (see {@link #reset}). */
    private int spread;
    /** The reduction's segments: running sums R and weighted sums T, affine, one per segment. */
    private final int segments;
    private final long[] running;
    private final boolean[] runningFull;
    private final long[] weighted;
    private final boolean[] weightedFull;

    BucketAccumulator(CoordinateField f, int bucketCount, int batchSize, AffineBatch batch) {
        this.f = f;
        this.l = f.limbs;
        this.pl = 2 * l;
        this.bucketCount = bucketCount;
        this.batchSize = batchSize;
        this.buckets = new long[bucketCount * pl];
        this.full = new boolean[bucketCount];
        this.stamp = new int[bucketCount];
        this.pendBucket = new int[batchSize];
        this.pendPoint = new int[batchSize];
        this.pendNeg = new boolean[batchSize];
        this.queuePoint = new int[batchSize];
        this.queueDigit = new int[batchSize];
        this.batch = batch;
        this.ops = new PointOps(f);
        this.segments = Math.min(reductionSegments(bucketCount), batchSize);
        this.running = new long[segments * pl];
        this.runningFull = new boolean[segments];
        this.weighted = new long[segments * pl];
        this.weightedFull = new boolean[segments];
    }

    /**
     * Empties the buckets. With spread s > 0 every digit magnitude gets 2^s buckets (slots), the
     * point's low index bits picking one, for a window with few distinct digits (the top one): one
     * bucket per digit would queue most points behind a handful of buckets, each batch a few
     * additions and a whole inversion. The digits' magnitudes times 2^s must fit the buckets.
     */
    void reset(int spread) {
        this.spread = spread;
        Arrays.fill(full, false);
        pending = 0;
        queued = 0;
        epoch++;
    }

    /** The chunk of points (affine, 2 coordinates each) that the next {@link #add} calls index. */
    void bases(long[] chunk) {
        this.bases = chunk;
    }

    /** Adds sign(digit) * bases[point] to a bucket of |digit|; digit is non-zero, the point not the identity. */
    void add(int point, int digit) {
        int b = slot(point, digit);
        if (!full[b]) {
            copyIn(b, point, digit < 0);
            return;
        }
        if (stamp[b] == epoch) {
            queuePoint[queued] = point;
            queueDigit[queued] = digit;
            if (++queued == batchSize) {
                flush();
            }
            return;
        }
        stamp[b] = epoch;
        pendBucket[pending] = b;
        pendPoint[pending] = point;
        pendNeg[pending] = digit < 0;
        if (++pending == batchSize) {
            flush();
        }
    }

    /** Completes every pending and queued addition (before the chunk's points are replaced). */
    void finish() {
        while (pending > 0 || queued > 0) {
            flush();
        }
    }

    private int slot(int point, int digit) {
        int magnitude = digit < 0 ? -digit : digit;
        return ((magnitude - 1) << spread) | (point & ((1 << spread) - 1));
    }

    private void copyIn(int b, int point, boolean neg) {
        int bo = b * pl;
        int po = point * pl;
        System.arraycopy(bases, po, buckets, bo, l);
        if (neg) {
            f.neg(bases, po + l, buckets, bo + l);
        } else {
            System.arraycopy(bases, po + l, buckets, bo + l, l);
        }
        full[b] = true;
    }

    /** Runs the batch, then refills it from the queue. */
    private void flush() {
        int n = pending;
        runBatch(buckets, full, bases, n);
        pending = 0;
        epoch++;
        int q = queued;
        queued = 0;
        for (int i = 0; i < q; i++) {
            int point = queuePoint[i];
            int digit = queueDigit[i];
            int b = slot(point, digit);
            if (!full[b]) {
                copyIn(b, point, digit < 0);
            } else if (stamp[b] == epoch || pending == batchSize) {
                queuePoint[queued] = point;
                queueDigit[queued] = digit;
                queued++;
            } else {
                stamp[b] = epoch;
                pendBucket[pending] = b;
                pendPoint[pending] = point;
                pendNeg[pending] = digit < 0;
                pending++;
            }
        }
    }

    /**
     * Segments of the reduction, so that each of its batches has this many additions. More segments
     * spread the batch inversion (about 30 us) thinner but leave more to combine in Jacobian
     * coordinates at the end (three additions per segment, about 1.4 us each): the cost
     * 60 us * buckets / segments + 4.2 us * segments is least near sqrt(14 * buckets), taken as the
     * power of two 2^((log2(buckets) + 4) / 2): 512 segments for 2^15 buckets.
     */
    private static int reductionSegments(int buckets) {
        return 1 << ((Integer.numberOfTrailingZeros(buckets) + 4) / 2);
    }

    /** The pending additions into targets from sources, then the same-x ones the batch left (a target that sums to the identity empties). */
    private void runBatch(long[] targets, boolean[] targetFull, long[] sources, int n) {
        batch.run(targets, sources, pendBucket, pendPoint, pendNeg, n);
        for (int i = 0; i < n; i++) {
            int b = ~pendBucket[i];
            if (b >= 0 && !ops.addSameX(targets, b * pl, sources, pendPoint[i] * pl, pendNeg[i])) {
                targetFull[b] = false;
            }
        }
    }

    /**
     * out = sum over buckets of (k + 1) * B_k (Jacobian). The buckets are cut into segments of m;
     * walking down each segment, its running sum R_j takes the next bucket and its weighted sum T_j
     * takes R_j, all segments side by side, so that each step is a batch of affine additions (about
     * 6.5 multiplications each, in lanes for G1, against 27 for the Jacobian running sums). Then
     * sum_k (k + 1) B_k = sum_j T_j + m * sum_j j R_j, the last by running sums over the segments.
     */
    void reduce(long[] out, int oo) {
        sumSlots();
        int digits = bucketCount >> spread;
        int segments = Math.min(this.segments, digits);
        int m = digits / segments;
        Arrays.fill(runningFull, false);
        Arrays.fill(weightedFull, false);
        for (int step = m - 1; step >= 0; step--) {
            int n = 0;
            for (int j = 0; j < segments; j++) {
                int k = (j * m + step) << spread;
                if (full[k]) {
                    n = addOrCopy(running, runningFull, j, buckets, k, n);
                }
            }
            runBatch(running, runningFull, buckets, n);
            n = 0;
            for (int j = 0; j < segments; j++) {
                if (runningFull[j]) {
                    n = addOrCopy(weighted, weightedFull, j, running, j, n);
                }
            }
            runBatch(weighted, weightedFull, running, n);
        }
        combine(ops, running, runningFull, weighted, weightedFull, segments, m, out, oo);
    }

    /**
     * out = sum_j T_j + m * sum_j j R_j (Jacobian) from the segments' affine running sums R_j and
     * weighted sums T_j (absent where their flag is not set): the end of {@link #reduce}.
     */
    private static void combine(PointOps ops, long[] running, boolean[] runningFull, long[] weighted,
            boolean[] weightedFull, int segments, int m, long[] out, int oo) {
        int l = ops.f.limbs;
        int pl = 2 * l;
        long[] sum = new long[3 * l];
        long[] multiples = new long[3 * l];
        ops.setIdentity(sum, 0);
        ops.setIdentity(multiples, 0);
        ops.setIdentity(out, oo);
        for (int j = segments - 1; j >= 0; j--) {
            ops.add(multiples, 0, sum, 0);
            if (runningFull[j]) {
                ops.addMixed(sum, 0, running, j * pl);
            }
            if (weightedFull[j]) {
                ops.addMixed(out, oo, weighted, j * pl);
            }
        }
        for (int i = m; i > 1; i >>= 1) {
            ops.dbl(multiples, 0);
        }
        ops.add(out, oo, multiples, 0);
    }

    /** Adds each digit's 2^spread slots into its first, pairwise in rounds whose additions are independent. */
    private void sumSlots() {
        for (int stride = 1; stride < 1 << spread; stride <<= 1) {
            int n = 0;
            for (int b = 0; b < bucketCount; b += 2 * stride) {
                if (full[b + stride]) {
                    n = addOrCopy(buckets, full, b, buckets, b + stride, n);
                    if (n == batchSize) {
                        runBatch(buckets, full, buckets, n);
                        n = 0;
                    }
                }
            }
            runBatch(buckets, full, buckets, n);
        }
    }

    /** Copies sources[s] into an empty targets[b], or queues the addition as pending number n; returns the new count. */
    private int addOrCopy(long[] targets, boolean[] targetFull, int b, long[] sources, int s, int n) {
        if (!targetFull[b]) {
            System.arraycopy(sources, s * pl, targets, b * pl, pl);
            targetFull[b] = true;
            return n;
        }
        pendBucket[n] = b;
        pendPoint[n] = s;
        pendNeg[n] = false;
        return n + 1;
    }
}
