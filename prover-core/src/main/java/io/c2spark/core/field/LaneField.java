package io.c2spark.core.field;

/**
 * The coordinate field of the MSM's lane batches (msm.LaneAffineBatch), eight elements at a time
 * in {@link Fp49Lanes}' SIMD lanes: Fp for G1 ({@link FpLanes}), Fp2 for G2 ({@link Fp2Lanes}). A
 * group of eight elements is {@link #groupLongs} longs; elements come from and go back to
 * {@link #coordinates}' form.
 *
 * <p>Bounds, per Fp component: mul takes inputs below 4p and returns values below 1.04p; sub returns
 * a + 2p - b for b at most 2p; add does not reduce; canonical takes values below 4p to [0, p).
 * One instance per thread: the multiplication owns scratch.
 */
public interface LaneField {
    /** Longs per group of eight elements. */
    int groupLongs();

    /** The scalar form elements are loaded from and stored to (Fp56 limbs). */
    CoordinateField coordinates();

    void mul(long[] a, int ao, long[] b, int bo, long[] r, int ro);

    void sub(long[] a, int ao, long[] b, int bo, long[] r, int ro);

    void add(long[] a, int ao, long[] b, int bo, long[] r, int ro);

    /** r = the lanes of b where pick[po + lane], of a elsewhere. */
    void select(long[] a, int ao, long[] b, int bo, boolean[] pick, int po, long[] r, int ro);

    void canonical(long[] a, int ao);

    /** Lane j of the group at g[go] from the element at a[ao] in {@link #coordinates}' form. */
    void load(long[] a, int ao, long[] g, int go, int lane);

    /** Lane j of the group at g[go], canonical, to a[ao] in {@link #coordinates}' form. */
    void store(long[] g, int go, int lane, long[] a, int ao);

    void setOne(long[] g, int go, int lane);

    void setZero(long[] g, int go, int lane);
}
