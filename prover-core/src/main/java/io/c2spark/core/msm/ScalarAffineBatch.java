package io.c2spark.core.msm;

import io.c2spark.core.field.CoordinateField;

/** A batch of affine additions one at a time, in any coordinate field (see {@link AffineBatch}). */
final class ScalarAffineBatch implements AffineBatch {
    private final CoordinateField f;
    private final int l;
    private final int pl;
    private final long[] dx;
    private final long[] dy;
    private final long[] scratch;
    private final long[] t;

    ScalarAffineBatch(CoordinateField f, int batchSize) {
        this.f = f;
        this.l = f.limbs;
        this.pl = 2 * l;
        this.dx = new long[batchSize * l];
        this.dy = new long[batchSize * l];
        this.scratch = new long[batchSize * l];
        this.t = new long[3 * l];
    }

    @Override
    public void run(long[] buckets, long[] base, int[] bucket, int[] point, boolean[] neg, int n) {
        for (int i = 0; i < n; i++) {
            int bo = bucket[i] * pl;
            int po = point[i] * pl;
            // The slope's numerator is taken here too, so that the bucket's and the point's y are
            // fetched while their x are (one wait for memory per addition instead of two).
            if (neg[i]) {
                f.add(base, po + l, buckets, bo + l, dy, i * l);
            } else {
                f.sub(base, po + l, buckets, bo + l, dy, i * l);
            }
            f.sub(base, po, buckets, bo, dx, i * l);
            if (f.isZero(dx, i * l)) {
                // The slot gets a harmless non-zero value for the batch inversion.
                f.setOne(dx, i * l);
                bucket[i] = ~bucket[i];
            }
        }
        f.batchInverse(dx, 0, n, scratch);
        for (int i = 0; i < n; i++) {
            if (bucket[i] < 0) {
                continue;
            }
            int bo = bucket[i] * pl;
            int po = point[i] * pl;
            int io = i * l;
            // lambda = (y_P - y_B) / (x_P - x_B); for -P, lambda' = (y_P + y_B) / (x_P - x_B) = -lambda.
            f.mul(dy, io, dx, io, t, 0);
            f.sqr(t, 0, t, l);
            f.sub(t, l, buckets, bo, t, l);
            f.sub(t, l, base, po, t, l);
            if (neg[i]) {
                f.sub(t, l, buckets, bo, t, 2 * l);
            } else {
                f.sub(buckets, bo, t, l, t, 2 * l);
            }
            f.mul(t, 0, t, 2 * l, t, 2 * l);
            f.sub(t, 2 * l, buckets, bo + l, buckets, bo + l);
            System.arraycopy(t, l, buckets, bo, l);
        }
    }
}
