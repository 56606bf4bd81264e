package io.c2spark.core.msm;

/**
 * G1's batch of affine additions eight at a time, in {@link Fp49Lanes}' SIMD lanes (see
 * {@link AffineBatch}). Buckets and bases stay in {@link Fp56}'s canonical form; each addition's
 * coordinates are re-cut into a lane on the way in and reduced and re-cut on the way out.
 *
 * <p>Pass 1 takes x_P - x_B and y_P -+ y_B for each group of eight and the running products of the
 * denominators, lane by lane. The eight lanes' products are inverted together (Montgomery's trick
 * again, in {@link Fp56}, with one inversion). Pass 2 walks the groups back, peeling each group's
 * inverses off the running inverse, and finishes its additions. Six multiplications per addition,
 * as in {@link ScalarAffineBatch}, at about half the cost each.
 *
 * <p>The lanes of group g + 1 (pass 1) or g - 1 (pass 2) are re-cut while group g is computed, into
 * the other half of double buffers: a vector load of data just written by eight scalar stores cannot
 * be forwarded from the store buffer and waits for the stores to retire.
 */
final class LaneAffineBatch implements AffineBatch {
    private static final int L = Fp56.LIMBS;
    private static final int PL = 2 * L;
    private static final int G = Fp49Lanes.GROUP;
    private static final int LANES = Fp49Lanes.LANES;

    private final Fp49Lanes f = new Fp49Lanes();
    private final long[] dx;
    private final long[] dy;
    private final long[] prefix;
    /** Lanes of -P additions, padded to whole groups. */
    private final boolean[] negated;
    /** Double buffers (two groups each) of the bucket's x and y and the point's x and y. */
    private final long[] xb = new long[2 * G];
    private final long[] yb = new long[2 * G];
    private final long[] xp = new long[2 * G];
    private final long[] yp = new long[2 * G];
    private final long[] u = new long[G];
    private final long[] v = new long[G];
    private final long[] inv = new long[G];
    private final long[] lambda = new long[G];
    /** The eight lanes' running products as Fp56 elements, and batchInverse's scratch. */
    private final long[] laneTotals = new long[LANES * L];
    private final long[] scratch = new long[LANES * L];
    /** Where {@link #touch} leaves its loads, so that they are not optimised away. */
    private long sink;

