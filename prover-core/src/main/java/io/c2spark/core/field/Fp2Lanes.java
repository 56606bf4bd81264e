package io.c2spark.core.field;


/**
 * Fp2 = Fp[u] / (u^2 + 1) as a {@link LaneField}, for G2's batches: a group is the eight elements'
 * c0 group then their c1 group in {@link Fp49Lanes}' form; loads and stores go to
 * {@link CoordinateField#FP2_56}'s c0 and c1 limbs.
 */
public final class Fp2Lanes implements LaneField {
    private static final int G = Fp49Lanes.GROUP;
    private static final int H = Fp56.LIMBS;

    private final MontgomeryLanes f = Fp49Lanes.arithmetic();
    private final long[] t = new long[4 * G];

    @Override
    public int groupLongs() {
        return 2 * G;
    }

    @Override
    public CoordinateField coordinates() {
        return CoordinateField.FP2_56;
    }

    /**
     * Karatsuba ({@link Fp2#mul}'s product over the lanes, for the G2 batches' inner loop):
     * c0 = a0 b0 - a1 b1, c1 = (a0 + a1)(b0 + b1) - a0 b0 - a1 b1, both made canonical
     * (the sums stay below 8p for inputs below 4p; each difference is below 4p before it is reduced).
     */
    @Override
    public void mul(long[] a, int ao, long[] b, int bo, long[] r, int ro) {
        long[] t = this.t;
        f.mul(a, ao, b, bo, t, 0);
        f.mul(a, ao + G, b, bo + G, t, G);
        f.add(a, ao, a, ao + G, t, 2 * G);
        f.add(b, bo, b, bo + G, t, 3 * G);
        f.mul(t, 2 * G, t, 3 * G, t, 2 * G);
        f.sub(t, 2 * G, t, 0, t, 2 * G);
        f.canonical(t, 2 * G);
        f.sub(t, 2 * G, t, G, r, ro + G);
        f.canonical(r, ro + G);
        f.sub(t, 0, t, G, r, ro);
        f.canonical(r, ro);
    }

    @Override
    public void sub(long[] a, int ao, long[] b, int bo, long[] r, int ro) {
        f.sub(a, ao, b, bo, r, ro);
        f.sub(a, ao + G, b, bo + G, r, ro + G);
    }

    @Override
    public void add(long[] a, int ao, long[] b, int bo, long[] r, int ro) {
        f.add(a, ao, b, bo, r, ro);
        f.add(a, ao + G, b, bo + G, r, ro + G);
    }

    @Override
    public void select(long[] a, int ao, long[] b, int bo, boolean[] pick, int po, long[] r, int ro) {
        f.select(a, ao, b, bo, pick, po, r, ro);
        f.select(a, ao + G, b, bo + G, pick, po, r, ro + G);
    }

    @Override
    public void canonical(long[] a, int ao) {
        f.canonical(a, ao);
        f.canonical(a, ao + G);
    }

    @Override
    public void load(long[] a, int ao, long[] g, int go, int lane) {
        Fp49Lanes.load(a, ao, g, go, lane);
        Fp49Lanes.load(a, ao + H, g, go + G, lane);
    }

    @Override
    public void store(long[] g, int go, int lane, long[] a, int ao) {
        Fp49Lanes.store(g, go, lane, a, ao);
        Fp49Lanes.store(g, go + G, lane, a, ao + H);
    }

    @Override
    public void setOne(long[] g, int go, int lane) {
        f.set(g, go, lane, Fp49Lanes.ONE);
        f.set(g, go + G, lane, Fp49Lanes.ZERO);
    }

    @Override
    public void setZero(long[] g, int go, int lane) {
        f.set(g, go, lane, Fp49Lanes.ZERO);
        f.set(g, go + G, lane, Fp49Lanes.ZERO);
    }
}
