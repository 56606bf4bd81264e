package io.c2spark.gpu.msm;

/**
 * Window size, slots and device workspace of a G1 or G2 MSM of n points (native-cuda
 * msm/pippenger.cuh), as pure functions so that they are tested without a GPU.
 *
 * <p>Accumulation gives every thread a slot of {@link #chunk} consecutive entries of a window's
 * sorted array, across bucket boundaries, so bucket sizes do not matter and any c works, the top
 * window's few and crowded buckets included (c = 18 leaves it 3 bits: 8 buckets of n / 8 points).
 *
 * <p>Shifted bases ({@link #copies} = k > 1, {@link G1ShiftedBases}): with k copies of the points,
 * copy j holding 2^(j c) P_i, the windows w with one floor(w / k) share a bucket set, so there are
 * {@link #sets} = ceil(windows / k) sets of 2^(c-1) buckets instead of windows of them, each set's
 * region of the sorted array k n entries long and its entries indices into the copies; the host
 * combines the set sums with shift k c. Entries stay n windows; what shrinks is the buckets to
 * reduce, which makes larger c (fewer windows, so fewer entries) affordable. k = 1 is the plain
 * method. The copies take {@link #tableBytes} of device memory.
 *
 * <p>Window rule ({@link #windowBitsFor}): from {@link #MODEL_FROM} points, the c in
 * [{@link #MIN_RULE_BITS}, {@link #MAX_WINDOW_BITS}] of least {@link #costNanos}, a model fitted
 * to the H200's timings of G1 and G2 MSMs at every window (GpuBench with
 * -Dc2spark.bench.msmWindows), among those whose histogram
 * counters fit in {@link #COUNTER_BYTES}. Larger c means fewer windows (n * windows entries to add,
 * sort and count) but more buckets to reduce (2^(c-1) per window), a little more per entry in the
 * accumulation, and, where the top window keeps few bits, its counters contended. Counters that
 * do not fit the L2 cost more than the fewer windows save, so without copies the rule stops at
 * c = 20 (c = 21's 13 windows of counters take 54 MB); with copies the sets are fewer and a
 * larger c fits. Below MODEL_FROM a fixed rule stays (16 from 2^15, 8 from 2^7, else 4): there
 * the serial chains of reduction and combination, not the amount of work, set the time, which
 * the model does not describe.
 */
public record MsmPlan(int n, int windowBits, int windows, int copies, int buckets, int segment, int chunk) {
    /** Digit extraction reads c + 31 bits through one 64-bit window: c <= 24 keeps that within 55. */
    public static final int MAX_WINDOW_BITS = 24;
    /**
     * Reduction threads of the first stage, about (pippenger.cuh, msm_reduce_segments): 2^17, about
     * 2.6 waves of an H200 at 384 threads per SM (the G1 kernel's 140 registers). Runs of
     * {@link #MIN_SEGMENT} to {@link #SEGMENT} buckets: longer runs for more buckets. A run of seg
     * buckets costs its stage 2 seg additions and log2(seg) doublings, and every run 6 more operations
     * in the later stages, so short runs cost more per bucket (4 at seg = 4, 2.6 at 16): a set of
     * 2^21 buckets needs a third fewer operations in 2^17 runs of 16 than in 2^19 runs of 4.
     */
    public static final long REDUCTION_RUNS = 1L << 17;
    public static final int MIN_SEGMENT = 4;
    public static final int SEGMENT = 16;
    /**
     * Items per group in the later stages of the reduction: two. A stage's thread then does four
     * additions or doublings for two items (2.75 per item with groups of four) and the serial
     * chain of the stages is four such steps per halving (5.5 with four).
     */
    public static final int REDUCTION_GROUP = 2;
    /**
     * Bytes of L2 the scatter's open lines may take: 24 MiB of the H200's 50 MB. The scatter fills
     * one 128-byte line per bucket at a time; more buckets than fit make a window's scatter run
     * over its buckets in several passes ({@link #scatterPasses}).
     */
    public static final long SCATTER_OPEN_BYTES = 24L << 20;
    static final int LINE_BYTES = 128;
    /** MSM_SCAN_TILE in pippenger.cuh. */
    static final int SCAN_TILE = 2048;
    /**
     * Accumulation slots per MSM, about: 8 waves of an H200's 132 SMs x 512 threads (4 blocks of
     * 128 per SM, C2S_HOT_BOUNDS), so that the last wave's idle share is small.
     */
    public static final long TARGET_SLOTS = 8L * 132 * 512;
    /** Entries per slot at least: each slot also writes two partial sums. */
    public static final int MIN_CHUNK = 16;
    /** The window rule's range, from {@link #MODEL_FROM} points: c from this to {@link #MAX_WINDOW_BITS}. */
    public static final int MIN_RULE_BITS = 16;
    public static final int MODEL_FROM = 1 << 19;
    /**
     * The window rule's bound on the histogram's counters (4 bytes per bucket of every set): 32 MiB
     * of the H200's 50 MB L2, which c = 20 (27 MB) meets and c = 22 without copies (100 MB) does
     * not.
     */
    public static final long COUNTER_BYTES = 32L << 20;
    /** A sorted entry is a point index below 2^31 with the sign in bit 31: copies n <= 2^31. */
    public static final long MAX_TABLE_POINTS = 1L << 31;
    /**
     * Parts of an upload of the scalars from pinned host memory ({@link Msm#run(DeviceBuffer,
     * PinnedHostBuffer, MsmPlan, GpuStream)}): the histogram of each part runs while the later
     * parts are copied, so only the last part's histogram follows the upload: sixteen parts leave a
     * sixteenth of it there, and a part is the unit of the first batch ({@link #firstBatchParts}).
     * Parts hold at least {@link #MIN_UPLOAD_PART} scalars (32 MiB), so that a small MSM keeps one
     * copy and one launch.
     */
    public static final int UPLOAD_PARTS = 16;
    public static final int MIN_UPLOAD_PART = 1 << 20;

