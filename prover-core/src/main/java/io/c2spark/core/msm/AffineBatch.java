package io.c2spark.core.msm;

/**
 * The arithmetic of one batch of affine additions to distinct buckets, for {@link BucketAccumulator}:
 * the slope denominators are inverted together by Montgomery's trick, then each addition costs 3
 * multiplications more. {@link ScalarAffineBatch} does it one addition at a time in any coordinate
 * field; {@link LaneAffineBatch} does G1's eight at a time in SIMD lanes.
 */
interface AffineBatch {
    /**
     * For i below n: bucket bucket[i] += (neg[i] ? -1 : 1) * base point[i] (affine, 2 coordinates
     * each; no bucket appears twice). Where the point and its bucket share x (a doubling, or a sum that
     * is the identity) the bucket is left alone and bucket[i] is replaced by ~bucket[i] for the
     * caller to handle.
     */
    void run(long[] buckets, long[] bases, int[] bucket, int[] point, boolean[] neg, int n);
}
