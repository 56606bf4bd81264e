package io.c2spark.core.msm;

import io.c2spark.core.concurrent.ComputePool;
import io.c2spark.core.field.CoordinateField;
import io.c2spark.core.field.Fp2Lanes;
import io.c2spark.core.field.FpLanes;
import io.c2spark.core.field.Fr;
import io.c2spark.core.field.LaneSupport;
import java.math.BigInteger;
import java.util.Arrays;

/**
 * Multi-scalar multiplication sum_i s_i P_i on G1 and G2 by Pippenger's bucket method.
 *
 * <p>Inputs follow the shared layout: bases are affine points (G1: 12 longs, G2: 24 longs each;
 * all-zero = identity, skipped), scalars are Fr elements in Montgomery form ({@code long[4n]}).
 * The result is a Jacobian point (G1: 18 longs, G2: 36; identity has Z = 0).
 *
 * <p>Method: scalars are recoded into signed c-bit digits in [-2^(c-1), 2^(c-1)) (by adding
 * K = sum_w 2^(c w + c - 1) and subtracting 2^(c-1) from every window, so each window's digit is
 * read independently of the others); negative digits add the negated point, which halves the
 * buckets to 2^(c-1). Points come in chunks (see {@link #compute}); the windows take each chunk in
 * parallel on {@link ComputePool}, each accumulating into its own buckets with batched affine
 * additions ({@link BucketAccumulator}); at the end each window reduces its buckets by running sums
 * (batched too, segments side by side), and the window sums are combined by c doublings each. c
 * minimises a cost model of the multiplications (below). The top window, whose digits run only to
 * a few (e.g. 7 for c = 12), spreads each digit over several buckets. Scalars equal to one (a
 * circuit's bit signals) are summed apart by {@link BatchAddition}. Small inputs use Jacobian
 * buckets, where batching has nothing to batch. Where the native IFMA kernel runs, G1's and G2's
 * batch-affine buckets, their reductions and the scalar-one sums go there ({@link IfmaMsm}); the
 * plan (c, recoding, chunks, windows in parallel) stays here.
 * The public entry points work on coordinates converted, chunk by chunk, to 56-bit limbs
 * ({@link Fp56}: faster than the shared layout, its additions needing no carry detection and its
 * multiplication no re-cutting).
 */
public final class Msm {
    /** Below this many points, Jacobian buckets (no batch inversion to amortise). */
    static final int BATCH_AFFINE_MIN = 1 << 10;
    /** Points per chunk (a multiple of 64): 29 MB of G1 points in the working form and 10 MB of recoded scalars. */
    static final int CHUNK = 1 << 18;
    /** With c = 1 the digits {-1, 0} cannot express a positive scalar: 2 is the smallest window. */
    static final int MIN_WINDOW = 2;
    static final int MAX_WINDOW = 18;
    /**
     * The widest window the cost model picks for batch-affine buckets: wider ones' buckets (7 and 15
     * MB for G1 at c = 17 and 18) miss the caches more than their fewer windows save (G1 at 2^22 is
     * slower at c = 17 and slower again at 18 than at 16).
     */
    static final int MAX_AFFINE_WINDOW = 16;
    /** Field multiplications per point per window: batch-affine (3 + 3 + amortised inversion) and Jacobian mixed (7M + 4S). */
    private static final double AFFINE_ADD_COST = 6.5;
    private static final double MIXED_ADD_COST = 11;
    /**
     * Per bucket per window in the reduction: two batch-affine additions ({@link BucketAccumulator}),
     * or one mixed and one full Jacobian addition.
     */
    private static final double AFFINE_REDUCE_COST = 2 * AFFINE_ADD_COST;
    private static final double JACOBIAN_REDUCE_COST = 27;
    private Msm() {
    }

