package io.c2spark.gpu.runtime;

import jcuda.driver.CUevent;
import jcuda.driver.JCudaDriver;

/** A CUDA event, for ordering streams and for timing device work. */
public final class GpuEvent implements AutoCloseable {
    private final GpuDevice device;
    private final CUevent event = new CUevent();
    private boolean closed;

    public GpuEvent(GpuDevice device) {
        this.device = device;
        Cuda.check(JCudaDriver.cuEventCreate(event, 0), "cuEventCreate", device.ordinal);
    }

    public void record(GpuStream stream) {
        Cuda.check(JCudaDriver.cuEventRecord(event, stream.handle()), "cuEventRecord", device.ordinal);
    }

    CUevent handle() {
        return event;
    }

    public void synchronize() {
        Cuda.check(JCudaDriver.cuEventSynchronize(event), "cuEventSynchronize", device.ordinal);
    }

    /** Milliseconds from {@code start} to this event; both must have completed. */
    public float millisSince(GpuEvent start) {
        float[] ms = new float[1];
        Cuda.check(JCudaDriver.cuEventElapsedTime(ms, start.event, event), "cuEventElapsedTime", device.ordinal);
        return ms[0];
    }

    @Override
    public void close() {
        if (!closed) {
            closed = true;
            Cuda.checkQuietly(JCudaDriver.cuEventDestroy(event), "cuEventDestroy", device.ordinal);
        }
    }
}
