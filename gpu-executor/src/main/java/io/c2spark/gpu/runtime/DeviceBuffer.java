package io.c2spark.gpu.runtime;

import jcuda.Pointer;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.JCudaDriver;

/**
 * Device memory from cuMemAlloc. Copies to and from Java arrays go in chunks of at most
 * {@link #COPY_CHUNK_BYTES}, so buffers beyond 2^31 bytes need no special handling by callers.
 */
public final class DeviceBuffer implements AutoCloseable {
    /** Largest single copy issued to the driver from a Java array. */
    public static final long COPY_CHUNK_BYTES = 1L << 30;

    private final GpuDevice device;
    private final CUdeviceptr ptr = new CUdeviceptr();
    public final long bytes;
    private boolean closed;

    DeviceBuffer(GpuDevice device, long bytes) {
        if (bytes <= 0) {
            throw new IllegalArgumentException("device buffer size must be positive, got " + bytes);
        }
        this.device = device;
        this.bytes = bytes;
        Cuda.check(JCudaDriver.cuMemAlloc(ptr, bytes), "cuMemAlloc(" + bytes + " bytes)", device.ordinal);
    }

    public CUdeviceptr pointer() {
        if (closed) {
            throw new IllegalStateException("device buffer already freed");
        }
        return ptr;
    }

    /** The device address {@code offset} bytes in. */
    public CUdeviceptr at(long offset) {
        checkRange(offset, 0);
        return pointer().withByteOffset(offset);
    }

    /** Copies {@code count} longs from {@code src[srcIndex..]} to byte offset {@code dstOffset}. */
    public void upload(long[] src, int srcIndex, long dstOffset, long count) {
        checkRange(dstOffset, count * 8);
        for (long done = 0; done < count; ) {
            long n = Math.min(count - done, COPY_CHUNK_BYTES / 8);
            Cuda.check(JCudaDriver.cuMemcpyHtoD(ptr.withByteOffset(dstOffset + done * 8),
                    Pointer.to(src).withByteOffset((srcIndex + done) * 8), n * 8), "cuMemcpyHtoD", device.ordinal);
            done += n;
        }
    }

    public void upload(long[] src) {
        upload(src, 0, 0, src.length);
    }

    public void upload(int[] src) {
        checkRange(0, 4L * src.length);
        Cuda.check(JCudaDriver.cuMemcpyHtoD(ptr, Pointer.to(src), 4L * src.length), "cuMemcpyHtoD", device.ordinal);
    }

    /** Copies {@code count} longs from byte offset {@code srcOffset} into {@code dst[dstIndex..]}. */
    public void download(long srcOffset, long[] dst, int dstIndex, long count) {
        checkRange(srcOffset, count * 8);
        for (long done = 0; done < count; ) {
            long n = Math.min(count - done, COPY_CHUNK_BYTES / 8);
            Cuda.check(JCudaDriver.cuMemcpyDtoH(Pointer.to(dst).withByteOffset((dstIndex + done) * 8),
                    ptr.withByteOffset(srcOffset + done * 8), n * 8), "cuMemcpyDtoH", device.ordinal);
            done += n;
        }
    }

    public long[] downloadLongs(long srcOffset, int count) {
        long[] out = new long[count];
        download(srcOffset, out, 0, count);
        return out;
    }

    /** Reads {@code count} u32 values at byte offset {@code srcOffset}. */
    public int[] downloadInts(long srcOffset, int count) {
        checkRange(srcOffset, 4L * count);
        int[] out = new int[count];
        if (count > 0) {
            Cuda.check(JCudaDriver.cuMemcpyDtoH(Pointer.to(out), ptr.withByteOffset(srcOffset), 4L * count), "cuMemcpyDtoH",
                    device.ordinal);
        }
        return out;
    }

    /** Device-to-device copy within or between buffers. */
    public void copyFrom(DeviceBuffer src, long srcOffset, long dstOffset, long byteCount) {
        src.checkRange(srcOffset, byteCount);
        checkRange(dstOffset, byteCount);
        Cuda.check(JCudaDriver.cuMemcpyDtoD(ptr.withByteOffset(dstOffset), src.ptr.withByteOffset(srcOffset), byteCount),
                "cuMemcpyDtoD", device.ordinal);
    }

    /** Asynchronous device-to-device copy of byteCount bytes from srcOffset to the address dst, on the stream. */
    public void copyToAsync(long srcOffset, CUdeviceptr dst, long byteCount, GpuStream stream) {
        checkRange(srcOffset, byteCount);
        Cuda.check(JCudaDriver.cuMemcpyDtoDAsync(dst, ptr.withByteOffset(srcOffset), byteCount, stream.handle()),
                "cuMemcpyDtoDAsync", device.ordinal);
    }

    public void fill32(int value, GpuStream stream) {
        Cuda.check(JCudaDriver.cuMemsetD32Async(ptr, value, bytes / 4, stream.handle()), "cuMemsetD32Async", device.ordinal);
    }

    private void checkRange(long offset, long length) {
        if (offset < 0 || length < 0 || offset + length > bytes) {
            throw new IndexOutOfBoundsException("range [" + offset + ", " + (offset + length) + ") outside a device buffer of "
                    + bytes + " bytes on GPU " + device.ordinal);
        }
    }

    @Override
    public void close() {
        if (!closed) {
            closed = true;
            Cuda.checkQuietly(JCudaDriver.cuMemFree(ptr), "cuMemFree", device.ordinal);
        }
    }
}