    /** sum s_i P_i over G1: bases 12 longs per point, scalars 4 longs each; returns 18 longs (Jacobian). */
    public static long[] g1(long[] bases, long[] scalars) {
        return inWorkingForm(CoordinateField.FP56, "G1", bases, scalars, 0, null);
    }

    /** sum s_i P_i over G2: bases 24 longs per point, scalars 4 longs each; returns 36 longs (Jacobian). */
    public static long[] g2(long[] bases, long[] scalars) {
        return inWorkingForm(CoordinateField.FP2_56, "G2", bases, scalars, 0, null);
    }

    /** Runs the MSM in f's working form over shared-layout bases and converts the result back. */
    static long[] inWorkingForm(CoordinateField f, String group, long[] bases, long[] scalars, int window, Boolean batchAffine) {
        return f.toStandard(compute(f, group, bases, scalars, window, batchAffine));
    }

    private static void checkLengths(String group, long[] bases, long[] scalars, int pl) {
        if (scalars.length % 4 != 0) {
            throw new IllegalArgumentException(group + " MSM: scalars array length " + scalars.length
                    + " is not a multiple of 4 (Fr limbs)");
        }
        int n = scalars.length / 4;
        if (bases.length != (long) n * pl) {
            throw new IllegalArgumentException(group + " MSM: " + n + " scalars but bases array holds "
                    + bases.length + " longs (expected " + (long) n * pl + ", " + pl + " per affine point)");
        }
    }

    /**
     * The MSM in f's working form, its result there; bases in the shared layout, an explicit window
     * (0 = chosen by size) and bucket method (null = chosen by size), for tests and tuning. Points and
     * scalars are taken {@link #CHUNK} at a time: each chunk's bases are converted to the working form
     * and its scalars recoded into one reused buffer, then every window's buckets take the chunk, the
     * windows in parallel. A 2^22-point MSM so needs 40 MB of buffers where a whole working-form copy
     * and recoding took 640 MB, fresh memory that costs about a second per gigabyte on this VM.
     */
    static long[] compute(CoordinateField f, String group, long[] bases, long[] scalars, int window, Boolean batchAffine) {
        return compute(f, group, bases, scalars, window, batchAffine, CHUNK);
    }

    /** With points taken chunkPoints (a positive multiple of 64) at a time, for tests of the chunking. */
    static long[] compute(CoordinateField f, String group, long[] bases, long[] scalars, int window, Boolean batchAffine,
            int chunkPoints) {
        if (chunkPoints <= 0 || chunkPoints % 64 != 0) {
            throw new IllegalArgumentException(group + " MSM: chunks of " + chunkPoints + " points, not a multiple of 64");
        }
        int l = f.limbs;
        int pl = 2 * l;
        int spl = 2 * f.standardLimbs;
        checkLengths(group, bases, scalars, spl);
        int n = scalars.length / 4;
        long[] result = new long[3 * l];
        if (n == 0) {
            return result;
        }
        boolean affine = batchAffine != null ? batchAffine : n >= BATCH_AFFINE_MIN;
        if (window != 0 && (window < MIN_WINDOW || window > MAX_WINDOW)) {
            throw new IllegalArgumentException(group + " MSM: window " + window + " outside " + MIN_WINDOW + ".." + MAX_WINDOW);
        }
        int c = window > 0 ? window : windowBits(n, affine);
        int windows = windowCount(c);
        int topSpread = topWindowSpread(c, windows);
        long[] offset = offsetLimbs(c, windows);
        int chunk = Math.min(n, chunkPoints);
        long[] ones = affine ? new long[(n + 63) / 64] : null;
        int batch = batchSize(1 << (c - 1));
        long[] sums;
        long[] onesSum = null;
        if (affine && (f == CoordinateField.FP56 || f == CoordinateField.FP2_56) && IfmaKernel.AVAILABLE) {
            sums = IfmaMsm.windowSums(f, group, bases, scalars, c, windows, topSpread, offset, chunk, batch, ones);
            onesSum = Arrays.copyOfRange(sums, windows * 3 * l, (windows + 1) * 3 * l);
        } else {
            sums = windowSums(f, bases, scalars, c, windows, topSpread, offset, chunk, batch, affine, ones);
            if (ones != null && any(ones)) {
                onesSum = BatchAddition.sumInWorkingForm(f, group, bases, ones, n);
            }
        }
        PointOps ops = new PointOps(f);
        System.arraycopy(sums, (windows - 1) * 3 * l, result, 0, 3 * l);
        for (int w = windows - 2; w >= 0; w--) {
            for (int j = 0; j < c; j++) {
                ops.dbl(result, 0);
            }
            ops.add(result, 0, sums, w * 3 * l);
        }
        if (onesSum != null) {
            ops.add(result, 0, onesSum, 0);
        }
        return result;
    }

