package io.c2spark.core.msm;

import io.c2spark.core.concurrent.ComputePool;
import io.c2spark.core.field.CoordinateField;
import io.c2spark.core.field.Fr;

/**
 * Many scalar multiples s_i P of one fixed point P, as Groth16 parameter generation needs them
 * (millions of multiples of the generator), written straight to the shared affine layout.
 *
 * <p>Method: a table of the multiples j 2^(c w) P for every window w and j = 1..2^(c-1) (affine);
 * each scalar is recoded into signed c-bit digits in (-2^(c-1), 2^(c-1)], so s P is the sum of one
 * table point (or its negation) per window: no doublings. Scalars are processed in batches whose
 * accumulators all take their next addition together in affine coordinates, with one batched
 * inversion per window (about 6 multiplications per addition against 11 for a Jacobian mixed
 * addition; the MSM's {@link AffineBatch}, in SIMD lanes where the JVM has them), and the results
 * come out affine without a final normalisation. An addition that meets its own point or its
 * negation (possible only for special scalars) doubles or empties its accumulator. Batches run in
 * parallel on {@link ComputePool}.
 */
public final class FixedBase {
    /** Scalars per batch: amortises the inversion (about 30 multiplications) to nothing. */
    private static final int BATCH = 1 << 9;
    /** Largest window: a G1 table of 16 windows of 2^15 points is 48 MiB. */
    public static final int MAX_WINDOW = 16;
    private static final long[] ONE_CANONICAL = {1, 0, 0, 0};

    private final CoordinateField f;
    private final int c;
    private final int windows;
    private final int half;
    /** Window w, multiple j (1..half) at ((w * half) + j - 1) * 2 limbs. */
    private final long[] table;

    private FixedBase(CoordinateField f, long[] base, int c) {
        if (c < 2 || c > MAX_WINDOW) {
            throw new IllegalArgumentException("fixed-base window " + c + " outside 2.." + MAX_WINDOW);
        }
        int spl = 2 * f.standardLimbs;
        if (base.length != spl) {
            throw new IllegalArgumentException("fixed base holds " + base.length + " longs, expected " + spl);
        }
        if (java.util.Arrays.stream(base).allMatch(x -> x == 0)) {
            throw new IllegalArgumentException("fixed base is the identity");
        }
        this.f = f;
        this.c = c;
        // Canonical scalars are below r < 2^255, so c W >= 256 bits leave the top digit room for a carry.
        this.windows = (256 + c - 1) / c;
        this.half = 1 << (c - 1);
        long[] work = new long[2 * f.limbs];
        f.fromStandard(base, 0, work, 0);
        f.fromStandard(base, f.standardLimbs, work, f.limbs);
        this.table = buildTable(work);
    }

    /**
     * The table for multiples of the affine G1 point base (12 longs) with c-bit windows; the
     * arithmetic runs in the MSM's 56-bit working form ({@link Fp56}), results come out in the
     * shared layout.
     */
    public static FixedBase g1(long[] base, int c) {
        return new FixedBase(CoordinateField.FP56, base, c);
    }

    /** The table for multiples of the affine G2 point base (24 longs) with c-bit windows. */
    public static FixedBase g2(long[] base, int c) {
        return new FixedBase(CoordinateField.FP2_56, base, c);
    }

    /**
     * The window for about count multiplications: the table (W 2^(c-1) additions to build) stays
     * below a tenth of the work of the multiplications (W additions each).
     */
    public static int windowFor(long count) {
        int c = 2;
        while (c < MAX_WINDOW && (1L << c) <= count / 5) {
            c++;
        }
        return c;
    }

    public int window() {
        return c;
    }

    /** s_i P for every Fr Montgomery scalar of scalars (4 longs each), affine (identity all zero). */
    public long[] mul(long[] scalars) {
        if (scalars.length % Fr.LIMBS != 0) {
            throw new IllegalArgumentException("scalars array length " + scalars.length + " is not a multiple of 4");
        }
        int n = scalars.length / Fr.LIMBS;
        long[] out = new long[Math.multiplyExact(n, 2 * f.standardLimbs)];
        mul(scalars, 0, n, out, 0);
        return out;
    }

    /** s_i P for scalars from..to-1 (element indices), written at out from point index outFrom. */
    public void mul(long[] scalars, int from, int to, long[] out, int outFrom) {
        int pl = 2 * f.standardLimbs;
        if (from < 0 || to > scalars.length / Fr.LIMBS || from > to
                || (long) (outFrom + to - from) * pl > out.length) {
            throw new IllegalArgumentException("fixed-base range " + from + ".." + to + " to point " + outFrom
                    + " does not fit " + scalars.length / Fr.LIMBS + " scalars and " + out.length / pl + " points");
        }
        int batches = (to - from + BATCH - 1) / BATCH;
        ComputePool.forRange(0, batches, 1, (b0, b1) -> {
            Batch batch = new Batch();
            for (int b = b0; b < b1; b++) {
                int lo = from + b * BATCH;
                int hi = Math.min(to, lo + BATCH);
                batch.run(scalars, lo, hi, out, outFrom + (lo - from));
            }
        });
    }

