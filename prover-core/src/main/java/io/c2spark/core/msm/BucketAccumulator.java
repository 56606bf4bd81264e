package io.c2spark.core.msm;

import java.util.Arrays;

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
 * digits). One instance serves one thread; {@link #reset} reuses it for the next window.
 */
final class BucketAccumulator {
    private final Coordinates f;
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
    private final long[] t;
    private long[] bases;

    BucketAccumulator(Coordinates f, int bucketCount, int batchSize, AffineBatch batch) {
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
        this.t = new long[3 * l];
    }

    /** Empties the buckets; points come from bases (affine, 2 coordinates each). */
    void reset(long[] bases) {
        this.bases = bases;
        Arrays.fill(full, false);
        pending = 0;
        queued = 0;
        epoch++;
    }

    /** Adds sign(digit) * bases[point] to bucket |digit| - 1; digit is non-zero, the point not the identity. */
    void add(int point, int digit) {
        int b = (digit < 0 ? -digit : digit) - 1;
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

    /** Completes every pending and queued addition. */
    void finish() {
        while (pending > 0 || queued > 0) {
            flush();
        }
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
        batch.run(buckets, bases, pendBucket, pendPoint, pendNeg, n);
        for (int i = 0; i < n; i++) {
            if (pendBucket[i] < 0) {
                sameX(~pendBucket[i], pendPoint[i], pendNeg[i]);
            }
        }
        pending = 0;
        epoch++;
        int q = queued;
        queued = 0;
        for (int i = 0; i < q; i++) {
            int point = queuePoint[i];
            int digit = queueDigit[i];
            int b = (digit < 0 ? -digit : digit) - 1;
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

    /** Bucket b += (+-)P where P has the bucket's x: doubling, or the bucket empties. */
    private void sameX(int b, int point, boolean neg) {
        int bo = b * pl;
        int po = point * pl;
        f.neg(bases, po + l, t, 0);
        boolean equal = neg ? f.equal(t, 0, buckets, bo + l) : f.equal(bases, po + l, buckets, bo + l);
        if (!equal) {
            full[b] = false;
            return;
        }
        // lambda = 3x^2 / 2y, x3 = lambda^2 - 2x, y3 = lambda (x - x3) - y; y != 0 in a prime-order group.
        f.add(buckets, bo + l, buckets, bo + l, t, 0);
        f.inverse(t, 0, t, 0);
        f.sqr(buckets, bo, t, l);
        f.add(t, l, t, l, t, 2 * l);
        f.add(t, 2 * l, t, l, t, l);
        f.mul(t, 0, t, l, t, 0);
        f.sqr(t, 0, t, l);
        f.sub(t, l, buckets, bo, t, l);
        f.sub(t, l, buckets, bo, t, l);
        f.sub(buckets, bo, t, l, t, 2 * l);
        f.mul(t, 0, t, 2 * l, t, 2 * l);
        f.sub(t, 2 * l, buckets, bo + l, buckets, bo + l);
        System.arraycopy(t, l, buckets, bo, l);
    }

    /** out = sum over buckets of (k + 1) * B_k, by running sums from the top bucket down (Jacobian). */
    void reduce(PointOps ops, long[] out, int oo) {
        long[] running = new long[3 * l];
        ops.setIdentity(out, oo);
        for (int k = bucketCount - 1; k >= 0; k--) {
            if (full[k]) {
                ops.addMixed(running, 0, buckets, k * pl);
            }
            ops.add(out, oo, running, 0);
        }
    }
}
