package io.c2spark.core.concurrent;

import java.util.List;
import java.util.function.Consumer;

/** Waiting for threads that must finish whatever happens to the waiting one. */
public final class Threads {
    private Threads() {
    }

    /**
     * Waits until every thread has ended, even when the caller is interrupted meanwhile: each
     * interrupt is told to onInterrupt (which may ask the threads to stop early) and the caller's
     * interrupt status is set again once all have ended.
     */
    public static void joinAll(List<Thread> threads, Consumer<InterruptedException> onInterrupt) {
        boolean interrupted = false;
        for (Thread t : threads) {
            while (true) {
                try {
                    t.join();
                    break;
                } catch (InterruptedException e) {
                    interrupted = true;
                    onInterrupt.accept(e);
                }
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