    /** Every window's sum (Jacobian, f's working form) in Java: the bucket method of {@link #compute}. */
    private static long[] windowSums(CoordinateField f, long[] bases, long[] scalars, int c, int windows, int topSpread,
            long[] offset, int chunk, int batch, boolean affine, long[] ones) {
        int n = scalars.length / 4;
        int l = f.limbs;
        int pl = 2 * l;
        int spl = 2 * f.standardLimbs;
        long[] points = new long[chunk * pl];
        long[] digits = new long[5 * chunk];
        boolean[] identity = new boolean[chunk];
        BucketAccumulator[] acc = new BucketAccumulator[affine ? windows : 0];
        long[][] jacobian = new long[affine ? 0 : windows][];
        ComputePool.forRange(0, windows, 1, (from, to) -> {
            for (int w = from; w < to; w++) {
                if (affine) {
                    acc[w] = new BucketAccumulator(f, 1 << (c - 1), batch, affineBatch(f, batch));
                    acc[w].reset(w == windows - 1 ? topSpread : 0);
                } else {
                    jacobian[w] = new long[(1 << (c - 1)) * 3 * l];
                }
            }
        });
        forEachChunk(n, chunk, (first, from, to) -> {
            for (int i = from; i < to; i++) {
                f.fromStandard(bases, (first + i) * spl, points, i * pl);
                f.fromStandard(bases, (first + i) * spl + spl / 2, points, i * pl + l);
                identity[i] = f.isZero(points, i * pl) && f.isZero(points, i * pl + l);
            }
            recode(scalars, first, from, to, offset, digits, ones);
        }, (first, count) -> {
            ComputePool.forRange(0, windows, 1, (from, to) -> {
                PointOps ops = affine ? null : new PointOps(f);
                for (int w = from; w < to; w++) {
                    if (affine) {
                        acc[w].bases(points);
                        for (int i = 0; i < count; i++) {
                            int d = digit(digits, i, w, c);
                            if (d != 0 && !identity[i]) {
                                acc[w].add(i, d);
                            }
                        }
                        acc[w].finish();
                    } else {
                        jacobianWindow(ops, points, identity, digits, count, w, c, jacobian[w]);
                    }
                }
            });
        });
        long[] sums = new long[windows * 3 * l];
        ComputePool.forRange(0, windows, 1, (from, to) -> {
            PointOps ops = new PointOps(f);
            for (int w = from; w < to; w++) {
                if (affine) {
                    acc[w].reduce(sums, w * 3 * l);
                } else {
                    sumBuckets(ops, jacobian[w], sums, w * 3 * l);
                }
            }
        });
        return sums;
    }

    /** What a chunk's preparation does with points [from, to) of the chunk that starts at point first. */
    interface ChunkPart {
        void prepare(int first, int from, int to);
    }

    /** What the windows do with a prepared chunk of count points from point first. */
    interface ChunkWindows {
        void take(int first, int count);
    }

