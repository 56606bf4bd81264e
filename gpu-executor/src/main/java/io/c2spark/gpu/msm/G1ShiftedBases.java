package io.c2spark.gpu.msm;

import io.c2spark.gpu.runtime.DeviceBuffer;
import io.c2spark.gpu.runtime.GpuDevice;
import io.c2spark.gpu.runtime.GpuStream;
import io.c2spark.gpu.runtime.Kernel;
import io.c2spark.gpu.runtime.Launch;
import io.c2spark.gpu.runtime.LaunchShapes;

/**
 * Shifted bases for a G1 MSM over fixed points: k copies of the n points, copy j holding
 * 2^(j c) P_i (affine, the identity all zero) at index j n + i, for the MSM plan of window c with
 * k copies ({@link MsmPlan#copies}): its windows then share ceil(windows / k) bucket sets
 * (native-cuda msm/pippenger.cuh).
 *
 * <p>The copies live on the device and count against its memory: {@link #bytes()} is k n 96
 * bytes, copy 0 included (a copy of the points, so a caller that keeps only the copies needs
 * (k - 1) n 96 bytes beyond what its points took). They are made on the device once: each copy
 * from the previous one by c doublings per point (native-cuda msm/shifted_bases.cuh), then made
 * affine in runs of {@link FixedBaseTable#AFFINE_BATCH} points with one field inversion each.
 */
public final class G1ShiftedBases implements AutoCloseable {
    /** Points per launch pair, which bounds the scratch (ZZ and ZZZ, 96 bytes per point: 384 MiB). */
    static final int CHUNK = FixedBaseTable.CHUNK;

    public final int n, c, copies;
    private final DeviceBuffer table;

    /**
     * Builds min(copies, windows(c)) copies of the n affine points at the start of points, for
     * window c, on s (synchronised before returning).
     */
    public G1ShiftedBases(GpuDevice device, DeviceBuffer points, int n, int c, int copies, GpuStream s) {
        MsmPlan plan = MsmPlan.withWindow(n, c, copies);
        if (points.bytes < 96L * n) {
            throw new IllegalArgumentException("shifted bases of " + n + " points: the points buffer holds " + points.bytes + " bytes");
        }
        this.n = n;
        this.c = c;
        this.copies = plan.copies();
        this.table = device.allocate(plan.tableBytes(Curve.G1));
        boolean built = false;
        try {
            points.copyToAsync(0, table.pointer(), 96L * n, s);
            fill(device, table, n, c, copies, s);
            built = true;
        } finally {
            if (!built) {
                table.close();
            }
        }
    }

    /**
     * Makes copies 1 .. k-1 (k = min(copies, windows(c))) in place in table, whose first 96 n bytes
     * hold the n affine points (copy 0) and which holds {@link MsmPlan#tableBytes} of the plan of
     * window c with those copies: for a caller that loads its points straight into such a buffer.
     * Runs on s and synchronises it before returning.
     */
    public static void fill(GpuDevice device, DeviceBuffer table, int n, int c, int copies, GpuStream s) {
        MsmPlan plan = MsmPlan.withWindow(n, c, copies);
        if (table.bytes < plan.tableBytes(Curve.G1)) {
            throw new IllegalArgumentException(plan.copies() + " copies of " + n + " points need " + plan.tableBytes(Curve.G1)
                    + " bytes, the table holds " + table.bytes);
        }
        try (DeviceBuffer scratch = device.allocate(96L * Math.min(n, CHUNK))) {
            int sm = device.multiprocessors;
            for (int j = 1; j < plan.copies(); j++) {
                for (long off = 0; off < n; off += CHUNK) {
                    int m = (int) Math.min(CHUNK, n - off);
                    long prev = 96 * ((long) (j - 1) * n + off), next = prev + 96L * n;
                    Launch.kernel(device, Kernel.G1_MSM_SHIFT_BASES, LaunchShapes.gridFor(m, Msm.CURVE_BLOCK, sm), Msm.CURVE_BLOCK,
                            s, table.at(prev), m, c, table.at(next), scratch);
                    long runs = (m + FixedBaseTable.AFFINE_BATCH - 1) / FixedBaseTable.AFFINE_BATCH;
                    Launch.kernel(device, Kernel.G1_XYZZ_TO_AFFINE_BATCH, LaunchShapes.gridFor(runs, Msm.CURVE_BLOCK, sm),
                            Msm.CURVE_BLOCK, s, table.at(next), scratch, m, FixedBaseTable.AFFINE_BATCH);
                }
            }
            s.synchronize();
        }
    }

    /** The plan these copies serve: window c, {@link #copies} copies of n points. */
    public MsmPlan plan() {
        return MsmPlan.withWindow(n, c, copies);
    }

    /** The copies, copy-major: the points argument of {@link Msm#run} with {@link #plan()}. */
    public DeviceBuffer buffer() {
        return table;
    }

    /** Device bytes of the copies: copies n 96. */
    public long bytes() {
        return table.bytes;
    }

    @Override
    public void close() {
        table.close();
    }
}
