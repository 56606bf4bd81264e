package io.c2spark.gpu.msm;

import io.c2spark.gpu.runtime.DeviceBuffer;
import io.c2spark.gpu.runtime.GpuDevice;
import io.c2spark.gpu.runtime.GpuStream;
import io.c2spark.gpu.runtime.Kernel;
import io.c2spark.gpu.runtime.Launch;
import io.c2spark.gpu.runtime.LaunchShapes;

/**
 * The G2 counterpart of {@link G1FixedBaseTable}: T[w][d - 1] = d 2^(c w) G, affine (192 bytes),
 * for d in 1..2^(c-1) and w below ceil(256 / c), made on the device from the base through a seed
 * table of window {@link G1FixedBaseTable#SEED_WINDOW}; k G then costs at most ceil(256 / c) mixed
 * additions, and the results are made affine in runs of {@link G1FixedBaseTable#AFFINE_BATCH}
 * points with one Fp2 inversion each (native-cuda msm/fixed_base.cuh, the g2_ kernels). The
 * window rules and the entries' scalars are G1FixedBaseTable's; the table takes
 * {@link #bytes(int)}, 100.7 MB for c = 16.
 */
public final class G2FixedBaseTable implements AutoCloseable {
    /** Bytes of an affine G2 point on the device. */
    static final int POINT_BYTES = 192;

    private final GpuDevice device;
    /** Window bits and windows (ceil(256 / c)). */
    public final int c, windows;
    private final DeviceBuffer table;
    private DeviceBuffer scratch;

    /** Builds the table of base (24 longs, affine Montgomery limbs, not the identity) for window c in 2..22, on s. */
    public G2FixedBaseTable(GpuDevice device, long[] baseAffine, int c, GpuStream s) {
        if (c < 2 || c > 22) {
            throw new IllegalArgumentException("fixed-base window must be in 2..22, got " + c);
        }
        this.device = device;
        this.c = c;
        this.windows = G1FixedBaseTable.windows(c);
        this.table = device.allocate(bytes(c));
        boolean built = false;
        int seedWindow = G1FixedBaseTable.SEED_WINDOW;
        long seedEntries = G1FixedBaseTable.entries(seedWindow);
        try (DeviceBuffer base = device.allocate(POINT_BYTES); DeviceBuffer seedScalars = device.allocate(32L * seedEntries)) {
            base.upload(baseAffine);
            seedScalars.upload(G1FixedBaseTable.entryScalars(seedWindow));
            if (c == seedWindow) {
                naive(device, base, seedScalars, seedEntries, table, s);
            } else {
                try (G2FixedBaseTable seed = new G2FixedBaseTable(device, seedWindow, device.allocate(bytes(seedWindow)))) {
                    naive(device, base, seedScalars, seedEntries, seed.table, s);
                    long[] k = G1FixedBaseTable.entryScalars(c);
                    try (DeviceBuffer ks = device.allocate(8L * k.length)) {
                        ks.upload(k);
                        seed.enqueue(ks, 0, G1FixedBaseTable.entries(c), table, s);
                        s.synchronize();
                    }
                }
            }
            s.synchronize();
            built = true;
        } finally {
            if (!built) {
                table.close();
            }
        }
    }

    private G2FixedBaseTable(GpuDevice device, int c, DeviceBuffer table) {
        this.device = device;
        this.c = c;
        this.windows = G1FixedBaseTable.windows(c);
        this.table = table;
    }

    /** Device bytes of the table for window c (192 per affine point). */
    public static long bytes(int c) {
        return POINT_BYTES * G1FixedBaseTable.entries(c);
    }

    public long bytes() {
        return bytes(c);
    }

    /** out[i] = scalars[i] base by 255-bit double-and-add: the reference, and the seed table's maker. */
    static void naive(GpuDevice device, DeviceBuffer base, DeviceBuffer scalars, long n, DeviceBuffer out, GpuStream s) {
        Launch.kernel(device, Kernel.G2_FIXED_BASE_MUL_NAIVE, LaunchShapes.gridFor(n, Msm.CURVE_BLOCK, device.multiprocessors),
                Msm.CURVE_BLOCK, s, base, scalars, (int) n, out);
    }

    /**
     * Enqueues out[i] = scalars[first + i] base for i < n, affine (all zero for a zero scalar),
     * scalars in Montgomery form; out holds 192 bytes per point. The scratch (192 bytes per point
     * of a launch, at most {@link G1FixedBaseTable#CHUNK} of them) is allocated on first use and kept.
     */
    public void enqueue(DeviceBuffer scalars, long first, long n, DeviceBuffer out, GpuStream s) {
        if (n < 1 || first < 0 || out.bytes < POINT_BYTES * n || scalars.bytes < 32 * (first + n)) {
            throw new IllegalArgumentException("G2 fixed-base multiplication of " + n + " scalars from " + first
                    + ": buffers too small");
        }
        int chunk = G1FixedBaseTable.CHUNK;
        long scratchBytes = POINT_BYTES * Math.min(n, chunk);
        if (scratch == null || scratch.bytes < scratchBytes) {
            if (scratch != null) {
                s.synchronize();
                scratch.close();
            }
            scratch = device.allocate(scratchBytes);
        }
        int sm = device.multiprocessors;
        int batch = G1FixedBaseTable.AFFINE_BATCH;
        for (long off = 0; off < n; off += chunk) {
            int m = (int) Math.min(chunk, n - off);
            Launch.kernel(device, Kernel.G2_FIXED_BASE_MUL_TABLE, LaunchShapes.gridFor(m, Msm.CURVE_BLOCK, sm), Msm.CURVE_BLOCK,
                    s, table, c, windows, scalars.at(32 * (first + off)), m, out.at(POINT_BYTES * off), scratch);
            long runs = (m + batch - 1) / batch;
            Launch.kernel(device, Kernel.G2_XYZZ_TO_AFFINE_BATCH, LaunchShapes.gridFor(runs, Msm.CURVE_BLOCK, sm),
                    Msm.CURVE_BLOCK, s, out.at(POINT_BYTES * off), scratch, m, batch);
        }
    }

    @Override
    public void close() {
        table.close();
        if (scratch != null) {
            scratch.close();
            scratch = null;
        }
    }
}
