package io.c2spark.gpu.msm;

import jcuda.driver.CUdeviceptr;

import io.c2spark.gpu.runtime.DeviceBuffer;
import io.c2spark.gpu.runtime.GpuDevice;
import io.c2spark.gpu.runtime.GpuStream;
import io.c2spark.gpu.runtime.Launch;
import io.c2spark.gpu.runtime.LaunchShapes;

/**
 * The sum of the affine points i < n whose bit i is set in a bitmap (32-bit words, bit i of word
 * i / 32, which are the bytes of prover-core's 64-bit bitmap words), in G1 or G2, as Jacobian:
 * the MSM of the 0/1 scalars that bit variables reduce to. Each warp takes a tile of
 * {@link #TILE} points and gives its 32 lanes equal shares of the tile's set bits (ec_kernels.cuh),
 * so the mixed additions made are one per set bit; the 32 partial sums per tile are then added in
 * groups of {@link #GROUP} until one is left. The partial-sum workspace is kept between calls;
 * {@link #reserve} sizes it up front.
 */
public final class BatchAdd implements AutoCloseable {
    /** Points per warp tile: 32 lanes x BATCH_WORDS_PER_LANE (8) bitmap words of 32 bits, in ec_kernels.cuh. */
    public static final int TILE = 32 * 32 * 8;
    public static final int GROUP = 16;

    private final GpuDevice device;
    public final Curve curve;
    private DeviceBuffer partialsA, partialsB, result;

    public BatchAdd(GpuDevice device, Curve curve) {
        this.device = device;
        this.curve = curve;
    }

    /** Partial sums the bitmap kernel writes for n points: one per lane of each tile. */
    public static long partials(long n) {
        return 32 * Math.max(1, (n + TILE - 1) / TILE);
    }

    /** Allocates what a sum over n points needs, unless the workspace already holds it. */
    public void reserve(long n) {
        long chunks = partials(n);
        if (partialsA == null || partialsA.bytes < curve.xyzzBytes * chunks) {
            close();
            partialsA = device.allocate(curve.xyzzBytes * chunks);
            partialsB = device.allocate(curve.xyzzBytes * Math.max(1, (chunks + GROUP - 1) / GROUP));
            result = device.allocate(8L * curve.jacobianLongs);
        }
    }

    /** Enqueues the sum of the selected points among the n at points, writing the Jacobian result at out. */
    public void enqueue(CUdeviceptr points, long pointBytes, CUdeviceptr bitmap, long bitmapBytes, long n, GpuStream s,
            CUdeviceptr out) {
        if (n < 1 || pointBytes < curve.affineBytes() * n || bitmapBytes < 4 * ((n + 31) / 32)) {
            throw new IllegalArgumentException(curve + " batch addition of " + n + " points: buffers too small");
        }
        reserve(n);
        long chunks = partials(n);
        int sm = device.multiprocessors;
        // One warp per tile (the block a multiple of 32): the grid counts threads, 32 per tile.
        Launch.kernel(device, curve.batchAddBitmap, LaunchShapes.gridFor(chunks, Msm.CURVE_BLOCK, sm), Msm.CURVE_BLOCK, s,
                points, bitmap, n, partialsA);
        DeviceBuffer in = partialsA, next = partialsB;
        long count = chunks;
        while (count > 1) {
            long groups = (count + GROUP - 1) / GROUP;
            Launch.kernel(device, curve.sumGroups, LaunchShapes.gridFor(groups, Msm.CURVE_BLOCK, sm), Msm.CURVE_BLOCK, s,
                    in, (int) count, GROUP, next);
            DeviceBuffer t = in;
            in = next;
            next = t;
            count = groups;
        }
        Launch.kernel(device, curve.toJacobian, 1, 1, s, in, out);
    }

    /** The sum over buffers on the device, read back as Jacobian longs (synchronizes s). */
    public long[] run(DeviceBuffer points, DeviceBuffer bitmap, long n, GpuStream s) {
        reserve(n);
        enqueue(points.pointer(), points.bytes, bitmap.pointer(), bitmap.bytes, n, s, result.pointer());
        s.synchronize();
        return result.downloadLongs(0, curve.jacobianLongs);
    }

    @Override
    public void close() {
        for (DeviceBuffer b : new DeviceBuffer[] {partialsA, partialsB, result}) {
            if (b != null) {
                b.close();
            }
        }
        partialsA = partialsB = result = null;
    }
}
