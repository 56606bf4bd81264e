package io.c2spark.gpu;

/**
 * The other G1 kernel families: the sum of the points a bitmap selects, and fixed-base scalar
 * multiplication (many scalars times one base point).
 */
public final class G1Kernels {
    /** Points per thread in the bitmap sum; partial sums are then added in groups of 16. */
    static final int BATCH_CHUNK = 256;
    static final int GROUP = 16;

    private final GpuDevice device;

    public G1Kernels(GpuDevice device) {
        this.device = device;
    }

    /**
     * Sum of the affine points i < n (12 longs each) whose bit i is set in bitmap (32-bit words,
     * bit i of word i / 32), as Jacobian.
     */
    public long[] batchAdd(DeviceBuffer points, DeviceBuffer bitmap, long n, GpuStream s) {
        if (points.bytes < 96 * n || bitmap.bytes < 4 * ((n + 31) / 32)) {
            throw new IllegalArgumentException("batch addition of " + n + " points: buffers too small");
        }
        long chunks = (n + BATCH_CHUNK - 1) / BATCH_CHUNK;
        int sm = device.multiprocessors;
        try (DeviceBuffer a = device.allocate(MsmPlan.G1_XYZZ_BYTES * chunks);
             DeviceBuffer b = device.allocate(MsmPlan.G1_XYZZ_BYTES * Math.max(1, (chunks + GROUP - 1) / GROUP));
             DeviceBuffer out = device.allocate(8 * G1Points.JACOBIAN_LONGS)) {
            Launch.kernel(device, Kernel.G1_BATCH_ADD_BITMAP, LaunchShapes.gridFor(chunks, G1Msm.CURVE_BLOCK, sm),
                    G1Msm.CURVE_BLOCK, s, points, bitmap, n, BATCH_CHUNK, a);
            DeviceBuffer in = a, next = b;
            long count = chunks;
            while (count > 1) {
                long groups = (count + GROUP - 1) / GROUP;
                Launch.kernel(device, Kernel.XYZZ_SUM_GROUPS, LaunchShapes.gridFor(groups, G1Msm.CURVE_BLOCK, sm),
                        G1Msm.CURVE_BLOCK, s, in, (int) count, GROUP, next);
                DeviceBuffer t = in;
                in = next;
                next = t;
                count = groups;
            }
            Launch.kernel(device, Kernel.XYZZ_TO_JACOBIAN, 1, 1, s, in, out);
            s.synchronize();
            return out.downloadLongs(0, G1Points.JACOBIAN_LONGS);
        }
    }

    /** out[i] = scalars[i] * base, affine (zero limbs for the identity); scalars in Montgomery form. */
    public void fixedBaseMul(long[] baseAffine, DeviceBuffer scalars, int n, DeviceBuffer out, GpuStream s) {
        if (out.bytes < 96L * n || scalars.bytes < 32L * n) {
            throw new IllegalArgumentException("fixed-base multiplication of " + n + " scalars: buffers too small");
        }
        try (DeviceBuffer base = device.allocate(96)) {
            base.upload(baseAffine);
            Launch.kernel(device, Kernel.G1_FIXED_BASE_MUL, LaunchShapes.gridFor(n, G1Msm.CURVE_BLOCK, device.multiprocessors),
                    G1Msm.CURVE_BLOCK, s, base, scalars, n, out);
            s.synchronize();
        }
    }
}
