package io.c2spark.gpu;

/**
 * Window size and device workspace of a G1 MSM of n points (native-cuda msm/pippenger.cuh), as
 * pure functions so that they are tested without a GPU.
 *
 * <p>Cost model behind {@link #windowBitsFor}: bucket accumulation does n * windows mixed additions,
 * bucket reduction about 2 * windows * 2^(c-1) full additions. With windows = ceil(256 / c):
 * at n = 2^24, c = 16 gives 16n = 268M, c = 20 gives 13n + 13.6M = 232M; c = 22 gives 12n + 50M
 * full additions (each ~1.4 mixed), worse again. So c grows with n up to 20.
 */
public record MsmPlan(int n, int windowBits, int windows, int buckets, int segment) {
    public static final int G1_XYZZ_BYTES = 4 * 48;
    public static final int MAX_WINDOW_BITS = 20;
    /** Buckets per reduction thread: short runs keep the latency of the serial sums low. */
    public static final int SEGMENT = 16;

    public static MsmPlan forSize(int n) {
        return withWindow(n, windowBitsFor(n));
    }

    public static MsmPlan withWindow(int n, int c) {
        if (n < 1 || n > (1 << 30)) {
            throw new IllegalArgumentException("MSM size " + n + " outside 1..2^30");
        }
        if (c < 2 || c > MAX_WINDOW_BITS + 4) {
            throw new IllegalArgumentException("window of " + c + " bits outside 2.." + (MAX_WINDOW_BITS + 4));
        }
        int buckets = 1 << (c - 1);
        return new MsmPlan(n, c, (256 + c - 1) / c, buckets, Math.min(SEGMENT, buckets));
    }

    public static int windowBitsFor(int n) {
        int lg = 32 - Integer.numberOfLeadingZeros(Math.max(1, n - 1));
        return Math.max(4, Math.min(MAX_WINDOW_BITS, lg - 4));
    }

    public long bucketCount() {
        return (long) windows * buckets;
    }

    public long runs() {
        return bucketCount() / segment;
    }

    /** Reduction of the per-run partials: groups of {@link #SEGMENT} until one per window remains. */
    public int runsPerWindow() {
        return buckets / segment;
    }

    /** counts, starts and cursors (u32 per bucket) plus the sorted indices (u32 per window and point). */
    public long indexBytes() {
        return 3 * 4 * bucketCount() + 4L * windows * n;
    }

    public long bucketBytes() {
        return G1_XYZZ_BYTES * bucketCount();
    }

    public long partialBytes() {
        return G1_XYZZ_BYTES * runs();
    }

    /** Everything one MSM allocates besides its points (24 words each) and scalars (8 words each). */
    public long workspaceBytes() {
        return indexBytes() + bucketBytes() + 2 * partialBytes() + 32L * n + 4 * 36;
    }
}
