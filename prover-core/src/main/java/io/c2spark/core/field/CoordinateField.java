package io.c2spark.core.field;

import java.util.Arrays;

import io.c2spark.core.concurrent.ComputePool;

/**
 * The field of a curve's point coordinates, as the group laws see it: Fp for G1 and Fp2 for G2,
 * elements at limb offsets of {@code long[]} arrays, each field in the shared layout ({@link #FP},
 * {@link #FP2}: {@link Fp}'s and {@link Fp2}'s Montgomery limbs) or in the MSM's faster 56-bit
 * working form ({@link #FP56}, {@link #FP2_56}, see {@link Fp56}). The curve package's group law
 * (G1 and G2 over FP and FP2) and the MSM's point arithmetic (over the working forms) are each
 * written once against this class. The four instances are its only subclasses (the constructor is
 * private): the MSM's call sites meet the two working forms and the curve's the two shared ones,
 * two receiver types each, which the JIT inlines.
 *
 * <p>Inversion: the shared layout's is {@link Fp}'s and {@link Fp2}'s own (Fermat); the working
 * form's goes through BigInteger's gcd ({@link Fp56#inverse}, about the time of 150 working-form
 * multiplications against Fermat's 570), the batch-affine additions inverting once per batch.
 */
public abstract class CoordinateField {
    /** Longs per coordinate. */
    public final int limbs;
    /** Longs per coordinate in the shared layout (6 for Fp, 12 for Fp2). */
    public final int standardLimbs;

    private CoordinateField(int limbs, int standardLimbs) {
        this.limbs = limbs;
        this.standardLimbs = standardLimbs;
    }

    /** Converts one coordinate from the shared layout (zero stays zero). */
    public void fromStandard(long[] a, int ao, long[] r, int ro) {
        System.arraycopy(a, ao, r, ro, limbs);
    }

    /** Converts one coordinate to the shared layout (zero stays zero). */
    public void toStandard(long[] a, int ao, long[] r, int ro) {
        System.arraycopy(a, ao, r, ro, limbs);
    }

    /** Converts an array of coordinates from the shared layout, in parallel. */
    public final long[] fromStandard(long[] std) {
        int count = std.length / standardLimbs;
        long[] out = new long[count * limbs];
        ComputePool.forRange(0, count, 1 << 12, (from, to) -> {
            for (int i = from; i < to; i++) {
                fromStandard(std, i * standardLimbs, out, i * limbs);
            }
        });
        return out;
    }

    /** Converts coordinates to the shared layout. */
    public final long[] toStandard(long[] work) {
        int count = work.length / limbs;
        long[] out = new long[count * standardLimbs];
        for (int i = 0; i < count; i++) {
            toStandard(work, i * limbs, out, i * standardLimbs);
        }
        return out;
    }

    public abstract void add(long[] a, int ao, long[] b, int bo, long[] r, int ro);

    public abstract void sub(long[] a, int ao, long[] b, int bo, long[] r, int ro);

    public abstract void mul(long[] a, int ao, long[] b, int bo, long[] r, int ro);

    public abstract void sqr(long[] a, int ao, long[] r, int ro);

    public abstract void neg(long[] a, int ao, long[] r, int ro);

    public abstract void inverse(long[] a, int ao, long[] r, int ro);

    public abstract void setOne(long[] r, int ro);

    public final boolean isZero(long[] a, int ao) {
        long acc = 0;
        for (int i = 0; i < limbs; i++) {
            acc |= a[ao + i];
        }
        return acc == 0;
    }

    public final boolean equal(long[] a, int ao, long[] b, int bo) {
        for (int i = 0; i < limbs; i++) {
            if (a[ao + i] != b[bo + i]) {
                return false;
            }
        }
        return true;
    }

