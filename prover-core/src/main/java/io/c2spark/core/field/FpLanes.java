package io.c2spark.core.field;


/** Fp as a {@link LaneField}: {@link Fp49Lanes}' operations, for G1's batches. */
public final class FpLanes implements LaneField {
    private final MontgomeryLanes f = Fp49Lanes.arithmetic();

    @Override
    public int groupLongs() {
        return Fp49Lanes.GROUP;
    }

    @Override
    public CoordinateField coordinates() {
        return CoordinateField.FP56;
    }

    @Override
    public void mul(long[] a, int ao, long[] b, int bo, long[] r, int ro) {
        f.mul(a, ao, b, bo, r, ro);
    }

    @Override
    public void sub(long[] a, int ao, long[] b, int bo, long[] r, int ro) {
        f.sub(a, ao, b, bo, r, ro);
    }

    @Override
    public void add(long[] a, int ao, long[] b, int bo, long[] r, int ro) {
        f.add(a, ao, b, bo, r, ro);
    }

    @Override
    public void select(long[] a, int ao, long[] b, int bo, boolean[] pick, int po, long[] r, int ro) {
        f.select(a, ao, b, bo, pick, po, r, ro);
    }

    @Override
    public void canonical(long[] a, int ao) {
        f.canonical(a, ao);
    }

    @Override
    public void load(long[] a, int ao, long[] g, int go, int lane) {
        Fp49Lanes.load(a, ao, g, go, lane);
    }

    @Override
    public void store(long[] g, int go, int lane, long[] a, int ao) {
        Fp49Lanes.store(g, go, lane, a, ao);
    }

    @Override
    public void setOne(long[] g, int go, int lane) {
        f.set(g, go, lane, Fp49Lanes.ONE);
    }

    @Override
    public void setZero(long[] g, int go, int lane) {
        f.set(g, go, lane, Fp49Lanes.ZERO);
    }
}
