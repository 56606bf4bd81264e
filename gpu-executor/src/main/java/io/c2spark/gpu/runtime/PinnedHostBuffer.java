package io.c2spark.gpu.runtime;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.LongBuffer;

import jcuda.Pointer;
import jcuda.driver.JCudaDriver;

/**
 * Page-locked host memory (cuMemAllocHost): copies from it run at full PCIe speed and may be
 * asynchronous. It is held as segments of at most {@link #SEGMENT_BYTES}, because JCuda wraps each
 * allocation in a ByteBuffer whose capacity is an int (2 GiB and more fails in cuMemAllocHost).
 */
public final class PinnedHostBuffer implements AutoCloseable {
    public static final int SEGMENT_BYTES = 1 << 30;

    private final GpuDevice device;
    private final Pointer[] segments;
    public final long bytes;
    private boolean closed;

    public PinnedHostBuffer(GpuDevice device, long bytes) {
        if (bytes <= 0) {
            throw new IllegalArgumentException("pinned buffer size must be positive, got " + bytes);
        }
        this.device = device;
        this.bytes = bytes;
        this.segments = new Pointer[(int) ((bytes + SEGMENT_BYTES - 1) / SEGMENT_BYTES)];
        for (int i = 0; i < segments.length; i++) {
            segments[i] = new Pointer();
            long size = Math.min(SEGMENT_BYTES, bytes - (long) i * SEGMENT_BYTES);
            Cuda.check(JCudaDriver.cuMemAllocHost(segments[i], size), "cuMemAllocHost(" + size + " bytes)", device.ordinal);
        }
    }

    /** Bytes from {@code offset} to the end of its segment. */
    private long segmentRest(long offset) {
        return Math.min(SEGMENT_BYTES - offset % SEGMENT_BYTES, bytes - offset);
    }

    /** A little-endian view of {@code [offset, offset + length)}, which must lie within one segment. */
    public ByteBuffer window(long offset, int length) {
        if (offset < 0 || length < 0 || offset + length > bytes || length > segmentRest(offset)) {
            throw new IndexOutOfBoundsException("pinned window [" + offset + ", +" + length + ") of " + bytes
                    + " bytes crosses a " + SEGMENT_BYTES + "-byte segment or the end");
        }
        return segments[(int) (offset / SEGMENT_BYTES)].getByteBuffer(offset % SEGMENT_BYTES, length)
                .order(ByteOrder.LITTLE_ENDIAN);
    }

    /** Writes {@code src[srcIndex .. srcIndex + count)} at byte offset {@code offset} (a multiple of 8). */
    public void put(long offset, long[] src, int srcIndex, int count) {
        bySegment(offset, count, (longs, done, n) -> longs.put(src, srcIndex + done, n));
    }

    /** Reads {@code count} longs at byte offset {@code offset} (a multiple of 8) into {@code dst[dstIndex..]}. */
    public void get(long offset, long[] dst, int dstIndex, int count) {
        bySegment(offset, count, (longs, done, n) -> longs.get(dst, dstIndex + done, n));
    }

    /** What {@link #bySegment} does with the n longs from the done-th, in one segment's window. */
    private interface Piece {
        void copy(LongBuffer longs, int done, int n);
    }

    /** The count longs at byte offset offset (a multiple of 8), cut where segments end. */
    private void bySegment(long offset, int count, Piece piece) {
        for (int done = 0; done < count; ) {
            long at = offset + 8L * done;
            int n = (int) Math.min(count - done, segmentRest(at) / 8);
            piece.copy(window(at, 8 * n).asLongBuffer(), done, n);
            done += n;
        }
    }

    /** Asynchronous copy of {@code byteCount} bytes from a device buffer into this one (it must lie in one segment). */
    public void copyFrom(DeviceBuffer src, long srcOffset, long dstOffset, long byteCount, GpuStream stream) {
        if (dstOffset < 0 || byteCount < 0 || byteCount > segmentRest(dstOffset)) {
            throw new IndexOutOfBoundsException("pinned read-back [" + dstOffset + ", +" + byteCount + ") of " + bytes
                    + " bytes crosses a segment or the end");
        }
        Cuda.check(JCudaDriver.cuMemcpyDtoHAsync(segments[(int) (dstOffset / SEGMENT_BYTES)].withByteOffset(dstOffset % SEGMENT_BYTES),
                src.at(srcOffset), byteCount, stream.handle()), "cuMemcpyDtoHAsync", device.ordinal);
    }

    /** Asynchronous copy of {@code byteCount} bytes from this buffer to a device buffer, segment by segment. */
    public void copyTo(long srcOffset, DeviceBuffer dst, long dstOffset, long byteCount, GpuStream stream) {
        if (srcOffset < 0 || byteCount < 0 || srcOffset + byteCount > bytes) {
            throw new IndexOutOfBoundsException("pinned copy [" + srcOffset + ", +" + byteCount + ") of " + bytes + " bytes");
        }
        for (long done = 0; done < byteCount; ) {
            long at = srcOffset + done;
            long n = Math.min(byteCount - done, segmentRest(at));
            Cuda.check(JCudaDriver.cuMemcpyHtoDAsync(dst.at(dstOffset + done),
                    segments[(int) (at / SEGMENT_BYTES)].withByteOffset(at % SEGMENT_BYTES), n, stream.handle()),
                    "cuMemcpyHtoDAsync", device.ordinal);
            done += n;
        }
    }

    @Override
    public void close() {
        if (!closed) {
            closed = true;
            for (Pointer p : segments) {
                Cuda.checkQuietly(JCudaDriver.cuMemFreeHost(p), "cuMemFreeHost", device.ordinal);
            }
        }
    }
}