    /**
     * Inverts count non-zero elements of a (element stride limbs, from long offset off) in place by
     * Montgomery's trick: one inversion and 3(count - 1) multiplications. scratch holds count
     * elements.
     */
    public final void batchInverse(long[] a, int off, int count, long[] scratch) {
        if (count == 0) {
            return;
        }
        int l = limbs;
        System.arraycopy(a, off, scratch, 0, l);
        for (int i = 1; i < count; i++) {
            mul(scratch, (i - 1) * l, a, off + i * l, scratch, i * l);
        }
        long[] inv = new long[2 * l];
        inverse(scratch, (count - 1) * l, inv, 0);
        for (int i = count - 1; i > 0; i--) {
            mul(inv, 0, scratch, (i - 1) * l, inv, l);
            mul(inv, 0, a, off + i * l, inv, 0);
            System.arraycopy(inv, l, a, off + i * l, l);
        }
        System.arraycopy(inv, 0, a, off, l);
    }

    public static final CoordinateField FP = new CoordinateField(Fp.LIMBS, Fp.LIMBS) {
        public void add(long[] a, int ao, long[] b, int bo, long[] r, int ro) {
            Fp.add(a, ao, b, bo, r, ro);
        }

        public void sub(long[] a, int ao, long[] b, int bo, long[] r, int ro) {
            Fp.sub(a, ao, b, bo, r, ro);
        }

        public void mul(long[] a, int ao, long[] b, int bo, long[] r, int ro) {
            Fp.mul(a, ao, b, bo, r, ro);
        }

        public void sqr(long[] a, int ao, long[] r, int ro) {
            Fp.sqr(a, ao, r, ro);
        }

        public void neg(long[] a, int ao, long[] r, int ro) {
            Fp.neg(a, ao, r, ro);
        }

        public void inverse(long[] a, int ao, long[] r, int ro) {
            Fp.inverse(a, ao, r, ro);
        }

        public void setOne(long[] r, int ro) {
            Fp.setOne(r, ro);
        }
    };

    public static final CoordinateField FP2 = new CoordinateField(Fp2.LIMBS, Fp2.LIMBS) {
        public void add(long[] a, int ao, long[] b, int bo, long[] r, int ro) {
            Fp2.add(a, ao, b, bo, r, ro);
        }

        public void sub(long[] a, int ao, long[] b, int bo, long[] r, int ro) {
            Fp2.sub(a, ao, b, bo, r, ro);
        }

        public void mul(long[] a, int ao, long[] b, int bo, long[] r, int ro) {
            Fp2.mul(a, ao, b, bo, r, ro);
        }

        public void sqr(long[] a, int ao, long[] r, int ro) {
            Fp2.sqr(a, ao, r, ro);
        }

        public void neg(long[] a, int ao, long[] r, int ro) {
            Fp2.neg(a, ao, r, ro);
        }

        public void inverse(long[] a, int ao, long[] r, int ro) {
            Fp2.inverse(a, ao, r, ro);
        }

        public void setOne(long[] r, int ro) {
            Fp2.setOne(r, ro);
        }
    };

    public static final CoordinateField FP56 = new CoordinateField(Fp56.LIMBS, Fp.LIMBS) {
        public void fromStandard(long[] a, int ao, long[] r, int ro) {
            Fp56.fromStandard(a, ao, r, ro);
        }

        public void toStandard(long[] a, int ao, long[] r, int ro) {
            Fp56.toStandard(a, ao, r, ro);
        }

        public void add(long[] a, int ao, long[] b, int bo, long[] r, int ro) {
            Fp56.add(a, ao, b, bo, r, ro);
        }

        public void sub(long[] a, int ao, long[] b, int bo, long[] r, int ro) {
            Fp56.sub(a, ao, b, bo, r, ro);
        }

        public void mul(long[] a, int ao, long[] b, int bo, long[] r, int ro) {
            Fp56.mul(a, ao, b, bo, r, ro);
        }

        public void sqr(long[] a, int ao, long[] r, int ro) {
            Fp56.sqr(a, ao, r, ro);
        }

        public void neg(long[] a, int ao, long[] r, int ro) {
            Fp56.neg(a, ao, r, ro);
        }

        public void inverse(long[] a, int ao, long[] r, int ro) {
            Fp56.inverse(a, ao, r, ro);
        }

        public void setOne(long[] r, int ro) {
            Fp56.setOne(r, ro);
        }
    };

