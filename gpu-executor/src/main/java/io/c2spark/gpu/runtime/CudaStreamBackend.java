package io.c2spark.gpu.runtime;

import java.util.ArrayList;
import java.util.List;

import io.c2spark.gpu.coordinator.DeviceFailureException;
import io.c2spark.gpu.coordinator.SealableBackend;
import io.c2spark.gpu.coordinator.StreamBackend;

/**
 * The coordinator's {@link StreamBackend} on a CUDA device: streams are {@link GpuStream}s, events
 * {@link GpuEvent}s (with timing), the device-side wait is cuStreamWaitEvent and device times are
 * cuEventElapsedTime from a reference event recorded at start-up. A driver error while waiting is
 * reported as {@link DeviceFailureException}: CUDA errors are sticky, the context is lost.
 */
public final class CudaStreamBackend extends SealableBackend {
    private final GpuDevice device;
    private final boolean closesDevice;
    private final List<AutoCloseable> owned = new ArrayList<>();
    private final GpuEvent epoch;

    private record CudaStream(GpuStream stream) implements Stream {
    }

    private record CudaEvent(GpuEvent event) implements Event {
    }

    /** Over a device the caller keeps open and closes. */
    public CudaStreamBackend(GpuDevice device) {
        this(device, false);
    }

    /** With closesDevice, {@link #close} closes the device too (a device opened for this backend alone). */
    public CudaStreamBackend(GpuDevice device, boolean closesDevice) {
        this.device = device;
        this.closesDevice = closesDevice;
        device.bind();
        this.epoch = new GpuEvent(device);
        owned.add(epoch);
        try (GpuStream s = device.newStream()) {
            epoch.record(s);
            epoch.synchronize();
        }
    }

    /** The device this backend's streams and events live on. */
    public GpuDevice gpu() {
        return device;
    }

    /** The CUDA stream behind a stream of this backend, for enqueueing kernels on it. */
    public static GpuStream gpuStream(Stream s) {
        return ((CudaStream) s).stream();
    }

    @Override
    public int device() {
        return device.ordinal;
    }

    @Override
    public synchronized Stream newStream() {
        checkNotSealed("stream creation");
        GpuStream s = device.newStream();
        owned.add(s);
        return new CudaStream(s);
    }

    @Override
    public synchronized Event newEvent() {
        checkNotSealed("event creation");
        GpuEvent e = new GpuEvent(device);
        owned.add(e);
        return new CudaEvent(e);
    }

    @Override
    public void record(Event event, Stream stream) {
        device.bind();
        ((CudaEvent) event).event().record(gpuStream(stream));
    }

    @Override
    public void waitEvent(Stream stream, Event event) {
        device.bind();
        gpuStream(stream).waitFor(((CudaEvent) event).event());
    }

    @Override
    public void synchronize(Event event) {
        try {
            ((CudaEvent) event).event().synchronize();
        } catch (CudaException e) {
            throw new DeviceFailureException("GPU " + device.ordinal + " failed: " + e.getMessage(), e);
        }
    }

    @Override
    public double deviceTimeMs(Event event) {
        return ((CudaEvent) event).event().millisSince(epoch);
    }

    @Override
    public void close() {
        for (int i = owned.size() - 1; i >= 0; i--) {
            try {
                owned.get(i).close();
            } catch (Exception e) {
                System.err.println("[gpu-executor] closing a stream or event of GPU " + device.ordinal + ": " + e);
            }
        }
        owned.clear();
        if (closesDevice) {
            device.close();
        }
    }
}
