package io.c2spark.gpu;

/**
 * Window size and device workspace of a G1 or G2 MSM of n points (native-cuda msm/pippenger.cuh),
 * as pure functions so that they are tested without a GPU.
 *
 * <p>Window rule ({@link #windowBitsFor}): only c in {4, 8, 16}. With windows = ceil(256 / c) the
 * top window of a 255-bit scalar keeps 255 - c (windows - 1) bits; for these c that is c - 1, so
 * every window spreads its points over all 2^(c-1) buckets. Other c leave the top window a few
 * bits (c = 18: 3 bits, so 8 buckets of n/8 points each, summed by one thread apiece): measured on
 * the H200, 2^22 points with c = 18 took 21.7 s against 0.38 s for 2^24 with c = 16. Bucket
 * accumulation does n * windows mixed additions and reduction ~2 * windows * 2^(c-1) additions,
 * so c = 16 (16 windows) for every n from 2^15 up.
 */
public record MsmPlan(int n, int windowBits, int windows, int buckets, int segment) {
    /** Digit extraction reads c + 31 bits through one 64-bit window: c <= 24 keeps that within 55. */
    public static final int MAX_WINDOW_BITS = 24;
    /** Buckets per reduction thread: short runs keep the latency of the serial sums low. */
    public static final int SEGMENT = 16;

    public static MsmPlan forSize(int n) {
        return withWindow(n, windowBitsFor(n));
    }

    public static MsmPlan withWindow(int n, int c) {
        if (n < 1 || n > (1 << 30)) {
            throw new IllegalArgumentException("MSM size " + n + " outside 1..2^30");
        }
        if (c < 2 || c > MAX_WINDOW_BITS) {
            throw new IllegalArgumentException("window of " + c + " bits outside 2.." + MAX_WINDOW_BITS);
        }
        int buckets = 1 << (c - 1);
        return new MsmPlan(n, c, (256 + c - 1) / c, buckets, Math.min(SEGMENT, buckets));
    }

    public static int windowBitsFor(int n) {
        return n >= (1 << 15) ? 16 : n >= (1 << 7) ? 8 : 4;
    }

    /** Bits of a 255-bit scalar left to the top window: c - 1 means it is as full as the others. */
    public int topWindowBits() {
        return 255 - windowBits * (windows - 1);
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

    public long bucketBytes(Curve curve) {
        return curve.xyzzBytes * bucketCount();
    }

    public long partialBytes(Curve curve) {
        return curve.xyzzBytes * runs();
    }

    /** Everything one MSM allocates besides its points and scalars (the scalar stage included). */
    public long workspaceBytes(Curve curve) {
        return indexBytes() + bucketBytes(curve) + 2 * partialBytes(curve) + 32L * n + 8L * curve.jacobianLongs;
    }
}