    /** Fp2 = Fp[u]/(u^2 + 1) over {@link Fp56}: c0 then c1, 14 longs. */
    public static final CoordinateField FP2_56 = new CoordinateField(2 * Fp56.LIMBS, Fp2.LIMBS) {
        private static final int H = Fp56.LIMBS;

        public void fromStandard(long[] a, int ao, long[] r, int ro) {
            Fp56.fromStandard(a, ao, r, ro);
            Fp56.fromStandard(a, ao + Fp.LIMBS, r, ro + H);
        }

        public void toStandard(long[] a, int ao, long[] r, int ro) {
            Fp56.toStandard(a, ao, r, ro);
            Fp56.toStandard(a, ao + H, r, ro + Fp.LIMBS);
        }

        public void add(long[] a, int ao, long[] b, int bo, long[] r, int ro) {
            Fp56.add(a, ao, b, bo, r, ro);
            Fp56.add(a, ao + H, b, bo + H, r, ro + H);
        }

        public void sub(long[] a, int ao, long[] b, int bo, long[] r, int ro) {
            Fp56.sub(a, ao, b, bo, r, ro);
            Fp56.sub(a, ao + H, b, bo + H, r, ro + H);
        }

        /**
         * Karatsuba: a0 b0 - a1 b1 + ((a0 + a1)(b0 + b1) - a0 b0 - a1 b1) u, {@link Fp2#mul}'s
         * product over Fp56: the G2 MSM's inner loop, so written against Fp56's static methods.
         */
        public void mul(long[] a, int ao, long[] b, int bo, long[] r, int ro) {
            long[] t = new long[4 * H];
            Fp56.mul(a, ao, b, bo, t, 0);
            Fp56.mul(a, ao + H, b, bo + H, t, H);
            Fp56.add(a, ao, a, ao + H, t, 2 * H);
            Fp56.add(b, bo, b, bo + H, t, 3 * H);
            Fp56.mul(t, 2 * H, t, 3 * H, t, 2 * H);
            Fp56.sub(t, 2 * H, t, 0, t, 2 * H);
            Fp56.sub(t, 2 * H, t, H, r, ro + H);
            Fp56.sub(t, 0, t, H, r, ro);
        }

        /** (a0 + a1)(a0 - a1) + 2 a0 a1 u. */
        public void sqr(long[] a, int ao, long[] r, int ro) {
            long[] t = new long[3 * H];
            Fp56.add(a, ao, a, ao + H, t, 0);
            Fp56.sub(a, ao, a, ao + H, t, H);
            Fp56.mul(a, ao, a, ao + H, t, 2 * H);
            Fp56.mul(t, 0, t, H, r, ro);
            Fp56.add(t, 2 * H, t, 2 * H, r, ro + H);
        }

        public void neg(long[] a, int ao, long[] r, int ro) {
            Fp56.neg(a, ao, r, ro);
            Fp56.neg(a, ao + H, r, ro + H);
        }

        /** conj(a) / (a0^2 + a1^2), {@link Fp2#inverse} over Fp56 like {@link #mul}. */
        public void inverse(long[] a, int ao, long[] r, int ro) {
            long[] t = new long[3 * H];
            Fp56.sqr(a, ao, t, 0);
            Fp56.sqr(a, ao + H, t, H);
            Fp56.add(t, 0, t, H, t, 0);
            Fp56.inverse(t, 0, t, 0);
            Fp56.mul(a, ao + H, t, 0, t, 2 * H);
            Fp56.mul(a, ao, t, 0, r, ro);
            Fp56.neg(t, 2 * H, r, ro + H);
        }

        public void setOne(long[] r, int ro) {
            Fp56.setOne(r, ro);
            Arrays.fill(r, ro + H, ro + 2 * H, 0);
        }
    };
}