    /**
     * The chunk loop of the bucket methods (Java's and the IFMA kernel's): for each chunk of the
     * n points, its preparation (bases to the working form, scalars recoded) in parallel by whole
     * 64-point words, then the windows' turn.
     */
    static void forEachChunk(int n, int chunk, ChunkPart part, ChunkWindows windows) {
        for (int lo = 0; lo < n; lo += chunk) {
            int first = lo;
            int count = Math.min(chunk, n - lo);
            // By whole words of the ones bitmap (chunks start at multiples of 64), so that no two tasks share one.
            ComputePool.forRange(0, (count + 63) >>> 6, 1 << 6,
                    (fromWord, toWord) -> part.prepare(first, fromWord << 6, Math.min(count, toWord << 6)));
            windows.take(first, count);
        }
    }

    /**
     * G1 and G2 in the working form take their batches eight at a time in SIMD lanes where the JVM
     * has the Vector API module (c2spark's launchers and tests add it); anything else, one at a time.
     */
    static AffineBatch affineBatch(CoordinateField f, int batchSize) {
        if (LaneSupport.AVAILABLE && f == CoordinateField.FP56) {
            return new LaneAffineBatch(new FpLanes(), batchSize);
        }
        if (LaneSupport.AVAILABLE && f == CoordinateField.FP2_56) {
            return new LaneAffineBatch(new Fp2Lanes(), batchSize);
        }
        return new ScalarAffineBatch(f, batchSize);
    }

    /** The window minimising windows * (n * addCost + 2^(c-1) * reduceCost). */
    static int windowBits(int n, boolean affine) {
        double add = affine ? AFFINE_ADD_COST : MIXED_ADD_COST;
        double reduce = affine ? AFFINE_REDUCE_COST : JACOBIAN_REDUCE_COST;
        int best = MIN_WINDOW;
        double bestCost = Double.MAX_VALUE;
        for (int c = MIN_WINDOW; c <= (affine ? MAX_AFFINE_WINDOW : MAX_WINDOW); c++) {
            double cost = windowCount(c) * (n * add + (1 << (c - 1)) * reduce);
            if (cost < bestCost) {
                bestCost = cost;
                best = c;
            }
        }
        return best;
    }

    /**
     * A quarter of the buckets per batch, at most 2048. One inversion costs about 150 multiplications
     * here (BigInteger gcd), so a batch of 128 would add 1.2 multiplications to each
     * 6.5-multiplication addition; with 1/4 of the buckets pending, about 1 point in 8 waits a batch.
     */
    static int batchSize(int buckets) {
        return Math.max(1, Math.min(2048, buckets / 4));
    }

    /** The smallest W with (r - 1) + K < 2^(c W), K = sum_{w < W} 2^(c w + c - 1): the recoding fits. */
    static int windowCount(int c) {
        BigInteger max = Fr.MODULUS.subtract(BigInteger.ONE);
        for (int w = 1;; w++) {
            if (max.add(offset(c, w)).bitLength() <= c * w) {
                return w;
            }
        }
    }

    private static BigInteger offset(int c, int windows) {
        BigInteger k = BigInteger.ZERO;
        for (int w = 0; w < windows; w++) {
            k = k.setBit(c * w + c - 1);
        }
        return k;
    }

    /**
     * log2 of the buckets each digit of the top window gets (see {@link BucketAccumulator#reset}):
     * its digits run from 0 to only (r - 1 + K) / 2^(c (W - 1)) - 2^(c - 1), e.g. 7 for c = 12,
     * where every other window has 2^(c-1). At least 8 buckets per digit where they fit, else 0.
     */
    static int topWindowSpread(int c, int windows) {
        int top = Fr.MODULUS.subtract(BigInteger.ONE).add(offset(c, windows)).shiftRight(c * (windows - 1)).intValue()
                - (1 << (c - 1));
        if (top < 1) {
            return 0;
        }
        int spread = (c - 1) - (32 - Integer.numberOfLeadingZeros(top - 1));
        return spread >= 3 ? spread : 0;
    }

