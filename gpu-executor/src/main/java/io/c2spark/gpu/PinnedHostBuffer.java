package io.c2spark.gpu;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import jcuda.Pointer;
import jcuda.driver.JCudaDriver;

/**
 * Page-locked host memory (cuMemAllocHost): copies from it run at full PCIe speed and may be
 * asynchronous. Java sees it through little-endian ByteBuffer windows of at most 2^30 bytes.
 */
public final class PinnedHostBuffer implements AutoCloseable {
    public static final int WINDOW_BYTES = 1 << 30;

    private final GpuDevice device;
    private final Pointer ptr = new Pointer();
    public final long bytes;
    private boolean closed;

    public PinnedHostBuffer(GpuDevice device, long bytes) {
        this.device = device;
        this.bytes = bytes;
        Cuda.check(JCudaDriver.cuMemAllocHost(ptr, bytes), "cuMemAllocHost(" + bytes + " bytes)", device.ordinal);
    }

    /** A little-endian view of {@code [offset, offset + length)}, length at most {@link #WINDOW_BYTES}. */
    public ByteBuffer window(long offset, int length) {
        if (offset < 0 || length < 0 || length > WINDOW_BYTES || offset + length > bytes) {
            throw new IndexOutOfBoundsException("pinned window [" + offset + ", +" + length + ") of " + bytes + " bytes");
        }
        return ptr.getByteBuffer(offset, length).order(ByteOrder.LITTLE_ENDIAN);
    }

    /** Writes {@code src[srcIndex .. srcIndex + count)} at byte offset {@code offset}. */
    public void put(long offset, long[] src, int srcIndex, int count) {
        for (int done = 0; done < count; ) {
            int n = Math.min(count - done, WINDOW_BYTES / 8);
            window(offset + 8L * done, 8 * n).asLongBuffer().put(src, srcIndex + done, n);
            done += n;
        }
    }

    /** Asynchronous copy of {@code byteCount} bytes from this buffer to a device buffer. */
    public void copyTo(long srcOffset, DeviceBuffer dst, long dstOffset, long byteCount, GpuStream stream) {
        if (srcOffset < 0 || srcOffset + byteCount > bytes) {
            throw new IndexOutOfBoundsException("pinned copy [" + srcOffset + ", +" + byteCount + ") of " + bytes + " bytes");
        }
        Cuda.check(JCudaDriver.cuMemcpyHtoDAsync(dst.at(dstOffset), ptr.withByteOffset(srcOffset), byteCount, stream.handle()),
                "cuMemcpyHtoDAsync", device.ordinal);
    }

    @Override
    public void close() {
        if (!closed) {
            closed = true;
            Cuda.checkQuietly(JCudaDriver.cuMemFreeHost(ptr), "cuMemFreeHost", device.ordinal);
        }
    }
}