    private long[] buildTable(long[] base) {
        int l = f.limbs;
        int pl = 2 * l;
        long[] bases = new long[windows * pl];
        PointOps ops = new PointOps(f);
        long[] p = new long[3 * l];
        ops.setAffine(p, 0, base, 0);
        for (int w = 0; w < windows; w++) {
            ops.toAffine(p, 0, bases, w * pl);
            for (int i = 0; i < c; i++) {
                ops.dbl(p, 0);
            }
        }
        long[] t = new long[Math.multiplyExact(windows * half, pl)];
        ComputePool.forRange(0, windows, 1, (w0, w1) -> {
            PointOps o = new PointOps(f);
            long[] jac = new long[half * 3 * l];
            long[] z = new long[half * l];
            long[] scratch = new long[half * l];
            for (int w = w0; w < w1; w++) {
                o.setAffine(jac, 0, bases, w * pl);
                for (int j = 1; j < half; j++) {
                    System.arraycopy(jac, (j - 1) * 3 * l, jac, j * 3 * l, 3 * l);
                    o.addMixed(jac, j * 3 * l, bases, w * pl);
                }
                toAffine(jac, half, z, scratch, t, w * half * pl);
            }
        });
        return t;
    }

    /** Batch conversion of count Jacobian points (none the identity) to affine at out[oo..]. */
    private void toAffine(long[] jac, int count, long[] z, long[] scratch, long[] out, int oo) {
        int l = f.limbs;
        for (int i = 0; i < count; i++) {
            System.arraycopy(jac, i * 3 * l + 2 * l, z, i * l, l);
        }
        f.batchInverse(z, 0, count, scratch);
        long[] zz = new long[l];
        for (int i = 0; i < count; i++) {
            int j = i * 3 * l;
            int o = oo + i * 2 * l;
            f.sqr(z, i * l, zz, 0);
            f.mul(jac, j, zz, 0, out, o);
            f.mul(zz, 0, z, i * l, zz, 0);
            f.mul(jac, j + l, zz, 0, out, o + l);
        }
    }

    /** One thread's working set: accumulators and inversion scratch for one batch of scalars. */
    private final class Batch {
        private final int l = f.limbs;
        private final int pl = 2 * l;
        private final int[] digits = new int[BATCH * windows];
        private final long[] acc = new long[BATCH * pl];
        private final boolean[] set = new boolean[BATCH];
        /** The window's additions: accumulator, table point, negated. */
        private final int[] pending = new int[BATCH];
        private final int[] tablePoint = new int[BATCH];
        private final boolean[] negated = new boolean[BATCH];
        private final AffineBatch additions = Msm.affineBatch(f, BATCH);
        private final long[] canonical = new long[Fr.LIMBS];
        private final PointOps ops = new PointOps(f);

        void run(long[] scalars, int lo, int hi, long[] out, int outFrom) {
            int n = hi - lo;
            for (int k = 0; k < n; k++) {
                recode(scalars, lo + k, k * windows);
                set[k] = false;
            }
            for (int w = 0; w < windows; w++) {
                int cnt = 0;
                for (int k = 0; k < n; k++) {
                    int d = digits[k * windows + w];
                    if (d == 0) {
                        continue;
                    }
                    int point = w * half + Math.abs(d) - 1;
                    int tp = point * pl;
                    int ap = k * pl;
                    if (!set[k]) {
                        System.arraycopy(table, tp, acc, ap, l);
                        if (d > 0) {
                            System.arraycopy(table, tp + l, acc, ap + l, l);
                        } else {
                            f.neg(table, tp + l, acc, ap + l);
                        }
                        set[k] = true;
                        continue;
                    }
                    pending[cnt] = k;
                    tablePoint[cnt] = point;
                    negated[cnt] = d < 0;
                    cnt++;
                }
                additions.run(acc, table, pending, tablePoint, negated, cnt);
                for (int j = 0; j < cnt; j++) {
                    int k = ~pending[j];
                    if (k >= 0 && !ops.addSameX(acc, k * pl, table, tablePoint[j] * pl, negated[j])) {
                        set[k] = false;
                    }
                }
            }
            int spl = 2 * f.standardLimbs;
            for (int k = 0; k < n; k++) {
                int o = (outFrom + k) * spl;
                if (set[k]) {
                    f.toStandard(acc, k * pl, out, o);
                    f.toStandard(acc, k * pl + l, out, o + f.standardLimbs);
                } else {
                    java.util.Arrays.fill(out, o, o + spl, 0L);
                }
            }
        }

        /** Signed digits of scalar i: d_w in (-2^(c-1), 2^(c-1)], sum d_w 2^(c w) = s. */
        private void recode(long[] scalars, int i, int off) {
            Fr.mul(scalars, Fr.LIMBS * i, ONE_CANONICAL, 0, canonical, 0);
            int carry = 0;
            int mask = (1 << c) - 1;
            for (int w = 0; w < windows; w++) {
                int bit = w * c;
                int limb = bit >>> 6;
                int sh = bit & 63;
                long v = limb < 4 ? canonical[limb] >>> sh : 0;
                if (sh + c > 64 && limb + 1 < 4) {
                    v |= canonical[limb + 1] << (64 - sh);
                }
                int d = (int) (v & mask) + carry;
                if (d > half) {
                    d -= 1 << c;
                    carry = 1;
                } else {
                    carry = 0;
                }
                digits[off + w] = d;
            }
        }
    }
}
