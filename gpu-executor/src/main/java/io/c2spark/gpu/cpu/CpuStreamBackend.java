package io.c2spark.gpu.cpu;

import io.c2spark.gpu.coordinator.DeviceFailureException;
import io.c2spark.gpu.coordinator.SealableBackend;
import io.c2spark.gpu.coordinator.StreamBackend;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicReference;

/**
 * {@link StreamBackend} on CPU threads, with CUDA's semantics: each stream is one thread running
 * its work in order; an event completes when the work recorded before it has run; a stream made to
 * wait on an event runs nothing after the wait until the event completes; an error in any stream
 * is sticky for the whole "context", so every later synchronize fails, as after a CUDA fault.
 * Work is enqueued with {@link #enqueue}. Device time is {@link System#nanoTime()} since creation.
 *
 * <p>It stands behind the coordinator where there is no GPU (tests, CPU executors), so that the
 * coordinator's queueing, locking and failure handling run for real.
 */
public final class CpuStreamBackend extends SealableBackend {
    private final int device;
    private final long epochNanos = System.nanoTime();
    private final List<ExecutorService> threads = new ArrayList<>();
    private final AtomicReference<Throwable> sticky = new AtomicReference<>();

    public CpuStreamBackend(int device) {
        this.device = device;
    }

    private static final class CpuStream implements Stream {
        final ExecutorService thread;
        CompletableFuture<Void> tail = CompletableFuture.completedFuture(null);

        CpuStream(ExecutorService thread) {
            this.thread = thread;
        }
    }

    private static final class CpuEvent implements Event {
        volatile CompletableFuture<Long> done = CompletableFuture.completedFuture(0L);
    }

    @Override
    public int device() {
        return device;
    }

    @Override
    public synchronized Stream newStream() {
        checkNotSealed("stream creation");
        int n = threads.size();
        ExecutorService t = Executors.newSingleThreadExecutor(r -> {
            Thread th = new Thread(r, "cpu-device-" + device + "-stream-" + n);
            th.setDaemon(true);
            return th;
        });
        threads.add(t);
        return new CpuStream(t);
    }

    @Override
    public Event newEvent() {
        checkNotSealed("event creation");
        return new CpuEvent();
    }

    /** Enqueues work on a stream (the CPU stand-in for a kernel launch or an async copy). */
    public void enqueue(Stream stream, Runnable work) {
        CpuStream s = (CpuStream) stream;
        synchronized (s) {
            s.tail = s.tail.thenRunAsync(() -> {
                if (sticky.get() != null) {
                    return;
                }
                try {
                    work.run();
                } catch (RuntimeException | Error e) {
                    sticky.compareAndSet(null, e);
                }
            }, s.thread);
        }
    }

    @Override
    public void record(Event event, Stream stream) {
        CpuStream s = (CpuStream) stream;
        CpuEvent e = (CpuEvent) event;
        synchronized (s) {
            CompletableFuture<Long> marker = s.tail.thenApplyAsync(v -> System.nanoTime() - epochNanos, s.thread);
            s.tail = marker.thenApply(v -> null);
            e.done = marker;
        }
    }

    @Override
    public void waitEvent(Stream stream, Event event) {
        CpuStream s = (CpuStream) stream;
        CompletableFuture<Long> awaited = ((CpuEvent) event).done;
        synchronized (s) {
            s.tail = s.tail.thenCombine(awaited, (a, b) -> (Void) null);
        }
    }

    @Override
    public void synchronize(Event event) {
        try {
            ((CpuEvent) event).done.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new DeviceFailureException("interrupted while waiting on device " + device, e);
        } catch (ExecutionException e) {
            throw new DeviceFailureException("device " + device + " stream failed", e.getCause());
        }
        Throwable t = sticky.get();
        if (t != null) {
            throw new DeviceFailureException("device " + device + " failed: " + t, t);
        }
    }

    @Override
    public double deviceTimeMs(Event event) {
        return ((CpuEvent) event).done.join() / 1e6;
    }

    @Override
    public synchronized void close() {
        threads.forEach(ExecutorService::shutdownNow);
        threads.clear();
    }
}
