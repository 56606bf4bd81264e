package io.c2spark.gpu.runtime;

import jcuda.Pointer;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.JCudaDriver;

/**
 * Checked kernel launches. Arguments are device pointers ({@link DeviceBuffer} or
 * {@link CUdeviceptr}), {@link Integer} (a 32-bit kernel parameter) or {@link Long} (64-bit); the
 * order and widths must match the extern "C" signature in native-cuda.
 */
public final class Launch {
    private Launch() {
    }

    public static void kernel(GpuDevice device, Kernel k, long grid, int block, GpuStream stream, Object... args) {
        if (grid <= 0 || grid > Integer.MAX_VALUE || block <= 0 || block > 1024) {
            throw new IllegalArgumentException("launch shape " + grid + " x " + block + " invalid for " + k.symbol);
        }
        Pointer[] params = new Pointer[args.length];
        for (int i = 0; i < args.length; i++) {
            Object a = args[i];
            if (a instanceof DeviceBuffer) {
                params[i] = Pointer.to(((DeviceBuffer) a).pointer());
            } else if (a instanceof CUdeviceptr) {
                params[i] = Pointer.to((CUdeviceptr) a);
            } else if (a instanceof Integer) {
                params[i] = Pointer.to(new int[] {(Integer) a});
            } else if (a instanceof Long) {
                params[i] = Pointer.to(new long[] {(Long) a});
            } else {
                throw new IllegalArgumentException("argument " + i + " of " + k.symbol + " has unsupported type " + a);
            }
        }
        Cuda.check(JCudaDriver.cuLaunchKernel(device.module().function(k), (int) grid, 1, 1, block, 1, 1, 0,
                stream.handle(), Pointer.to(params), null), "cuLaunchKernel(" + k.symbol + ", " + grid + "x" + block + ")",
                device.ordinal);
    }
}
