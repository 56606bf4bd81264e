package io.c2spark.core.msm;

import io.c2spark.core.field.CoordinateField;
import io.c2spark.core.field.Fp49Lanes;
import io.c2spark.core.field.LaneField;

/**
 * A batch of affine additions (see {@link AffineBatch}) eight at a time in SIMD lanes, over a
 * {@link LaneField}: Fp for G1, Fp2 for G2. Buckets and bases stay in
 * the Fp56 working form; each addition's coordinates are re-cut into a lane on the way in and
 * reduced and re-cut on the way out.
 *
 * <p>Pass 1 re-cuts each group of eight additions' coordinates into lanes, keeping the bucket's x
 * and y and the point's x for pass 2, and takes x_P - x_B and y_P -+ y_B and the running products
 * of the denominators, lane by lane. The eight lanes' products are inverted together (Montgomery's
 * trick again, in the working form, with one inversion). Pass 2 walks the groups back, peeling each
 * group's inverses off the running inverse, and finishes its additions from the kept lanes. Six
 * multiplications per addition, as in {@link ScalarAffineBatch}, at about half the cost each.
 *
 * <p>The lanes of group g + 1 are re-cut while group g is computed: a vector load of data just
 * written by eight scalar stores cannot be forwarded from the store buffer and waits for the
 * stores to retire.
 */
final class LaneAffineBatch implements AffineBatch {
    private static final int LANES = Fp49Lanes.LANES;

    private final LaneField f;
    private final CoordinateField c;
    /** Limbs of a coordinate and of a point in the working form; longs of a group of eight in lanes. */
    private final int l;
    private final int pl;
    private final int gl;
    private final long[] dx;
    private final long[] dy;
    private final long[] prefix;
    /** Lanes of -P additions, padded to whole groups. */
    private final boolean[] negated;
    /** The batch's bucket x and y and point x in lanes, group by group; the point's y double-buffered. */
    private final long[] xb;
    private final long[] yb;
    private final long[] xp;
    private final long[] yp;
    private final long[] x3;
    private final long[] u;
    private final long[] v;
    private final long[] inv;
    private final long[] lambda;
    /** The eight lanes' running products in the working form, and batchInverse's scratch. */
    private final long[] laneTotals;
    private final long[] scratch;
    /** Where {@link #touch} leaves its loads, so that they are not optimised away. */
    private long sink;

    LaneAffineBatch(LaneField f, int batchSize) {
        this.f = f;
        this.c = f.coordinates();
        this.l = c.limbs;
        this.pl = 2 * c.limbs;
        this.gl = f.groupLongs();
        int groups = (batchSize + LANES - 1) / LANES;
        this.xb = new long[groups * gl];
        this.yb = new long[groups * gl];
        this.xp = new long[groups * gl];
        this.yp = new long[2 * gl];
        this.x3 = new long[gl];
        this.u = new long[gl];
        this.v = new long[gl];
        this.inv = new long[gl];
        this.lambda = new long[gl];
        this.laneTotals = new long[LANES * l];
        this.scratch = new long[LANES * l];
        this.dx = new long[groups * gl];
        this.dy = new long[groups * gl];
        this.prefix = new long[groups * gl];
        this.negated = new boolean[groups * LANES];
    }