    /** K as 5 little-endian limbs. */
    private static long[] offsetLimbs(int c, int windows) {
        BigInteger k = offset(c, windows);
        long[] kl = new long[5];
        for (int i = 0; i < 5; i++) {
            kl[i] = k.shiftRight(64 * i).longValue();
        }
        return kl;
    }

    /**
     * Scalars first + from .. first + to - 1, canonical + K, as 5 little-endian limbs each at
     * out[5 (i - first)]. Where a bitmap is given, scalars equal to 1 are marked there (bit first + i)
     * and recoded as 0: the caller sums their points by batch addition. Left in, they would all land
     * in window 0's first bucket, one addition (and one inversion) per batch; circuits' bit signals
     * make many of them.
     */
    static void recode(long[] scalars, int first, int from, int to, long[] offset, long[] out, long[] ones) {
        long[] s = new long[4];
        long[] oneCanonical = {1, 0, 0, 0};
        for (int i = from; i < to; i++) {
            int at = first + i;
            Fr.mul(scalars, 4 * at, oneCanonical, 0, s, 0);
            if (ones != null && s[0] == 1 && (s[1] | s[2] | s[3]) == 0) {
                ones[at >>> 6] |= 1L << at;
                s[0] = 0;
            }
            long carry = 0;
            for (int j = 0; j < 5; j++) {
                long a = j < 4 ? s[j] : 0;
                long sum = a + offset[j];
                long c1 = Long.compareUnsigned(sum, a) < 0 ? 1 : 0;
                long sum2 = sum + carry;
                long c2 = Long.compareUnsigned(sum2, sum) < 0 ? 1 : 0;
                out[5 * i + j] = sum2;
                carry = c1 + c2;
            }
        }
    }

    /** Signed digit of scalar i in window w: bits [c w, c w + c) of the recoded scalar minus 2^(c-1). */
    static int digit(long[] recoded, int i, int w, int c) {
        int bit = w * c;
        int limb = bit >>> 6;
        int sh = bit & 63;
        int o = 5 * i + limb;
        long v = recoded[o] >>> sh;
        if (sh + c > 64 && limb < 4) {
            v |= recoded[o + 1] << (64 - sh);
        }
        return (int) (v & ((1L << c) - 1)) - (1 << (c - 1));
    }

    private static boolean any(long[] bitmap) {
        for (long word : bitmap) {
            if (word != 0) {
                return true;
            }
        }
        return false;
    }

    /** Adds a chunk's points to one window's Jacobian buckets b by mixed additions. */
    private static void jacobianWindow(PointOps ops, long[] bases, boolean[] identity, long[] digits, int n, int w,
            int c, long[] b) {
        CoordinateField f = ops.f;
        int l = f.limbs;
        int pl = 2 * l;
        long[] neg = new long[pl];
        for (int i = 0; i < n; i++) {
            int d = digit(digits, i, w, c);
            if (d == 0 || identity[i]) {
                continue;
            }
            if (d > 0) {
                ops.addMixed(b, (d - 1) * 3 * l, bases, i * pl);
            } else {
                System.arraycopy(bases, i * pl, neg, 0, l);
                f.neg(bases, i * pl + l, neg, l);
                ops.addMixed(b, (-d - 1) * 3 * l, neg, 0);
            }
        }
    }

    /** out = sum_k (k + 1) b_k over Jacobian buckets, by running sums. */
    private static void sumBuckets(PointOps ops, long[] b, long[] out, int oo) {
        int l = ops.f.limbs;
        long[] running = new long[3 * l];
        ops.setIdentity(running, 0);
        ops.setIdentity(out, oo);
        for (int k = b.length / (3 * l) - 1; k >= 0; k--) {
            ops.add(running, 0, b, k * 3 * l);
            ops.add(out, oo, running, 0);
        }
    }
}
