package io.c2spark.gpu.setup;

import io.c2spark.gpu.runtime.DeviceBuffer;
import io.c2spark.gpu.runtime.GpuDevice;
import io.c2spark.gpu.runtime.GpuStream;
import io.c2spark.gpu.runtime.Kernel;
import io.c2spark.gpu.runtime.Launch;

/**
 * Exclusive prefix sums of n u32 counts on the device, by the MSM's tile scan (native-cuda
 * msm/pippenger.cuh msm_scan_*, with one window): tile totals, their sums in one block, then each
 * tile's own sums. Sums must stay below 2^32.
 */
final class ExclusiveScan {
    /** MSM_SCAN_BLOCK and MSM_SCAN_TILE in pippenger.cuh. */
    static final int BLOCK = 256;
    static final int TILE = BLOCK * 8;

    private ExclusiveScan() {
    }

    /** starts[i] = cursors[i] = counts[0] + ... + counts[i - 1] for i < n; synchronizes s. */
    static void run(GpuDevice device, DeviceBuffer counts, long n, DeviceBuffer starts, DeviceBuffer cursors, GpuStream s) {
        if (n < 1 || n > Integer.MAX_VALUE || counts.bytes < 4 * n || starts.bytes < 4 * n || cursors.bytes < 4 * n) {
            throw new IllegalArgumentException("scan of " + n + " counts: buffers too small");
        }
        int tiles = (int) ((n + TILE - 1) / TILE);
        try (DeviceBuffer totals = device.allocate(4L * tiles)) {
            Launch.kernel(device, Kernel.MSM_SCAN_TILES, tiles, BLOCK, s, counts, (int) n, tiles, totals);
            Launch.kernel(device, Kernel.MSM_SCAN_TILE_OFFSETS, 1, BLOCK, s, totals, tiles);
            Launch.kernel(device, Kernel.MSM_SCAN_APPLY, tiles, BLOCK, s, counts, (int) n, tiles, totals, starts, cursors);
            s.synchronize();
        }
    }
}