    /** The model's upload cost per scalar (32 bytes from pinned memory, 55 GB/s; {@link #firstBatchParts}). */
    static final double UPLOAD_NANOS = 0.58;
    /** The model's cost per bucket of merging a batch's buckets (msm_merge_buckets): one full XYZZ addition. */
    static final double MERGE_NANOS_G1 = 1.0;
    static final double MERGE_NANOS_G2 = 2.0;

    public static MsmPlan forSize(int n) {
        return forSize(n, Curve.G1);
    }

    public static MsmPlan forSize(int n, Curve curve) {
        return forSize(n, curve, 1);
    }

    /** The rule's window for k = copies of the points (at most the windows of the chosen c are used). */
    public static MsmPlan forSize(int n, Curve curve, int copies) {
        return withWindow(n, windowBitsFor(n, curve, copies), copies);
    }

    public static MsmPlan withWindow(int n, int c) {
        return withWindow(n, c, 1);
    }

    /** Window c with shifted bases: min(copies, windows) copies of the points (k = 1 is the plain method). */
    public static MsmPlan withWindow(int n, int c, int copies) {
        if (n < 1 || n > (1 << 30)) {
            throw new IllegalArgumentException("MSM size " + n + " outside 1..2^30");
        }
        if (c < 2 || c > MAX_WINDOW_BITS) {
            throw new IllegalArgumentException("window of " + c + " bits outside 2.." + MAX_WINDOW_BITS);
        }
        if (copies < 1) {
            throw new IllegalArgumentException("copies of the points must be at least 1, got " + copies);
        }
        int buckets = 1 << (c - 1);
        int windows = windowsFor(c);
        int k = Math.min(copies, windows);
        if ((long) k * n > MAX_TABLE_POINTS) {
            throw new IllegalArgumentException(k + " copies of " + n + " points exceed the 2^31 indices of a sorted entry");
        }
        int sets = setsFor(windows, k);
        int segment = MIN_SEGMENT;
        while (segment < SEGMENT && (long) sets * buckets / segment > REDUCTION_RUNS) {
            segment *= 2;
        }
        segment = Math.min(segment, buckets);
        long entries = (long) n * windows;
        int chunk = (int) Math.max(MIN_CHUNK, (entries + TARGET_SLOTS - 1) / TARGET_SLOTS);
        return new MsmPlan(n, c, windows, k, buckets, segment, chunk);
    }

    static int windowsFor(int c) {
        return (256 + c - 1) / c;
    }

    static int setsFor(int windows, int copies) {
        return (windows + copies - 1) / copies;
    }

