package io.c2spark.gpu.coordinator;

import java.util.ArrayDeque;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;

/**
 * A fair (first come, first served) queue of the device's slots. A waiting worker holds no other
 * lock. When the device turns unhealthy every waiter wakes and fails, so nobody waits forever on a
 * slot that a dead device will never free.
 */
final class SlotQueue<W> {
    private final ReentrantLock lock = new ReentrantLock(true);
    private final Condition changed = lock.newCondition();
    private final ArrayDeque<Slot<W>> free;
    private final ArrayDeque<Thread> waiting = new ArrayDeque<>();
    private final Supplier<RuntimeException> unhealthy;

    SlotQueue(List<Slot<W>> slots, Supplier<RuntimeException> unhealthy) {
        this.free = new ArrayDeque<>(slots);
        this.unhealthy = unhealthy;
    }

    /** Waits for a free slot in arrival order; throws the device's failure if it turns unhealthy. */
    Slot<W> acquire() throws InterruptedException {
        Thread me = Thread.currentThread();
        lock.lock();
        try {
            waiting.addLast(me);
            try {
                while (true) {
                    RuntimeException failure = unhealthy.get();
                    if (failure != null) {
                        throw failure;
                    }
                    if (waiting.peekFirst() == me && !free.isEmpty()) {
                        return free.pollFirst();
                    }
                    changed.await(100, TimeUnit.MILLISECONDS);
                }
            } finally {
                waiting.remove(me);
                changed.signalAll();
            }
        } finally {
            lock.unlock();
        }
    }

    void release(Slot<W> slot) {
        lock.lock();
        try {
            free.addLast(slot);
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /** Wakes every waiter so that it re-checks the device's health. */
    void wakeAll() {
        lock.lock();
        try {
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    int waitingCount() {
        return sizeUnderLock(waiting);
    }

    int freeCount() {
        return sizeUnderLock(free);
    }

    private int sizeUnderLock(ArrayDeque<?> queue) {
        lock.lock();
        try {
            return queue.size();
        } finally {
            lock.unlock();
        }
    }
}
