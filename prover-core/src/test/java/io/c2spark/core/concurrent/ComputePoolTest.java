package io.c2spark.core.concurrent;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.junit.jupiter.api.Test;

/** The pool runs every index once, and a body's exception reaches the caller as it was thrown. */
class ComputePoolTest {
    @Test
    void everyIndexRunsOnce() {
        AtomicIntegerArray ranged = new AtomicIntegerArray(1000);
        ComputePool.forRange(0, 1000, 7, (from, to) -> {
            for (int i = from; i < to; i++) {
                ranged.incrementAndGet(i);
            }
        });
        AtomicIntegerArray each = new AtomicIntegerArray(21);
        ComputePool.forEach(21, each::incrementAndGet);
        int[] ones = new int[1000];
        Arrays.fill(ones, 1);
        assertArrayEquals(ones, toArray(ranged));
        assertArrayEquals(Arrays.copyOf(ones, 21), toArray(each));
    }

    /** Thrown on a worker after the caller has started waiting: the caller still gets that very exception. */
    @Test
    void aBodysExceptionIsRethrownAsThrown() {
        IllegalArgumentException bad = new IllegalArgumentException("file.zkey: coefficient 5 value is not below r");
        for (int round = 0; round < 5; round++) {
            assertSame(bad, assertThrows(IllegalArgumentException.class,
                    () -> ComputePool.forRange(0, 64, 1, (from, to) -> failAt(5, from, to, bad))));
            assertSame(bad, assertThrows(IllegalArgumentException.class,
                    () -> ComputePool.forEach(8, i -> failAt(5, i, i + 1, bad))));
            assertSame(bad, assertThrows(IllegalArgumentException.class,
                    () -> ComputePool.all(() -> { }, () -> failAt(0, 0, 1, bad))));
        }
    }

    private static void failAt(int index, int from, int to, RuntimeException e) {
        if (index >= from && index < to) {
            try {
                Thread.sleep(10);
            } catch (InterruptedException interrupted) {
                Thread.currentThread().interrupt();
            }
            throw e;
        }
    }

    private static int[] toArray(AtomicIntegerArray a) {
        int[] out = new int[a.length()];
        for (int i = 0; i < out.length; i++) {
            out[i] = a.get(i);
        }
        return out;
    }
}
