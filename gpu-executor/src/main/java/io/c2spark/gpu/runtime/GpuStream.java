package io.c2spark.gpu.runtime;

import jcuda.driver.CUstream;
import jcuda.driver.CUstream_flags;
import jcuda.driver.JCudaDriver;

/**
 * A CUDA stream that orders itself after the legacy default stream, where {@link DeviceBuffer}'s
 * synchronous copies run: a pageable upload may return before its DMA ends, and a non-blocking
 * stream would not wait for it.
 */
public final class GpuStream implements AutoCloseable {
    private final GpuDevice device;
    private final CUstream stream = new CUstream();
    private boolean closed;

    GpuStream(GpuDevice device) {
        this.device = device;
        Cuda.check(JCudaDriver.cuStreamCreate(stream, CUstream_flags.CU_STREAM_DEFAULT), "cuStreamCreate", device.ordinal);
    }

    public CUstream handle() {
        return stream;
    }

    public GpuDevice device() {
        return device;
    }

    /** Makes later work on this stream wait for the event (cuStreamWaitEvent); the caller does not block. */
    public void waitFor(GpuEvent event) {
        Cuda.check(JCudaDriver.cuStreamWaitEvent(stream, event.handle(), 0), "cuStreamWaitEvent", device.ordinal);
    }

    public void synchronize() {
        Cuda.check(JCudaDriver.cuStreamSynchronize(stream), "cuStreamSynchronize", device.ordinal);
    }

    @Override
    public void close() {
        if (!closed) {
            closed = true;
            Cuda.checkQuietly(JCudaDriver.cuStreamDestroy(stream), "cuStreamDestroy", device.ordinal);
        }
    }
}
