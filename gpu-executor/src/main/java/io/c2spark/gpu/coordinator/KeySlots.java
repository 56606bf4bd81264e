package io.c2spark.gpu.coordinator;

import java.util.ArrayDeque;
import java.util.List;

/**
 * A loaded key's share of its device: its plan, the key itself, its slots and the fair (first
 * come, first served) queue of the workers waiting for one. Only the coordinator touches it, under
 * its state lock.
 */
final class KeySlots<W> {
    final String name;
    final boolean large;
    final VramLedger.Plan plan;
    final KeyLoader.Loaded<W> loaded;
    final List<Slot<W>> slots;
    final ArrayDeque<Slot<W>> free;
    final ArrayDeque<Thread> waiting = new ArrayDeque<>();
    int held;

    KeySlots(String name, boolean large, VramLedger.Plan plan, KeyLoader.Loaded<W> loaded, List<Slot<W>> slots) {
        this.name = name;
        this.large = large;
        this.plan = plan;
        this.loaded = loaded;
        this.slots = List.copyOf(slots);
        this.free = new ArrayDeque<>(slots);
    }

    /** No worker holds one of its slots or waits for one: the key may be evicted. */
    boolean idle() {
        return held == 0 && waiting.isEmpty();
    }

    /** "2 slot(s) held, 1 worker(s) waiting": for refusals. */
    String business() {
        return held + " slot(s) held, " + waiting.size() + " worker(s) waiting";
    }
}