    LaneAffineBatch(int batchSize) {
        int groups = (batchSize + LANES - 1) / LANES;
        this.dx = new long[groups * G];
        this.dy = new long[groups * G];
        this.prefix = new long[groups * G];
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
            int go = g * G;
            int bo = (g & 1) * G;
            if (g + 2 < groups) {
                touch(buckets, bucket, n, g + 2);
            }
            if (g + 1 < groups) {
                gatherForPass1(buckets, bases, bucket, point, n, g + 1);
            }
            Fp49Lanes.sub(xp, bo, xb, bo, dx, go);
            Fp49Lanes.sub(yp, bo, yb, bo, u, 0);
            Fp49Lanes.add(yp, bo, yb, bo, v, 0);
            Fp49Lanes.select(u, 0, v, 0, negated, g * LANES, dy, go);
            if (g == 0) {
                System.arraycopy(dx, 0, prefix, 0, G);
            } else {
                f.mul(prefix, go - G, dx, go, prefix, go);
            }
        }
        invertLanes(prefix, (groups - 1) * G);
        gatherForPass2(buckets, bases, bucket, point, n, groups - 1);
        for (int g = groups - 1; g >= 0; g--) {
            int go = g * G;
            int bo = (g & 1) * G;
            if (g > 0) {
                gatherForPass2(buckets, bases, bucket, point, n, g - 1);
                f.mul(inv, 0, prefix, go - G, lambda, 0);
                f.mul(inv, 0, dx, go, inv, 0);
                f.mul(dy, go, lambda, 0, lambda, 0);
            } else {
                f.mul(dy, go, inv, 0, lambda, 0);
            }
            // x3 = lambda^2 - x_B - x_P, y3 = lambda (x_B - x3) - y_B; for -P the slope is -lambda.
            Fp49Lanes.add(xb, bo, xp, bo, u, 0);
            f.mul(lambda, 0, lambda, 0, xp, bo);
            Fp49Lanes.sub(xp, bo, u, 0, xp, bo);
            f.canonical(xp, bo);
            Fp49Lanes.sub(xb, bo, xp, bo, u, 0);
            Fp49Lanes.sub(xp, bo, xb, bo, v, 0);
            Fp49Lanes.select(u, 0, v, 0, negated, g * LANES, u, 0);
            f.mul(lambda, 0, u, 0, u, 0);
            Fp49Lanes.sub(u, 0, yb, bo, u, 0);
            f.canonical(u, 0);
            for (int j = 0; j < LANES; j++) {
                int i = g * LANES + j;
                if (i < n && bucket[i] >= 0) {
                    int o = bucket[i] * PL;
                    Fp49Lanes.store(xp, bo, j, buckets, o);
                    Fp49Lanes.store(u, 0, j, buckets, o + L);
                }
            }
        }
    }

    /** Re-cuts group g's coordinates into half g & 1 of the buffers and marks its same-x lanes. */
    private void gatherForPass1(long[] buckets, long[] bases, int[] bucket, int[] point, int n, int g) {
        int bo = (g & 1) * G;
        for (int j = 0; j < LANES; j++) {
            int i = g * LANES + j;
            int b = i < n ? bucket[i] * PL : 0;
            int p = i < n ? point[i] * PL : 0;
            if (i >= n || Coordinates.FP56.equal(bases, p, buckets, b)) {
                // Padding, or a same-x addition left to the caller: a harmless non-zero denominator
                // for the batch inversion.
                Fp49Lanes.set(xp, bo, j, Fp49Lanes.ONE);
                Fp49Lanes.set(xb, bo, j, Fp49Lanes.ZERO);
                if (i < n) {
                    bucket[i] = ~bucket[i];
                }
                continue;
            }
            Fp49Lanes.load(bases, p, xp, bo, j);
            Fp49Lanes.load(buckets, b, xb, bo, j);
            Fp49Lanes.load(bases, p + L, yp, bo, j);
            Fp49Lanes.load(buckets, b + L, yb, bo, j);
        }
    }

    /** Re-cuts the bucket's x and y and the point's x of group g's additions into half g & 1. */
    private void gatherForPass2(long[] buckets, long[] bases, int[] bucket, int[] point, int n, int g) {
        int bo = (g & 1) * G;
        for (int j = 0; j < LANES; j++) {
            int i = g * LANES + j;
            if (i < n && bucket[i] >= 0) {
                int b = bucket[i] * PL;
                Fp49Lanes.load(buckets, b, xb, bo, j);
                Fp49Lanes.load(buckets, b + L, yb, bo, j);
                Fp49Lanes.load(bases, point[i] * PL, xp, bo, j);
            }
        }
    }

    /**
     * Loads one long from each cache line of group g's buckets, so that their misses overlap (eight
     * at a time) before the group is re-cut; the buckets are scattered over megabytes.
     */
    private void touch(long[] buckets, int[] bucket, int n, int g) {
        long s = sink;
        for (int j = 0, i = g * LANES; j < LANES && i < n; j++, i++) {
            int b = bucket[i] * PL;
            s ^= buckets[b] ^ buckets[b + L] ^ buckets[b + PL - 1];
        }
        sink = s;
    }

    /** inv = the lane-wise inverses of the group at values[vo] (non-zero, below 4p), by Fp56's batch inversion. */
    private void invertLanes(long[] values, int vo) {
        System.arraycopy(values, vo, u, 0, G);
        f.canonical(u, 0);
        for (int j = 0; j < LANES; j++) {
            Fp49Lanes.store(u, 0, j, laneTotals, j * L);
        }
        Coordinates.FP56.batchInverse(laneTotals, 0, LANES, scratch);
        for (int j = 0; j < LANES; j++) {
            Fp49Lanes.load(laneTotals, j * L, inv, 0, j);
        }
    }
}
