package io.c2spark.gpu.prover;

import io.c2spark.core.groth16.ParameterSource;
import io.c2spark.core.groth16.ParameterSource.Query;
import io.c2spark.gpu.runtime.DeviceBuffer;
import io.c2spark.gpu.runtime.GpuDevice;
import io.c2spark.gpu.runtime.GpuEvent;
import io.c2spark.gpu.runtime.GpuStream;
import io.c2spark.gpu.runtime.PinnedHostBuffer;
import java.io.IOException;
import jcuda.driver.CUdeviceptr;

/**
 * The way parameter points go from a {@link ParameterSource} (a file, by positional reads) to the
 * device: two pinned staging buffers used in turn, so that the host reads the next chunk into one
 * while the other's upload runs; each chunk is uploaded as encoded and decoded in place on the
 * device ({@link ParamsDecoding}). The host waits, before it reads into a buffer, only for that
 * buffer's own last upload (an event), never for the device.
 */
final class PointStaging implements AutoCloseable {
    private final GpuDevice device;
    private final PinnedHostBuffer[] buffers = new PinnedHostBuffer[2];
    private final GpuEvent[] uploaded = new GpuEvent[2];
    private final boolean[] pending = new boolean[2];
    private int next;
    /** Bytes of each buffer: the largest chunk it takes. */
    final long bytes;

    /** Two buffers of bytes each, at most one pinned segment (1 GiB) so that a read fills one window. */
    PointStaging(GpuDevice device, long bytes) {
        if (bytes <= 0 || bytes > PinnedHostBuffer.SEGMENT_BYTES) {
            throw new IllegalArgumentException("staging buffers of " + bytes + " bytes: each must hold 1 byte to "
                    + PinnedHostBuffer.SEGMENT_BYTES + " (1 GiB)");
        }
        this.device = device;
        this.bytes = bytes;
        try {
            for (int i = 0; i < 2; i++) {
                buffers[i] = new PinnedHostBuffer(device, bytes);
                uploaded[i] = new GpuEvent(device);
            }
        } catch (RuntimeException e) {
            close();
            throw e;
        }
    }

    /**
     * Reads the query's points first .. first + n - 1 from the source into the next staging buffer
     * (once its previous upload has completed), and enqueues on s their upload to dst at dstOffset
     * and their decoding there, recording a refused point at flag.
     */
    void load(ParameterSource source, Query q, long first, int n, DeviceBuffer dst, long dstOffset, CUdeviceptr flag,
            GpuStream s) throws IOException {
        long len = (long) n * q.encodedBytes();
        if (len > bytes) {
            throw new IllegalArgumentException(n + " points of section " + q.section + " (" + len
                    + " bytes) exceed a staging buffer of " + bytes);
        }
        int b = next;
        next ^= 1;
        if (pending[b]) {
            uploaded[b].synchronize();
            pending[b] = false;
        }
        source.read(q, first, n, buffers[b].window(0, (int) len));
        buffers[b].copyTo(0, dst, dstOffset, len, s);
        uploaded[b].record(s);
        pending[b] = true;
        ParamsDecoding.enqueueDecode(device, q, dst.at(dstOffset), n, first, flag, s);
    }

    /** Waits for the uploads still reading the buffers, then frees them. */
    @Override
    public void close() {
        for (int i = 0; i < 2; i++) {
            if (pending[i]) {
                pending[i] = false;
                uploaded[i].synchronize();
            }
        }
        for (int i = 0; i < 2; i++) {
            if (buffers[i] != null) {
                buffers[i].close();
            }
            if (uploaded[i] != null) {
                uploaded[i].close();
            }
        }
    }
}
