package io.c2spark.gpu;

import jcuda.driver.CUstream;
import jcuda.driver.CUstream_flags;
import jcuda.driver.JCudaDriver;

/** A non-blocking CUDA stream. */
public final class GpuStream implements AutoCloseable {
    private final GpuDevice device;
    private final CUstream stream = new CUstream();
    private boolean closed;

    GpuStream(GpuDevice device) {
        this.device = device;
        Cuda.check(JCudaDriver.cuStreamCreate(stream, CUstream_flags.CU_STREAM_NON_BLOCKING), "cuStreamCreate", device.ordinal);
    }

    public CUstream handle() {
        return stream;
    }

    public GpuDevice device() {
        return device;
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
