package io.c2spark.gpu.coordinator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.c2spark.gpu.cpu.CpuStreamBackend;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The coordinator's queueing, locking and health logic on the CPU stream backend, with one key. */
class GpuCoordinatorTest {
    private CpuStreamBackend backend;
    private ExecutorService workers;
    private TestKey key;

    @BeforeEach
    void setUp() {
        backend = new CpuStreamBackend(0);
        TimedWork.MISUSED_BUFFERS.set(0);
        TimedWork.RUNNING_STEPS.set(0);
    }

    @AfterEach
    void tearDown() {
        if (workers != null) {
            workers.shutdownNow();
        }
        backend.close();
    }

    /** A coordinator with one key of the given slots, loaded. */
    private GpuCoordinator coordinator(int slots, GpuCoordinator.FailureListener listener) throws InterruptedException {
        return coordinatorWith(slots, GpuCoordinator.Options.defaults().withFailureListener(listener));
    }

    private GpuCoordinator coordinatorWith(int slots, GpuCoordinator.Options options) throws InterruptedException {
        GpuCoordinator c = new GpuCoordinator(backend, VramLedger.none(), options.withKeyLog(line -> { }));
        key = TestKey.small("key", slots).on(c);
        assertEquals(slots, c.load(key).slots());
        return c;
    }

    /** Many workers, random delays: every result right, kernels never overlap, no buffer misuse. */
    @ParameterizedTest(name = "{0} workers, {1} slots")
    @CsvSource({"1,1", "2,2", "4,2", "4,4", "8,4", "8,8", "16,3"})
    @Timeout(60)
    void stressManyWorkersRandomDelays(int threads, int slots) throws Exception {
        GpuCoordinator c = coordinator(slots, null);
        workers = Executors.newFixedThreadPool(threads);
        int partitions = 32;
        List<Future<GpuCoordinator.Outcome<Long>>> futures = new ArrayList<>();
        List<TimedWork> works = new ArrayList<>();
        for (int p = 0; p < partitions; p++) {
            TimedWork w = new TimedWork(backend, 1000 + p, 2000);
            works.add(w);
            futures.add(workers.submit(() -> c.run(key, w)));
        }
        List<TaskMetrics> metrics = new ArrayList<>();
        for (int p = 0; p < partitions; p++) {
            GpuCoordinator.Outcome<Long> o = futures.get(p).get(30, TimeUnit.SECONDS);
            assertEquals(works.get(p).expected(), o.result(), "partition " + p);
            metrics.add(o.metrics());
        }
        assertEquals(0, TimedWork.MISUSED_BUFFERS.get(), "a slot buffer was used by two device steps at once");
        assertNoKernelOverlap(metrics);
        assertEquals(partitions, c.deviceMetrics().partitions());
        assertTrue(c.deviceMetrics().busyFraction() > 0 && c.deviceMetrics().busyFraction() <= 1);
        assertEquals(slots, c.freeSlots());
        for (TaskMetrics m : metrics) {
            assertEquals("key", m.key());
            assertTrue(m.keyWaitMs() >= 0 && m.slotWaitMs() >= 0 && m.memoryLockHoldMs() >= 0 && m.computeLockHoldMs() >= 0);
            assertTrue(m.kernelsDeviceMs() >= 0 && m.uploadDeviceMs() >= 0);
            assertTrue(m.kernelsStartDeviceMs() >= m.uploadEndDeviceMs(), "kernels started before their upload ended");
            assertTrue(m.totalMs() + 1e-6 >= m.keyWaitMs() + m.slotWaitMs() + m.prepareMs() + m.computeLockHoldMs());
        }
    }

    static void assertNoKernelOverlap(List<TaskMetrics> metrics) {
        List<TaskMetrics> sorted = new ArrayList<>(metrics);
        sorted.sort((a, b) -> Double.compare(a.kernelsStartDeviceMs(), b.kernelsStartDeviceMs()));
        for (int i = 1; i < sorted.size(); i++) {
            assertTrue(sorted.get(i).kernelsStartDeviceMs() >= sorted.get(i - 1).kernelsEndDeviceMs(),
                    "kernels of two partitions overlap on the device: " + sorted.get(i - 1) + " / " + sorted.get(i));
        }
    }

