package io.c2spark.gpu.setup;

import io.c2spark.core.field.Fr;
import io.c2spark.core.groth16.ParameterGenerator.ToxicWaste;
import io.c2spark.gpu.runtime.DeviceBuffer;
import io.c2spark.gpu.runtime.GpuDevice;
import io.c2spark.gpu.runtime.GpuStream;
import io.c2spark.gpu.runtime.Kernel;
import io.c2spark.gpu.runtime.Launch;
import io.c2spark.gpu.runtime.LaunchShapes;

/**
 * The scalars of the G1 and G2 queries other than h, on the device, from the QAP at tau
 * (prover-core ParameterGenerator's semantics):
 * <ul>
 * <li>{@link #ext}: (beta u_j + alpha v_j + w_j) / gamma for the inputs (the IC query), then / delta
 * for the aux variables (the L query);
 * <li>{@link #a}: the non-zero u_j in order (the A query, whose identity points bellperson filters
 * out), {@link #b}: the non-zero v_j (the B queries in G1 and G2).
 * </ul>
 * An aux variable whose scalar is zero (in no constraint: its L point would be the identity) makes
 * {@link #of} throw, naming the first such variable, as ParameterGenerator and bellperson refuse it.
 */
public final class QueryScalars implements AutoCloseable {
    public final int inputs;
    public final int aux;
    /** IC then L scalars: inputs + aux elements. */
    public final DeviceBuffer ext;
    /** The A query's scalars: aCount elements (the buffer holds at least one). */
    public final DeviceBuffer a;
    public final long aCount;
    /** The B queries' scalars: bCount elements (the buffer holds at least one). */
    public final DeviceBuffer b;
    public final long bCount;

    private QueryScalars(int inputs, int aux, DeviceBuffer ext, DeviceBuffer a, long aCount, DeviceBuffer b, long bCount) {
        this.inputs = inputs;
        this.aux = aux;
        this.ext = ext;
        this.a = a;
        this.aCount = aCount;
        this.b = b;
        this.bCount = bCount;
    }

    /**
     * From u, v, w, which it takes over: w becomes {@link #ext} in place, u and v are closed each
     * once compacted (all three when it throws). Synchronizes s.
     */
    public static QueryScalars of(GpuDevice device, QapValues qap, int inputs, ToxicWaste tw, GpuStream s) {
        int vars = qap.variables();
        DeviceBuffer a = null;
        DeviceBuffer b = null;
        boolean done = false;
        try (DeviceBuffer consts = device.allocate(128); DeviceBuffer firstZero = device.allocate(4)) {
            consts.upload(constants(tw));
            firstZero.fill32(-1, s);
            Launch.kernel(device, Kernel.QAP_IC_L_SCALARS, LaunchShapes.gridFor(vars, LaunchShapes.BLOCK, device.multiprocessors),
                    LaunchShapes.BLOCK, s, qap.u(), qap.v(), qap.w(), vars, inputs, consts, qap.w(), firstZero);
            s.synchronize();
            int zero = firstZero.downloadInts(0, 1)[0];
            if (zero != -1) {
                throw new IllegalArgumentException("aux variable " + zero + " is unconstrained: its L point is the identity "
                        + "(bellperson refuses such circuits)");
            }
            long[] counts = new long[2];
            a = compactNonZero(device, qap.u(), vars, counts, 0, s);
            qap.u().close();
            b = compactNonZero(device, qap.v(), vars, counts, 1, s);
            qap.v().close();
            QueryScalars q = new QueryScalars(inputs, vars - inputs, qap.w(), a, counts[0], b, counts[1]);
            done = true;
            return q;
        } finally {
            qap.u().close();
            qap.v().close();
            if (!done) {
                qap.w().close();
                if (a != null) {
                    a.close();
                }
                if (b != null) {
                    b.close();
                }
            }
        }
    }

    /** alpha, beta, 1/gamma, 1/delta. */
    static long[] constants(ToxicWaste tw) {
        long[] c = new long[16];
        System.arraycopy(tw.alpha(), 0, c, 0, 4);
        System.arraycopy(tw.beta(), 0, c, 4, 4);
        invert(tw.gamma(), "gamma", c, 8);
        invert(tw.delta(), "delta", c, 12);
        return c;
    }

    private static void invert(long[] x, String name, long[] out, int at) {
        if (Fr.isZero(x, 0)) {
            throw new IllegalArgumentException(name + " is zero");
        }
        Fr.inverse(x, 0, out, at);
    }

    /** The non-zero elements of x (n of them) in order, in a new buffer; their count to counts[slot]. */
    static DeviceBuffer compactNonZero(GpuDevice device, DeviceBuffer x, int n, long[] counts, int slot, GpuStream s) {
        int grid = LaunchShapes.gridFor(n, LaunchShapes.BLOCK, device.multiprocessors);
        try (DeviceBuffer flags = device.allocate(4L * n); DeviceBuffer starts = device.allocate(4L * n);
             DeviceBuffer cursors = device.allocate(4L * n)) {
            Launch.kernel(device, Kernel.FR_NONZERO_FLAGS, grid, LaunchShapes.BLOCK, s, x, n, flags);
            ExclusiveScan.run(device, flags, n, starts, cursors, s);
            long count = Integer.toUnsignedLong(starts.downloadInts(4L * (n - 1), 1)[0]) + flags.downloadInts(4L * (n - 1), 1)[0];
            DeviceBuffer out = device.allocate(32 * Math.max(1, count));
            try {
                Launch.kernel(device, Kernel.FR_COMPACT, grid, LaunchShapes.BLOCK, s, x, flags, starts, n, out);
                s.synchronize();
            } catch (RuntimeException e) {
                out.close();
                throw e;
            }
            counts[slot] = count;
            return out;
        }
    }

    @Override
    public void close() {
        ext.close();
        a.close();
        b.close();
    }
}
