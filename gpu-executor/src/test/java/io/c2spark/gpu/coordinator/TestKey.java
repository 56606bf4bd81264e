package io.c2spark.gpu.coordinator;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * A key for the coordinator's tests on the CPU stream backend: its sizes are given, its slots'
 * working sets are {@link TimedWork.Buffer}s, and it counts its preparations, loads and frees. Each
 * load and free checks that it runs with the device to itself: both locks held by the loading
 * thread, no slot of the device held, and no upload or kernel of any slot running
 * ({@link TimedWork#RUNNING_STEPS}); a breach is counted in {@link #BREACHES}.
 */
final class TestKey implements KeyLoader<TimedWork.Buffer> {
    static final long GIB = 1L << 30;
    static final AtomicInteger BREACHES = new AtomicInteger();

    private final String name;
    private final boolean large;
    private final VramLedger.Request request;
    final AtomicInteger prepares = new AtomicInteger();
    final AtomicInteger loads = new AtomicInteger();
    final AtomicInteger frees = new AtomicInteger();
    /** The coordinator whose device the checks look at; set before the first load. */
    volatile GpuCoordinator coordinator;
    /** Thrown by the next loads when set. */
    volatile RuntimeException failLoad;

    TestKey(String name, boolean large, VramLedger.Request request) {
        this.name = name;
        this.large = large;
        this.request = request;
    }

    /** A key of residentGiB of parameters and slotGiB per slot (streamed: 1 GiB of tables, slots 1 GiB larger), for workers. */
    static TestKey of(String name, boolean large, long residentGiB, long slotGiB, int workers) {
        return new TestKey(name, large, new VramLedger.Request(residentGiB * GIB, slotGiB * GIB, Math.min(residentGiB, 1) * GIB,
                (slotGiB + 1) * GIB, workers, false));
    }

    /** A key of no device bytes with the given slots. */
    static TestKey small(String name, int slots) {
        return new TestKey(name, false, new VramLedger.Request(0, 0, 0, 0, slots, false));
    }

    TestKey on(GpuCoordinator c) {
        this.coordinator = c;
        return this;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public boolean large() {
        return large;
    }

    @Override
    public Prepared<TimedWork.Buffer> prepare() {
        prepares.incrementAndGet();
        return new Prepared<>() {
            @Override
            public VramLedger.Request request() {
                return request;
            }

            @Override
            public Loaded<TimedWork.Buffer> load(VramLedger.Plan plan, StreamBackend backend) {
                checkDeviceToItself();
                RuntimeException f = failLoad;
                if (f != null) {
                    throw f;
                }
                loads.incrementAndGet();
                return new Loaded<>() {
                    @Override
                    public TimedWork.Buffer workingSet(int slot) {
                        return new TimedWork.Buffer();
                    }

                    @Override
                    public String describe() {
                        return "test load of " + name;
                    }

                    @Override
                    public void close() {
                        checkDeviceToItself();
                        frees.incrementAndGet();
                    }
                };
            }
        };
    }

    private void checkDeviceToItself() {
        GpuCoordinator c = coordinator;
        if (c == null || !c.bothLocksHeldByCurrentThread() || c.freeSlots() != c.slotCount()
                || TimedWork.RUNNING_STEPS.get() != 0) {
            BREACHES.incrementAndGet();
        }
    }
}
