package io.c2spark.gpu.runtime;

import jcuda.driver.CUcontext;
import jcuda.driver.CUdevice;
import jcuda.driver.CUdevice_attribute;
import jcuda.driver.JCudaDriver;

/**
 * One GPU: its primary context, made current on the calling thread, and the kernel module loaded
 * into it. Opening resolves every kernel; closing unloads the module and releases the context.
 * Other threads call {@link #bind()} before using the device.
 */
public final class GpuDevice implements AutoCloseable {
    /** The system property of the GPU a command runs on ({@link #openChosen}). */
    public static final String DEVICE_PROPERTY = "c2spark.gpu.device";

    public final int ordinal;
    public final String name;
    public final int multiprocessors;
    public final int computeMajor;
    public final int computeMinor;
    public final long totalMemory;
    private final CUdevice device = new CUdevice();
    private final CUcontext context = new CUcontext();
    private final KernelModule module;
    private boolean closed;

    private GpuDevice(int ordinal) {
        this.ordinal = ordinal;
        Cuda.check(JCudaDriver.cuDeviceGet(device, ordinal), "cuDeviceGet", ordinal);
        byte[] nameBytes = new byte[256];
        Cuda.check(JCudaDriver.cuDeviceGetName(nameBytes, nameBytes.length, device), "cuDeviceGetName", ordinal);
        int len = 0;
        while (len < nameBytes.length && nameBytes[len] != 0) {
            len++;
        }
        this.name = new String(nameBytes, 0, len, java.nio.charset.StandardCharsets.US_ASCII);
        this.multiprocessors = attribute(CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT);
        this.computeMajor = attribute(CUdevice_attribute.CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR);
        this.computeMinor = attribute(CUdevice_attribute.CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR);
        long[] mem = new long[1];
        Cuda.check(JCudaDriver.cuDeviceTotalMem(mem, device), "cuDeviceTotalMem", ordinal);
        this.totalMemory = mem[0];
        Cuda.check(JCudaDriver.cuDevicePrimaryCtxRetain(context, device), "cuDevicePrimaryCtxRetain", ordinal);
        bind();
        this.module = new KernelModule(ordinal);
    }

    /** The number of CUDA devices the driver sees (0 when the driver library or a GPU is missing). */
    public static int count() {
        try {
            Cuda.init();
        } catch (CudaException | LinkageError e) {
            return 0;
        }
        int[] n = new int[1];
        Cuda.check(JCudaDriver.cuDeviceGetCount(n), "cuDeviceGetCount", -1);
        return n[0];
    }

    public static GpuDevice open(int ordinal) {
        Cuda.init();
        return new GpuDevice(ordinal);
    }

    /** Refuses a machine where no CUDA device is visible, in one line. */
    public static void requireAny() {
        if (count() == 0) {
            throw new IllegalStateException("no CUDA device is visible here (no NVIDIA driver library, or no GPU)");
        }
    }

    /**
     * The GPU that a command (the GPU prover, the GPU parameter generator) runs on: the ordinal of
     * the system property {@code c2spark.gpu.device}, else 0.
     */
    public static GpuDevice openChosen() {
        return open(Integer.getInteger(DEVICE_PROPERTY, 0));
    }

    private int attribute(int attr) {
        int[] v = new int[1];
        Cuda.check(JCudaDriver.cuDeviceGetAttribute(v, attr, device), "cuDeviceGetAttribute(" + attr + ")", ordinal);
        return v[0];
    }

    /** Makes this device's primary context current on the calling thread. */
    public void bind() {
        Cuda.check(JCudaDriver.cuCtxSetCurrent(context), "cuCtxSetCurrent", ordinal);
    }

    public KernelModule module() {
        return module;
    }

    public long freeMemory() {
        long[] free = new long[1];
        long[] total = new long[1];
        Cuda.check(JCudaDriver.cuMemGetInfo(free, total), "cuMemGetInfo", ordinal);
        return free[0];
    }

    public void synchronize() {
        Cuda.check(JCudaDriver.cuCtxSynchronize(), "cuCtxSynchronize", ordinal);
    }

    public DeviceBuffer allocate(long bytes) {
        return new DeviceBuffer(this, bytes);
    }

    public GpuStream newStream() {
        return new GpuStream(this);
    }

    @Override
    public String toString() {
        return "GPU " + ordinal + " (" + name + ", sm_" + computeMajor + computeMinor + ", " + multiprocessors + " SMs, "
                + (totalMemory >> 20) + " MiB)";
    }

    @Override
    public void close() {
        if (!closed) {
            closed = true;
            module.close();
            Cuda.checkQuietly(JCudaDriver.cuDevicePrimaryCtxRelease(device), "cuDevicePrimaryCtxRelease", ordinal);
        }
    }
}