    /**
     * Modelled time of the c-dependent steps of an MSM of n points, in nanoseconds on the H200:
     * per entry (n * windows) the accumulation's mixed addition (G1 0.45 ns, G2 1.36 ns, growing by
     * 0.009 ns per bit of c above 16: the buckets spill further out of the caches) and the
     * histogram, scan and scatter (0.04 ns, the same for every c since the scatter runs one window
     * at a time); per bucket of every set (ceil(windows / copies) sets, copies at most the windows)
     * the reduction (G1 2.0 ns, G2 4.0 ns: two full XYZZ additions); and the top window's contended
     * counters (70 ns per entry on one counter, in the histogram's and the scatter's atomics
     * together: a top window of few bits, such as c = 19's 8, puts n / 128 entries on each).
     */
    static double costNanos(int n, int c, int copies, Curve curve) {
        int windows = windowsFor(c);
        int top = 255 - c * (windows - 1);
        double entry = entryNanos(c, curve);
        double bucket = curve == Curve.G1 ? 2.0 : 4.0;
        int sets = setsFor(windows, Math.min(copies, windows));
        return (double) n * windows * entry + sets * (double) (1L << (c - 1)) * bucket
                + 70.0 * n / (double) (1L << Math.max(0, top - 1));
    }

    /** {@link #costNanos}'s time per entry (a scalar's digit in one window) of window c: accumulation, histogram, scan, scatter. */
    static double entryNanos(int c, Curve curve) {
        return (curve == Curve.G1 ? 0.45 : 1.36) + 0.04 + 0.009 * Math.max(0, c - 16);
    }

    /** Whether the histogram's counters of window c with copies fit in {@link #COUNTER_BYTES}. */
    static boolean countersFit(int c, int copies) {
        int windows = windowsFor(c);
        return 4L * setsFor(windows, Math.min(copies, windows)) * (1L << (c - 1)) <= COUNTER_BYTES;
    }

    public static int windowBitsFor(int n) {
        return windowBitsFor(n, Curve.G1);
    }

    public static int windowBitsFor(int n, Curve curve) {
        return windowBitsFor(n, curve, 1);
    }

    public static int windowBitsFor(int n, Curve curve, int copies) {
        if (n < MODEL_FROM) {
            return n >= (1 << 15) ? 16 : n >= (1 << 7) ? 8 : 4;
        }
        int best = MIN_RULE_BITS;
        for (int c = MIN_RULE_BITS + 1; c <= MAX_WINDOW_BITS; c++) {
            if (countersFit(c, copies) && costNanos(n, c, copies, curve) < costNanos(n, best, copies, curve)) {
                best = c;
            }
        }
        return best;
    }

    /** {@link #costNanos} of this plan: what the window rule weighs, to compare plans of the same n. */
    public double modelledNanos(Curve curve) {
        return costNanos(n, windowBits, copies, curve);
    }

    /** Bits of a 255-bit scalar left to the top window: c - 1 means it is as full as the others. */
    public int topWindowBits() {
        return 255 - windowBits * (windows - 1);
    }

    /** Parts of the scalars' upload: {@link #UPLOAD_PARTS} at most, of at least {@link #MIN_UPLOAD_PART} scalars. */
    public int uploadParts() {
        return (int) Math.min(UPLOAD_PARTS, (n + (long) MIN_UPLOAD_PART - 1) / MIN_UPLOAD_PART);
    }

    /**
     * Parts of the upload that make the first batch ({@link Msm#run(DeviceBuffer, PinnedHostBuffer,
     * MsmPlan, GpuStream)}), the rest making the second; all of them (one batch) when that would be
     * none or when the merge would cost too much. The first batch's points are sorted and
     * accumulated while the rest is still being copied, so that the upload delays the work by the
     * first batch's share only; the second batch's histograms run as its parts arrive, and its
     * buckets are merged into the first's. So the first batch is the largest whose work (upload
     * share plus {@link #entryNanos} per entry) ends before the upload does: floor(parts U / (U +
     * W)) parts, U the upload and W the work of all points. The merge costs one full addition per
     * bucket ({@link #MERGE_NANOS_G1}, {@link #MERGE_NANOS_G2}), and batching wins at most about two
     * thirds of the upload (one batch already hides the histograms behind it), so a merge above half
     * the upload keeps one batch. Two batches, not more: every further batch adds to the
     * accumulation's cost about what it saves of the upload (GpuBench with
     * -Dc2spark.bench.msmFirstParts compares the splits).
     */
    public int firstBatchParts(Curve curve) {
        int parts = uploadParts();
        double upload = UPLOAD_NANOS * n;
        double work = (double) n * windows * entryNanos(windowBits, curve);
        double merge = bucketCount() * (curve == Curve.G2 ? MERGE_NANOS_G2 : MERGE_NANOS_G1);
        int first = (int) (parts * upload / (upload + work));
        return first >= 1 && merge < upload / 2 ? first : parts;
    }

