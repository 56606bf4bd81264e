package io.c2spark.gpu.setup;

import io.c2spark.gpu.msm.Curve;
import io.c2spark.gpu.runtime.DeviceBuffer;
import io.c2spark.gpu.msm.FixedBaseTable;
import io.c2spark.gpu.runtime.GpuDevice;
import io.c2spark.gpu.runtime.GpuStream;
import io.c2spark.gpu.runtime.Kernel;
import io.c2spark.gpu.runtime.Launch;
import io.c2spark.gpu.runtime.LaunchShapes;

/**
 * Scalars times one base point of G1 or G2, written as the parameter file holds them: zcash
 * uncompressed encodings (G1 96 bytes, G2 192; prover-core ZcashEncoding), the identity as the
 * infinity flag. The multiplication is by a {@link FixedBaseTable},
 * the encoding in place on the affine results (native-cuda setup/zcash.cuh), so a chunk of points
 * leaves the device as the file's bytes.
 */
public final class FixedBaseEncoder implements AutoCloseable {
    private final GpuDevice device;
    public final Curve curve;
    private final FixedBaseTable table;

    private FixedBaseEncoder(GpuDevice device, Curve curve, FixedBaseTable table) {
        this.device = device;
        this.curve = curve;
        this.table = table;
    }

    /** A table of window c for base (affine Montgomery limbs: 12 longs in G1, 24 in G2; not the identity), built on s. */
    public static FixedBaseEncoder of(GpuDevice device, Curve curve, long[] baseAffine, int c, GpuStream s) {
        if (baseAffine.length != curve.affineLongs) {
            throw new IllegalArgumentException(curve + " base needs " + curve.affineLongs + " longs, got " + baseAffine.length);
        }
        return new FixedBaseEncoder(device, curve, new FixedBaseTable(curve, device, baseAffine, c, s));
    }

    /** Bytes of one encoded point: 96 in G1, 192 in G2 (as many as the affine point on the device). */
    public int pointBytes() {
        return (int) curve.affineBytes();
    }

    /** Device bytes of the table. */
    public long tableBytes() {
        return table.bytes();
    }

    /**
     * Enqueues out[i] = the encoding of scalars[first + i] base for i < n (n below 2^31), from the
     * start of out, which holds {@link #pointBytes()} per point.
     */
    public void enqueue(DeviceBuffer scalars, long first, long n, DeviceBuffer out, GpuStream s) {
        if (n > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("encode at most 2^31 - 1 points a call, got " + n);
        }
        table.enqueue(scalars, first, n, out, s);
        Launch.kernel(device, curve == Curve.G1 ? Kernel.G1_ZCASH_ENCODE : Kernel.G2_ZCASH_ENCODE,
                LaunchShapes.gridFor(n, LaunchShapes.BLOCK, device.multiprocessors), LaunchShapes.BLOCK, s, out, (int) n);
    }

    @Override
    public void close() {
        table.close();
    }
}
