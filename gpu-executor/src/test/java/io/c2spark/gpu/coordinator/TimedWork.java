package io.c2spark.gpu.coordinator;

import io.c2spark.gpu.cpu.CpuStreamBackend;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * Test work for the coordinator on {@link CpuStreamBackend}: "uploads" its input into the slot's
 * buffer on the copy stream and "computes" on the compute stream (sum of squares of the buffer),
 * each step taking a random time. The result depends on the slot's buffer, so a slot reused while
 * a previous owner's work is still running, or an upload that the compute did not wait for, gives
 * a wrong result.
 */
class TimedWork implements PartitionWork<TimedWork.Buffer, Long> {
    /** A slot's working set: the "device" buffer and a count of device steps running on it. */
    static final class Buffer {
        final long[] data = new long[64];
        final AtomicInteger activeSteps = new AtomicInteger();
    }

    static final AtomicInteger MISUSED_BUFFERS = new AtomicInteger();
    /** Device steps (uploads and kernels) of any slot running now: a key loads or is freed only while it is 0. */
    static final AtomicInteger RUNNING_STEPS = new AtomicInteger();

    private final CpuStreamBackend backend;
    private final long seed;
    private final int maxMicros;
    private final Random rnd;
    long deviceResult = -1;
    volatile Runnable faultInKernel;

    TimedWork(CpuStreamBackend backend, long seed, int maxMicros) {
        this.backend = backend;
        this.seed = seed;
        this.maxMicros = maxMicros;
        this.rnd = new Random(seed);
    }

    long expected() {
        long sum = 0;
        for (int i = 0; i < 64; i++) {
            long v = seed * 31 + i;
            sum += v * v;
        }
        return sum;
    }

    private void pause() {
        if (maxMicros > 0) {
            LockSupport.parkNanos(1000L * rnd.nextInt(maxMicros));
        }
    }

    @Override
    public void prepare(Slot<Buffer> slot) {
        pause();
    }

    @Override
    public void enqueueUpload(Slot<Buffer> slot) {
        Buffer b = slot.workingSet();
        int delay = maxMicros > 0 ? rnd.nextInt(maxMicros) : 0;
        backend.enqueue(slot.copyStream(), () -> {
            enter(b);
            for (int i = 0; i < 64; i++) {
                b.data[i] = seed * 31 + i;
                if (i == 32) {
                    LockSupport.parkNanos(1000L * delay);
                }
            }
            leave(b);
        });
    }

    @Override
    public void enqueueCompute(Slot<Buffer> slot) {
        Buffer b = slot.workingSet();
        int delay = maxMicros > 0 ? rnd.nextInt(maxMicros) : 0;
        Runnable fault = faultInKernel;
        backend.enqueue(slot.computeStream(), () -> {
            enter(b);
            try {
                LockSupport.parkNanos(1000L * delay);
                if (fault != null) {
                    fault.run();
                }
                long sum = 0;
                for (long v : b.data) {
                    sum += v * v;
                }
                deviceResult = sum;
            } finally {
                leave(b);
            }
        });
    }

    @Override
    public Long finish(Slot<Buffer> slot) {
        return deviceResult;
    }

    private static void enter(Buffer b) {
        RUNNING_STEPS.incrementAndGet();
        if (b.activeSteps.incrementAndGet() != 1) {
            MISUSED_BUFFERS.incrementAndGet();
        }
    }

    private static void leave(Buffer b) {
        b.activeSteps.decrementAndGet();
        RUNNING_STEPS.decrementAndGet();
    }
}