    /** The plan of a batch of m of the points: the same window, copies and buckets, the sorting and slots of m points. */
    public MsmPlan batch(int m) {
        return withWindow(m, windowBits, copies);
    }

    /** The first scalar of part i of parts (i = parts gives n); the parts' sizes differ by at most one. */
    public int partStart(int i, int parts) {
        return (int) ((long) n * i / parts);
    }

    /** Bucket sets: one per window without copies, ceil(windows / copies) with them. */
    public int sets() {
        return setsFor(windows, copies);
    }

    /** Entries of a set's region of the sorted array (and of the table the entries index): copies n. */
    public long region() {
        return (long) copies * n;
    }

    /** Bits between consecutive set sums in the combination (WindowCombination's window): copies c. */
    public int setShift() {
        return copies * windowBits;
    }

    public long bucketCount() {
        return (long) sets() * buckets;
    }

    public long runs() {
        return bucketCount() / segment;
    }

    /** Items of the reduction's first stage per set; later stages halve them to one. */
    public int runsPerSet() {
        return buckets / segment;
    }

    /** Accumulation slots of one set: chunk entries each over the set's region. */
    public int slotsPerSet() {
        return (int) ((region() + chunk - 1) / chunk);
    }

    public long slotCount() {
        return (long) sets() * slotsPerSet();
    }

    /**
     * Passes of the scatter over each window's buckets: enough that the lines it fills at once
     * (one per bucket of a pass) take at most {@link #SCATTER_OPEN_BYTES}, and one when the whole
     * window's region of the sorted array takes no more.
     */
    public int scatterPasses() {
        long open = Math.min((long) buckets * LINE_BYTES, 4L * n);
        return (int) Math.max(1, (open + SCATTER_OPEN_BYTES - 1) / SCATTER_OPEN_BYTES);
    }

    /**
     * The sorted indices and the digits waiting for the scatter, u32 each, n per window: window w's
     * digits wait at {@link #digitsAt}(w), beyond every entry its own and earlier windows' scatters
     * write (sets of copies windows: up to (w / copies + 1) copies n), so (windows + copies) n in
     * all, which also holds the sets' regions (sets copies <= windows + copies - 1).
     */
    public long sortedBytes() {
        return 4L * (windows + copies) * n;
    }

    /** Where window w's digits wait in the sorted array, in entries: (w + copies) n. */
    public long digitsAt(int w) {
        return (long) (w + copies) * n;
    }

    /** Device bytes of the points the plan reads: copies n affine points (copy 0 holds the points themselves). */
    public long tableBytes(Curve curve) {
        return curve.affineBytes() * region();
    }

    /** Tiles of {@link #SCAN_TILE} counts per set in the scan of the counts (pippenger.cuh). */
    public int scanTiles() {
        return (buckets + SCAN_TILE - 1) / SCAN_TILE;
    }

    /** counts, starts and cursors (u32 per bucket), the scan's tile totals (u32 per tile), the sorted indices. */
    public long indexBytes() {
        return 3 * 4 * bucketCount() + 4L * sets() * scanTiles() + sortedBytes();
    }

    public long bucketBytes(Curve curve) {
        return curve.xyzzBytes * bucketCount();
    }

    /** The reduction's first stage: a sum and a total (XYZZ each) per run; each later stage needs half. */
    public long partialBytes(Curve curve) {
        return 2 * curve.xyzzBytes * runs();
    }

    /** Per slot: its first bucket and its tail's bucket (u32 each), its head and tail sums (XYZZ each). */
    public long slotBytes(Curve curve) {
        return (8 + 2 * curve.xyzzBytes) * slotCount();
    }

    /** Everything one MSM allocates besides its points (or their copies) and scalars (the scalar stage included). */
    public long workspaceBytes(Curve curve) {
        return indexBytes() + bucketBytes(curve) + 2 * partialBytes(curve) + slotBytes(curve) + 32L * n;
    }
}
