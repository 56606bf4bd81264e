package io.c2spark.gpu.msm;

import io.c2spark.gpu.runtime.DeviceBuffer;
import io.c2spark.gpu.runtime.GpuDevice;
import io.c2spark.gpu.runtime.GpuStream;

/** G1 fixed-base scalar multiplication: many scalars times one base point. */
public final class G1Kernels {
    private final GpuDevice device;

    public G1Kernels(GpuDevice device) {
        this.device = device;
    }

    /**
     * out[i] = scalars[i] * base, affine (zero limbs for the identity); scalars in Montgomery form.
     * Builds a {@link FixedBaseTable} of the default window for this call (synchronizes s); keep
     * a table to multiply by the same base many times.
     */
    public void fixedBaseMul(long[] baseAffine, DeviceBuffer scalars, int n, DeviceBuffer out, GpuStream s) {
        try (FixedBaseTable t = new FixedBaseTable(Curve.G1, device, baseAffine, FixedBaseTable.DEFAULT_WINDOW, s)) {
            t.enqueue(scalars, n, out, s);
            s.synchronize();
        }
    }

    /** The same by 255-bit double-and-add and one inversion per point: the reference (synchronizes s). */
    public void fixedBaseMulNaive(long[] baseAffine, DeviceBuffer scalars, int n, DeviceBuffer out, GpuStream s) {
        if (out.bytes < 96L * n || scalars.bytes < 32L * n) {
            throw new IllegalArgumentException("fixed-base multiplication of " + n + " scalars: buffers too small");
        }
        try (DeviceBuffer base = device.allocate(96)) {
            base.upload(baseAffine);
            FixedBaseTable.naive(Curve.G1, device, base, scalars, n, out, s);
            s.synchronize();
        }
    }
}
