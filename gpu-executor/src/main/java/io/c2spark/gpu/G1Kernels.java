package io.c2spark.gpu;

/** G1 fixed-base scalar multiplication: many scalars times one base point. */
public final class G1Kernels {
    private final GpuDevice device;

    public G1Kernels(GpuDevice device) {
        this.device = device;
    }

    /** out[i] = scalars[i] * base, affine (zero limbs for the identity); scalars in Montgomery form. */
    public void fixedBaseMul(long[] baseAffine, DeviceBuffer scalars, int n, DeviceBuffer out, GpuStream s) {
        if (out.bytes < 96L * n || scalars.bytes < 32L * n) {
            throw new IllegalArgumentException("fixed-base multiplication of " + n + " scalars: buffers too small");
        }
        try (DeviceBuffer base = device.allocate(96)) {
            base.upload(baseAffine);
            Launch.kernel(device, Kernel.G1_FIXED_BASE_MUL, LaunchShapes.gridFor(n, Msm.CURVE_BLOCK, device.multiprocessors),
                    Msm.CURVE_BLOCK, s, base, scalars, n, out);
            s.synchronize();
        }
    }
}