    /** An upload runs while another partition's kernels run: the memory lock is not the compute lock. */
    @Test
    @Timeout(30)
    void uploadsOverlapOtherWorkersKernels() throws Exception {
        GpuCoordinator c = coordinator(2, null);
        CountDownLatch kernelRunning = new CountDownLatch(1);
        CountDownLatch uploadEnqueued = new CountDownLatch(1);
        TimedWork slow = new TimedWork(backend, 1, 0);
        slow.faultInKernel = () -> {
            kernelRunning.countDown();
            try {
                if (!uploadEnqueued.await(10, TimeUnit.SECONDS)) {
                    fail("the second worker could not enqueue its upload while the first one's kernels ran");
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        };
        workers = Executors.newFixedThreadPool(2);
        Future<GpuCoordinator.Outcome<Long>> first = workers.submit(() -> c.run(key, slow));
        assertTrue(kernelRunning.await(10, TimeUnit.SECONDS));
        TimedWork second = new TimedWork(backend, 2, 0) {
            @Override
            public void enqueueUpload(Slot<Buffer> slot) {
                super.enqueueUpload(slot);
                uploadEnqueued.countDown();
            }
        };
        Future<GpuCoordinator.Outcome<Long>> other = workers.submit(() -> c.run(key, second));
        assertEquals(slow.expected(), first.get(10, TimeUnit.SECONDS).result());
        assertEquals(second.expected(), other.get(10, TimeUnit.SECONDS).result());
    }

    /**
     * With one lock, a partition's upload and kernels run with no other partition's device work
     * between or beside them: the device intervals from upload start to kernels end are disjoint.
     */
    @ParameterizedTest(name = "{0} workers, {1} slots")
    @CsvSource({"4,2", "8,4"})
    @Timeout(60)
    void oneLockKeepsUploadsAwayFromOtherKernels(int threads, int slots) throws Exception {
        GpuCoordinator c = coordinatorWith(slots, GpuCoordinator.Options.defaults().withLocks(GpuCoordinator.Locks.ONE));
        workers = Executors.newFixedThreadPool(threads);
        List<Future<GpuCoordinator.Outcome<Long>>> futures = new ArrayList<>();
        List<TimedWork> works = new ArrayList<>();
        for (int p = 0; p < 24; p++) {
            TimedWork w = new TimedWork(backend, 500 + p, 2000);
            works.add(w);
            futures.add(workers.submit(() -> c.run(key, w)));
        }
        List<TaskMetrics> metrics = new ArrayList<>();
        for (int p = 0; p < works.size(); p++) {
            GpuCoordinator.Outcome<Long> o = futures.get(p).get(30, TimeUnit.SECONDS);
            assertEquals(works.get(p).expected(), o.result(), "partition " + p);
            metrics.add(o.metrics());
        }
        metrics.sort((a, b) -> Double.compare(a.uploadStartDeviceMs(), b.uploadStartDeviceMs()));
        for (int i = 1; i < metrics.size(); i++) {
            assertTrue(metrics.get(i).uploadStartDeviceMs() >= metrics.get(i - 1).kernelsEndDeviceMs(),
                    "one lock, yet an upload ran beside other device work: " + metrics.get(i - 1) + " / " + metrics.get(i));
        }
        assertEquals(GpuCoordinator.Locks.ONE, c.locks());
        assertEquals(slots, c.freeSlots());
    }

    /** Slots are handed out first come, first served. */
    @Test
    @Timeout(30)
    void slotQueueIsFair() throws Exception {
        GpuCoordinator c = coordinator(1, null);
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch holding = new CountDownLatch(1);
        List<Integer> order = Collections.synchronizedList(new ArrayList<>());
        TimedWork holder = new TimedWork(backend, 0, 0) {
            @Override
            public void prepare(Slot<Buffer> slot) {
                holding.countDown();
                try {
                    release.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        };
        workers = Executors.newFixedThreadPool(9);
        Future<?> h = workers.submit(() -> c.run(key, holder));
        assertTrue(holding.await(10, TimeUnit.SECONDS));
        List<Future<?>> fs = new ArrayList<>();
        for (int i = 1; i <= 8; i++) {
            int id = i;
            TimedWork w = new TimedWork(backend, id, 0) {
                @Override
                public void prepare(Slot<Buffer> slot) {
                    order.add(id);
                }
            };
            fs.add(workers.submit(() -> c.run(key, w)));
            waitUntilQueued(c, i);
        }
        release.countDown();
        h.get(10, TimeUnit.SECONDS);
        for (Future<?> f : fs) {
            f.get(10, TimeUnit.SECONDS);
        }
        assertEquals(List.of(1, 2, 3, 4, 5, 6, 7, 8), order);
    }

    static void waitUntilQueued(GpuCoordinator c, int n) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (System.nanoTime() < deadline) {
            if (c.queuedWorkers() >= n) {
                return;
            }
            Thread.sleep(2);
        }
        fail("worker " + n + " never queued");
    }

    /** Rule 2: outside start-up and key loads nothing can create streams or events (device-global operations). */
    @Test
    void backendIsSealedAfterStartUpAndAfterEachKeyLoad() throws Exception {
        GpuCoordinator c = new GpuCoordinator(backend, VramLedger.none(), GpuCoordinator.Options.defaults());
        assertThrows(IllegalStateException.class, backend::newStream);
        c.load(TestKey.small("key", 2).on(c));
        IllegalStateException e = assertThrows(IllegalStateException.class, backend::newStream);
        assertTrue(e.getMessage().contains("outside start-up and key loads"), e.getMessage());
        assertThrows(IllegalStateException.class, backend::newEvent);
    }

    /** A device error: the failing, the in-flight and every later partition fail; none returns a result. */
    @Test
    @Timeout(60)
    void deviceFailurePoisonsEveryWorker() throws Exception {
        AtomicInteger notified = new AtomicInteger();
        GpuCoordinator c = coordinator(3, (d, t) -> notified.incrementAndGet());
        workers = Executors.newFixedThreadPool(8);
        List<Future<GpuCoordinator.Outcome<Long>>> futures = new ArrayList<>();
        for (int p = 0; p < 40; p++) {
            TimedWork w = new TimedWork(backend, p, 3000);
            if (p == 10) {
                w.faultInKernel = () -> {
                    throw new IllegalStateException("injected illegal address");
                };
            }
            futures.add(workers.submit(() -> c.run(key, w)));
        }
        int ok = 0;
        int failed = 0;
        for (Future<GpuCoordinator.Outcome<Long>> f : futures) {
            try {
                f.get(30, TimeUnit.SECONDS);
                ok++;
            } catch (ExecutionException e) {
                assertInstanceOf(DeviceUnhealthyException.class, e.getCause());
                assertTrue(e.getCause().getMessage().contains("injected illegal address"));
                failed++;
            }
        }
        assertTrue(failed >= 30 - 10, "partitions after the failure must fail, got " + failed);
        assertEquals(40, ok + failed);
        assertEquals(1, notified.get(), "the failure listener hears once");
        assertTrue(!c.healthy());
        assertThrows(DeviceUnhealthyException.class, () -> c.run(key, new TimedWork(backend, 99, 0)));
        assertThrows(DeviceUnhealthyException.class, () -> c.load(TestKey.small("another", 1).on(c)),
                "an unhealthy device loads no key");
    }

    /** A bad input (not a device error) fails only its own partition and frees its slot. */
    @Test
    @Timeout(30)
    void hostErrorFailsOnlyItsPartition() throws Exception {
        GpuCoordinator c = coordinator(1, null);
        TimedWork bad = new TimedWork(backend, 5, 0) {
            @Override
            public void enqueueCompute(Slot<Buffer> slot) {
                throw new IllegalArgumentException("malformed witness");
            }
        };
        assertThrows(IllegalArgumentException.class, () -> c.run(key, bad));
        assertTrue(c.healthy());
        TimedWork good = new TimedWork(backend, 6, 500);
        assertEquals(good.expected(), c.run(key, good).result());
        assertEquals(0, TimedWork.MISUSED_BUFFERS.get());
    }

    /** Waiters queued for a slot wake and fail when the device dies, instead of waiting forever. */
    @Test
    @Timeout(30)
    void queuedWaitersFailWhenDeviceDies() throws Exception {
        GpuCoordinator c = coordinator(1, null);
        CountDownLatch inKernel = new CountDownLatch(1);
        CountDownLatch die = new CountDownLatch(1);
        TimedWork dying = new TimedWork(backend, 1, 0);
        dying.faultInKernel = () -> {
            inKernel.countDown();
            try {
                die.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            throw new IllegalStateException("injected ECC error");
        };
        workers = Executors.newFixedThreadPool(5);
        Future<?> first = workers.submit(() -> c.run(key, dying));
        assertTrue(inKernel.await(10, TimeUnit.SECONDS));
        List<Future<?>> queued = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            queued.add(workers.submit(() -> c.run(key, new TimedWork(backend, 7, 0))));
        }
        waitUntilQueued(c, 4);
        die.countDown();
        for (Future<?> f : queued) {
            ExecutionException e = assertThrows(ExecutionException.class, () -> f.get(10, TimeUnit.SECONDS));
            assertInstanceOf(DeviceUnhealthyException.class, e.getCause());
        }
        assertThrows(ExecutionException.class, () -> first.get(10, TimeUnit.SECONDS));
    }
}
