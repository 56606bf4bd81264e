package io.c2spark.gpu.coordinator;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.IntFunction;
import java.util.logging.Logger;

/**
 * Shares one GPU between several workers (Spark tasks) so that one worker's kernels run while
 * another uploads and others do CPU work: a fair slot queue, a memory lock for uploads and a
 * compute lock for kernels.
 *
 * <h2>The worker sequence ({@link #run})</h2>
 * <ol>
 * <li>take a slot from the fair queue, holding no lock;</li>
 * <li>prepare on the CPU (witness into the slot's pinned buffer), holding no lock;</li>
 * <li>memory lock: enqueue the upload on the slot's copy stream between two events; release;</li>
 * <li>compute lock: make the compute stream wait on the upload event (a device-side wait, the
 * host does not block), enqueue the kernels between two events, wait on the slot's own done
 * event, release;</li>
 * <li>read back and finish on the CPU, holding no lock; return the slot.</li>
 * </ol>
 *
 * <h2>Why it cannot deadlock</h2>
 * A worker holds at most one of the three resources at any moment except the slot, and it takes
 * them in one fixed order: slot, then memory lock, then compute lock. It releases the memory lock
 * before asking for the compute lock, and it never waits for anything while holding a lock except
 * its own slot's done event, which depends only on work already enqueued in its own streams (and
 * on its own upload event): no other worker's progress. So no cycle of waits can form. The slot
 * queue cannot starve anyone: it is first come, first served, and every slot comes back in a
 * finally block. When the device fails, every waiter in the queue wakes and fails.
 *
 * <h2>What it never does</h2>
 * No device-global operation after start-up: no allocation, no stream or event creation (the
 * backend is sealed after the slots are made), no device synchronize (the backend has none);
 * admission is by the slot count fixed at start-up from the {@link VramLedger}, never by probing
 * free memory. Those operations wait on every stream of the device, so a lock around them would
 * silently become one lock again; this is how a two-lock design failed before.
 *
 * <h2>One lock, for comparison</h2>
 * With {@link Locks#ONE} a worker holds the compute lock from before its upload until its kernels
 * are done (the memory lock is then only ever taken inside it, uncontended): one worker's upload
 * can no longer overlap another's kernels. It exists to measure what the memory lock buys; its
 * wait is reported as the memory-lock wait. Lock order there is compute, memory, compute
 * (reentrant), the same for every worker, so no cycle can form either.
 *
 * <h2>Failures</h2>
 * A {@link DeviceFailureException} from any step marks the device unhealthy for good: the failing
 * worker, the in-flight workers (when they finish) and every later worker get a
 * {@link DeviceUnhealthyException}; no result leaves an unhealthy device. The listener given at
 * construction, if any (it may be null), hears of the first failure once, on the thread of the
 * worker that met it, after the queue's waiters are woken. The Spark job gives none: its task
 * that gets the DeviceUnhealthyException ends the executor itself.
 *
 * @param <W> the prover's per-slot working set
 */
public final class GpuCoordinator<W> implements AutoCloseable {
    private static final Logger LOG = Logger.getLogger(GpuCoordinator.class.getName());

    /** Two locks (uploads and kernels apart), or one around both (to measure what the split buys). */
    public enum Locks { TWO, ONE }

    /** Hears of the first failure of a device, once. */
    public interface FailureListener {
        void onDeviceFailure(int device, Throwable failure);
    }

    private final StreamBackend backend;
    private final List<Slot<W>> slots;
    private final SlotQueue<W> queue;
    private final ReentrantLock memoryLock = new ReentrantLock(true);
    private final ReentrantLock computeLock = new ReentrantLock(true);
    private final AtomicReference<Throwable> failure = new AtomicReference<>();
    private final DeviceMetrics deviceMetrics = new DeviceMetrics();
    private final FailureListener failureListener;
    private final Locks locks;

    /**
     * Creates the slots (their streams, events and working sets) and seals the backend: after this
     * constructor no stream, event or device memory is ever created on this device.
     *
     * @param slotCount number of slots, from the VRAM ledger (at least 1)
     * @param workingSets makes slot i's working set (allocations happen here, at start-up only)
     */
    public GpuCoordinator(StreamBackend backend, int slotCount, IntFunction<W> workingSets,
            FailureListener failureListener) {
        this(backend, slotCount, workingSets, failureListener, Locks.TWO);
    }

    /** As above, with the lock scheme given. */
    public GpuCoordinator(StreamBackend backend, int slotCount, IntFunction<W> workingSets,
            FailureListener failureListener, Locks locks) {
        this.locks = locks;
        if (slotCount < 1) {
            throw new IllegalArgumentException("a device needs at least one slot, got " + slotCount);
        }
        this.backend = backend;
        this.failureListener = failureListener;
        List<Slot<W>> made = new ArrayList<>(slotCount);
        for (int i = 0; i < slotCount; i++) {
            made.add(new Slot<>(i, backend, workingSets.apply(i)));
        }
        this.slots = List.copyOf(made);
        backend.seal();
        this.queue = new SlotQueue<>(slots, this::unhealthyException);
    }

