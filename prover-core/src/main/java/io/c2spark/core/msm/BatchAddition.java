package io.c2spark.core.msm;

import io.c2spark.core.concurrent.ComputePool;
import io.c2spark.core.field.CoordinateField;

/**
 * The sum of the affine points selected by a bitmap (bit i of {@code bitmap[i >>> 6]} selects point
 * i): the MSM of 0/1 scalars that PoRep witnesses, mostly bits, reduce to.
 *
 * <p>Each chunk of {@link #CHUNK} indices gathers its selected points and halves them level by
 * level, adding neighbours in affine coordinates with one batched inversion per level (the MSM's
 * {@link AffineBatch}, in SIMD lanes where the JVM has them; about 6 multiplications per addition
 * against 11 for Jacobian mixed additions); the last few points and
 * the chunk sums are added in Jacobian coordinates. Chunks run in parallel on
 * {@link ComputePool}. Identity bases (all zero) are skipped; a pair meeting its own point is
 * doubled and a pair meeting its negation drops out. Where the native kernel runs, G1 and G2 go
 * there instead ({@link IfmaMsm#selectedSum}).
 */
public final class BatchAddition {
    /** Indices per chunk: its selected points (at most 4096 G1 points, 384 KiB) stay in L2. */
    static final int CHUNK = 1 << 12;
    /** Below this many points a level is not worth an inversion; they are added in Jacobian. */
    private static final int JACOBIAN_TAIL = 16;

    private BatchAddition() {
    }

    /** Sum of the selected G1 points (12 longs each); returns 18 longs (Jacobian). */
    public static long[] g1(long[] bases, long[] bitmap, int count) {
        return sum(CoordinateField.FP56, "G1", bases, bitmap, count);
    }

    /** Sum of the selected G2 points (24 longs each); returns 36 longs (Jacobian). */
    public static long[] g2(long[] bases, long[] bitmap, int count) {
        return sum(CoordinateField.FP2_56, "G2", bases, bitmap, count);
    }

    /** bases in the shared layout; the selected points are converted to f's working form as they are gathered. */
    static long[] sum(CoordinateField f, String group, long[] bases, long[] bitmap, int count) {
        return f.toStandard(sumSelected(f, group, bases, true, bitmap, count));
    }

    /** bases in the shared layout (the MSM's points with scalar one); returns their Jacobian sum in f's working form. */
    static long[] sumInWorkingForm(CoordinateField f, String group, long[] bases, long[] bitmap, int count) {
        return sumSelected(f, group, bases, true, bitmap, count);
    }

    private static long[] sumSelected(CoordinateField f, String group, long[] bases, boolean standard, long[] bitmap, int count) {
        int l = f.limbs;
        int pl = 2 * l;
        int spl = standard ? 2 * f.standardLimbs : pl;
        if (count < 0 || bases.length < (long) count * spl) {
            throw new IllegalArgumentException(group + " batch addition: " + count + " points need "
                    + (long) count * spl + " longs of bases, got " + bases.length);
        }
        if (bitmap.length < (count + 63) / 64) {
            throw new IllegalArgumentException(group + " batch addition: bitmap has " + bitmap.length
                    + " words, " + (count + 63) / 64 + " needed for " + count + " points");
        }
        if (standard && (f == CoordinateField.FP56 || f == CoordinateField.FP2_56) && IfmaKernel.AVAILABLE) {
            return IfmaMsm.selectedSum(f, group, bases, bitmap, count);
        }
        int chunks = (count + CHUNK - 1) / CHUNK;
        long[] sums = new long[Math.max(1, chunks) * 3 * l];
        ComputePool.forRange(0, chunks, 1, (from, to) -> {
            PointOps ops = new PointOps(f);
            long[] work = new long[CHUNK * pl];
            Level level = new Level(f, ops);
            for (int c = from; c < to; c++) {
                int lo = c * CHUNK;
                int hi = Math.min(count, lo + CHUNK);
                int k = gather(f, bases, standard, bitmap, lo, hi, work);
                while (k > JACOBIAN_TAIL) {
                    k = level.halve(work, k);
                }
                int so = c * 3 * l;
                ops.setIdentity(sums, so);
                for (int i = 0; i < k; i++) {
                    ops.addMixed(sums, so, work, i * pl);
                }
            }
        });
        PointOps ops = new PointOps(f);
        long[] result = new long[3 * l];
        for (int c = 0; c < chunks; c++) {
            ops.add(result, 0, sums, c * 3 * l);
        }
        return result;
    }

    /** Copies the selected, non-identity points of [lo, hi) into work, converted where standard; returns how many. */
    private static int gather(CoordinateField f, long[] bases, boolean standard, long[] bitmap, int lo, int hi, long[] work) {
        int sl = standard ? f.standardLimbs : f.limbs;
        int pl = 2 * f.limbs;
        int k = 0;
        for (int i = lo; i < hi; i++) {
            int o = 2 * sl * i;
            if ((bitmap[i >>> 6] >>> (i & 63) & 1) != 0 && !(isZero(bases, o, 2 * sl))) {
                if (standard) {
                    f.fromStandard(bases, o, work, k * pl);
                    f.fromStandard(bases, o + sl, work, k * pl + f.limbs);
                } else {
                    System.arraycopy(bases, o, work, k * pl, pl);
                }
                k++;
            }
        }
        return k;
    }

    private static boolean isZero(long[] a, int ao, int len) {
        long acc = 0;
        for (int i = 0; i < len; i++) {
            acc |= a[ao + i];
        }
        return acc == 0;
    }

    /** One thread's means of halving a level: the batch of pair additions and its index arrays. */
    private static final class Level {
        private final CoordinateField f;
        private final PointOps ops;
        private final AffineBatch additions;
        private final int[] target = new int[CHUNK / 2];
        private final int[] source = new int[CHUNK / 2];
        private final boolean[] negated = new boolean[CHUNK / 2];

        Level(CoordinateField f, PointOps ops) {
            this.f = f;
            this.ops = ops;
            this.additions = Msm.affineBatch(f, CHUNK / 2);
        }

        /**
         * Replaces the k points of work by the sums of neighbouring pairs (and the odd one out), in
         * place; returns the new count (pairs that cancel drop out).
         */
        int halve(long[] work, int k) {
            int l = f.limbs;
            int pl = 2 * l;
            int pairs = k / 2;
            for (int j = 0; j < pairs; j++) {
                target[j] = 2 * j;
                source[j] = 2 * j + 1;
            }
            additions.run(work, work, target, source, negated, pairs);
            int m = 0;
            for (int j = 0; j < pairs; j++) {
                int p = 2 * j * pl;
                if (target[j] < 0 && !ops.addSameX(work, p, work, p + pl, false)) {
                    continue;
                }
                System.arraycopy(work, p, work, m * pl, pl);
                m++;
            }
            if (k % 2 == 1) {
                System.arraycopy(work, (k - 1) * pl, work, m * pl, pl);
                m++;
            }
            return m;
        }
    }
}