    @Override
    public void run(long[] buckets, long[] bases, int[] bucket, int[] point, boolean[] neg, int n) {
        if (n == 0) {
            return;
        }
        int groups = (n + LANES - 1) / LANES;
        System.arraycopy(neg, 0, negated, 0, n);
        java.util.Arrays.fill(negated, n, groups * LANES, false);
        gatherForPass1(buckets, bases, bucket, point, n, 0);
        for (int g = 0; g < groups; g++) {
            int go = g * gl;
            int bo = (g & 1) * gl;
            if (g + 2 < groups) {
                touch(buckets, bucket, n, g + 2);
            }
            if (g + 1 < groups) {
                gatherForPass1(buckets, bases, bucket, point, n, g + 1);
            }
            f.sub(xp, go, xb, go, dx, go);
            f.sub(yp, bo, yb, go, u, 0);
            f.add(yp, bo, yb, go, v, 0);
            f.select(u, 0, v, 0, negated, g * LANES, dy, go);
            if (g == 0) {
                System.arraycopy(dx, 0, prefix, 0, gl);
            } else {
                f.mul(prefix, go - gl, dx, go, prefix, go);
            }
        }
        invertLanes(prefix, (groups - 1) * gl);
        for (int g = groups - 1; g >= 0; g--) {
            int go = g * gl;
            if (g > 0) {
                f.mul(inv, 0, prefix, go - gl, lambda, 0);
                f.mul(inv, 0, dx, go, inv, 0);
                f.mul(dy, go, lambda, 0, lambda, 0);
            } else {
                f.mul(dy, go, inv, 0, lambda, 0);
            }
            // x3 = lambda^2 - x_B - x_P, y3 = lambda (x_B - x3) - y_B; for -P the slope is -lambda.
            f.add(xb, go, xp, go, u, 0);
            f.mul(lambda, 0, lambda, 0, x3, 0);
            f.sub(x3, 0, u, 0, x3, 0);
            f.canonical(x3, 0);
            f.sub(xb, go, x3, 0, u, 0);
            f.sub(x3, 0, xb, go, v, 0);
            f.select(u, 0, v, 0, negated, g * LANES, u, 0);
            f.mul(lambda, 0, u, 0, u, 0);
            f.sub(u, 0, yb, go, u, 0);
            f.canonical(u, 0);
            for (int j = 0; j < LANES; j++) {
                int i = g * LANES + j;
                if (i < n && bucket[i] >= 0) {
                    int o = bucket[i] * pl;
                    f.store(x3, 0, j, buckets, o);
                    f.store(u, 0, j, buckets, o + l);
                }
            }
        }
    }

    /** Re-cuts group g's coordinates (the point's y into half g & 1 of its buffer) and marks its same-x lanes. */
    private void gatherForPass1(long[] buckets, long[] bases, int[] bucket, int[] point, int n, int g) {
        int go = g * gl;
        int bo = (g & 1) * gl;
        for (int j = 0; j < LANES; j++) {
            int i = g * LANES + j;
            int b = i < n ? bucket[i] * pl : 0;
            int p = i < n ? point[i] * pl : 0;
            if (i >= n || c.equal(bases, p, buckets, b)) {
                // Padding, or a same-x addition left to the caller: a harmless non-zero denominator
                // for the batch inversion.
                f.setOne(xp, go, j);
                f.setZero(xb, go, j);
                if (i < n) {
                    bucket[i] = ~bucket[i];
                }
                continue;
            }
            f.load(bases, p, xp, go, j);
            f.load(buckets, b, xb, go, j);
            f.load(bases, p + l, yp, bo, j);
            f.load(buckets, b + l, yb, go, j);
        }
    }

    /**
     * Loads one long from each cache line of group g's buckets, so that their misses overlap (eight
     * at a time) before the group is re-cut; the buckets are scattered over megabytes.
     */
    private void touch(long[] buckets, int[] bucket, int n, int g) {
        long s = sink;
        for (int j = 0, i = g * LANES; j < LANES && i < n; j++, i++) {
            int b = bucket[i] * pl;
            s ^= buckets[b] ^ buckets[b + l] ^ buckets[b + pl - 1];
        }
        sink = s;
    }

    /** inv = the lane-wise inverses of the group at values[vo] (non-zero, below 4p), by the working form's batch inversion. */
    private void invertLanes(long[] values, int vo) {
        System.arraycopy(values, vo, u, 0, gl);
        f.canonical(u, 0);
        for (int j = 0; j < LANES; j++) {
            f.store(u, 0, j, laneTotals, j * l);
        }
        c.batchInverse(laneTotals, 0, LANES, scratch);
        for (int j = 0; j < LANES; j++) {
            f.load(laneTotals, j * l, inv, 0, j);
        }
    }
}