    public int device() {
        return backend.device();
    }

    public Locks locks() {
        return locks;
    }

    public int slotCount() {
        return slots.size();
    }

    public DeviceMetrics deviceMetrics() {
        return deviceMetrics;
    }

    /** Slots not held by any worker now. */
    public int freeSlots() {
        return queue.freeCount();
    }

    /** Workers waiting in the slot queue now. */
    public int queuedWorkers() {
        return queue.waitingCount();
    }

    public boolean healthy() {
        return failure.get() == null;
    }

    /** The outcome of one partition: its result and where its time went. */
    public record Outcome<R>(R result, TaskMetrics metrics) {
    }

    /** Runs one partition through the worker sequence; see the class documentation. */
    public <R> Outcome<R> run(PartitionWork<W, R> work) throws InterruptedException {
        long t0 = System.nanoTime();
        failIfUnhealthy();
        Slot<W> slot = queue.acquire();
        long tSlot = System.nanoTime();
        boolean deviceWorkPending = false;
        try {
            work.prepare(slot);
            long tPrepared = System.nanoTime();
            long tMemLocked;
            long tMemReleased;
            long tComputeLocked;
            long tComputeReleased;
            if (locks == Locks.ONE) {
                computeLock.lockInterruptibly();
            }
            try {
                memoryLock.lockInterruptibly();
                tMemLocked = System.nanoTime();
                try {
                    failIfUnhealthy();
                    backend.record(slot.uploadStart, slot.copyStream);
                    deviceWorkPending = true;
                    work.enqueueUpload(slot);
                    backend.record(slot.uploadDone, slot.copyStream);
                } finally {
                    memoryLock.unlock();
                }
                tMemReleased = System.nanoTime();

                computeLock.lockInterruptibly();
                tComputeLocked = System.nanoTime();
                try {
                    failIfUnhealthy();
                    backend.waitEvent(slot.computeStream, slot.uploadDone);
                    backend.record(slot.kernelsStart, slot.computeStream);
                    work.enqueueCompute(slot);
                    backend.record(slot.kernelsDone, slot.computeStream);
                    backend.synchronize(slot.kernelsDone);
                    deviceWorkPending = false;
                } finally {
                    computeLock.unlock();
                }
                tComputeReleased = System.nanoTime();
            } finally {
                if (locks == Locks.ONE) {
                    computeLock.unlock();
                }
            }

            R result = work.finish(slot);
            long tDone = System.nanoTime();
            failIfUnhealthy();
            TaskMetrics m = new TaskMetrics(backend.device(), slot.index, ms(tSlot - t0), ms(tPrepared - tSlot),
                    ms(tMemLocked - tPrepared), ms(tMemReleased - tMemLocked), ms(tComputeLocked - tMemReleased),
                    ms(tComputeReleased - tComputeLocked), ms(tDone - tComputeReleased), ms(tDone - t0),
                    backend.deviceTimeMs(slot.uploadStart), backend.deviceTimeMs(slot.uploadDone),
                    backend.deviceTimeMs(slot.kernelsStart), backend.deviceTimeMs(slot.kernelsDone));
            deviceMetrics.add(m);
            LOG.fine(m::toLogLine);
            return new Outcome<>(result, m);
        } catch (DeviceFailureException e) {
            markUnhealthy(e);
            throw unhealthyException();
        } finally {
            if (deviceWorkPending) {
                drain(slot);
            }
            queue.release(slot);
        }
    }

    /**
     * After a worker failed between enqueueing and its done event, waits for what it left in its
     * own two streams, so that the next owner of the slot cannot overwrite buffers under running
     * copies or kernels. Waits on the slot's own events only.
     */
    private void drain(Slot<W> slot) {
        try {
            backend.record(slot.uploadDone, slot.copyStream);
            backend.record(slot.kernelsDone, slot.computeStream);
            backend.synchronize(slot.uploadDone);
            backend.synchronize(slot.kernelsDone);
        } catch (DeviceFailureException e) {
            markUnhealthy(e);
        }
    }

    private void markUnhealthy(Throwable e) {
        if (failure.compareAndSet(null, e)) {
            LOG.severe("GPU " + backend.device() + " failed: " + e.getMessage() + "; marking it unhealthy");
            queue.wakeAll();
            if (failureListener != null) {
                failureListener.onDeviceFailure(backend.device(), e);
            }
        }
    }

    private RuntimeException unhealthyException() {
        Throwable f = failure.get();
        return f == null ? null : new DeviceUnhealthyException(backend.device(), f);
    }

    private void failIfUnhealthy() {
        RuntimeException e = unhealthyException();
        if (e != null) {
            throw e;
        }
    }

    private static double ms(long nanos) {
        return nanos / 1e6;
    }

    @Override
    public void close() {
        backend.close();
    }
}
