package io.c2spark.gpu;

import io.c2spark.gpu.runtime.GpuDevice;

/** The device the GPU tests share: opened once per JVM (module load and resolution happen once). */
public final class GpuTestDevice {
    private static GpuDevice device;

    private GpuTestDevice() {
    }

    public static synchronized GpuDevice get() {
        if (device == null) {
            if (GpuDevice.count() == 0) {
                throw new IllegalStateException("tests tagged gpu need a CUDA device; none was found");
            }
            device = GpuDevice.open(Integer.getInteger("c2spark.gpu.device", 0));
            System.out.println("[gpu tests] " + device + ", seed " + TestData.SEED);
        }
        device.bind();
        return device;
    }
}
