package io.c2spark.gpu.coordinator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.c2spark.gpu.cpu.CpuStreamBackend;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Several keys on one device's coordinator, on the CPU stream backend: one pair of locks for every
 * key (no two workers' kernels overlap, whatever their keys), one ledger, keys loaded and freed
 * only with the device to the loading thread, and the eviction rules: a large key evicts an idle
 * large key, is refused beside a busy one, and small keys coexist as the ledger allows.
 */
class CoordinatorKeysTest {
    private static final long GIB = TestKey.GIB;

    private CpuStreamBackend backend;
    private ExecutorService workers;
    private final List<String> keyLog = Collections.synchronizedList(new ArrayList<>());

    @BeforeEach
    void setUp() {
        backend = new CpuStreamBackend(0);
        TimedWork.MISUSED_BUFFERS.set(0);
        TimedWork.RUNNING_STEPS.set(0);
        TestKey.BREACHES.set(0);
    }

    @AfterEach
    void tearDown() {
        if (workers != null) {
            workers.shutdownNow();
        }
        backend.close();
    }

    /** A coordinator over a device of deviceGiB with 2 GiB reserved; plan lines to keyLog. */
    private GpuCoordinator coordinator(long deviceGiB) {
        return new GpuCoordinator(backend, new VramLedger(deviceGiB * GIB, 0, 2 * GIB),
                GpuCoordinator.Options.defaults().withKeyLog(keyLog::add));
    }

    private TaskMetrics prove(GpuCoordinator c, TestKey key, long seed) throws InterruptedException {
        TimedWork w = new TimedWork(backend, seed, 300);
        GpuCoordinator.Outcome<Long> o = c.run(key, w);
        assertEquals(w.expected(), o.result(), key.name() + ", seed " + seed);
        return o.metrics();
    }

    private static Set<String> ledgerKeys(GpuCoordinator c) {
        return c.ledger().entries().stream().map(VramLedger.Plan::key).collect(Collectors.toSet());
    }

    /** A worker that holds a slot of the key, in its CPU preparation, until released. */
    private final class Holder {
        final CountDownLatch holding = new CountDownLatch(1);
        final CountDownLatch release = new CountDownLatch(1);
        final Future<GpuCoordinator.Outcome<Long>> done;
        final TimedWork work;

        Holder(GpuCoordinator c, TestKey key, long seed) throws InterruptedException {
            work = new TimedWork(backend, seed, 0) {
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
            done = workers.submit(() -> c.run(key, work));
            assertTrue(holding.await(10, TimeUnit.SECONDS), "the holder never got its slot");
        }

        void finish() throws Exception {
            release.countDown();
            assertEquals(work.expected(), done.get(10, TimeUnit.SECONDS).result());
        }
    }

    /**
     * Workers of two keys (2 and 3 slots) at once: every result right, no slot buffer used by two
     * device steps at once, no two kernels overlap on the device's clock across the keys, each key
     * prepared and loaded once although its first workers came together, both keys in the one
     * ledger, and the device's metrics count every partition of both.
     */
    @Test
    @Timeout(60)
    void kernelsOfTwoKeysNeverOverlapAndBothAreInOneLedger() throws Exception {
        GpuCoordinator c = coordinator(141);
        TestKey small = TestKey.of("2KiB", false, 1, 1, 2).on(c);
        TestKey medium = TestKey.of("8MiB", false, 2, 1, 3).on(c);
        workers = Executors.newFixedThreadPool(8);
        CountDownLatch start = new CountDownLatch(1);
        List<Future<GpuCoordinator.Outcome<Long>>> futures = new ArrayList<>();
        List<TimedWork> works = new ArrayList<>();
        Random rnd = new Random(26);
        for (int p = 0; p < 48; p++) {
            TestKey k = rnd.nextBoolean() ? small : medium;
            TimedWork w = new TimedWork(backend, 100 + p, 2000);
            works.add(w);
            futures.add(workers.submit(() -> {
                start.await();
                return c.run(k, w);
            }));
        }
        start.countDown();
        List<TaskMetrics> metrics = new ArrayList<>();
        for (int p = 0; p < works.size(); p++) {
            GpuCoordinator.Outcome<Long> o = futures.get(p).get(30, TimeUnit.SECONDS);
            assertEquals(works.get(p).expected(), o.result(), "partition " + p);
            metrics.add(o.metrics());
        }
        assertEquals(0, TimedWork.MISUSED_BUFFERS.get(), "a slot buffer was used by two device steps at once");
        GpuCoordinatorTest.assertNoKernelOverlap(metrics);
        assertEquals(Set.of("2KiB", "8MiB"), metrics.stream().map(TaskMetrics::key).collect(Collectors.toSet()));
        for (TaskMetrics m : metrics) {
            assertTrue(m.slot() < (m.key().equals("2KiB") ? 2 : 3), m.toLogLine());
        }
        assertEquals(1, small.prepares.get());
        assertEquals(1, small.loads.get());
        assertEquals(1, medium.prepares.get());
        assertEquals(1, medium.loads.get());
        assertEquals(Set.of("2KiB", "8MiB"), ledgerKeys(c));
        assertEquals(c.plan("2KiB").usedBytes() + c.plan("8MiB").usedBytes(), c.ledger().usedBytes());
        assertEquals((1 + 2 * 1) * GIB, c.plan("2KiB").usedBytes());
        assertEquals((2 + 3 * 1) * GIB, c.plan("8MiB").usedBytes());
        assertEquals(5, c.slotCount());
        assertEquals(5, c.freeSlots());
        assertEquals(48, c.deviceMetrics().partitions());
        assertEquals(0, TestKey.BREACHES.get(), "a key loaded without the device to itself");
        assertEquals(2, keyLog.size(), keyLog.toString());
        assertTrue(keyLog.stream().allMatch(l -> l.startsWith("GPU 0: ") && l.contains(" key: resident parameters")), keyLog.toString());
    }

    /**
     * While workers of two keys prove, another thread loads and unloads a third key again and
     * again, and proves with two large keys in turn (each evicting the other): every load and every
     * free ran with both locks held by the loader, no slot held and no upload or kernel running; no
     * kernels overlap; every result is right.
     */
    @Test
    @Timeout(120)
    void keysLoadAndFreeOnlyWithTheDeviceToTheLoader() throws Exception {
        GpuCoordinator c = coordinator(141);
        TestKey a = TestKey.of("a", false, 1, 1, 2).on(c);
        TestKey b = TestKey.of("b", false, 1, 1, 2).on(c);
        TestKey third = TestKey.of("c", false, 1, 1, 1).on(c);
        TestKey l32 = TestKey.of("32GiB", true, 47, 20, 2).on(c);
        TestKey l64 = TestKey.of("64GiB", true, 47, 20, 2).on(c);
        workers = Executors.newFixedThreadPool(7);
        List<Future<List<TaskMetrics>>> runs = new ArrayList<>();
        for (int t = 0; t < 6; t++) {
            int id = t;
            runs.add(workers.submit(() -> {
                List<TaskMetrics> ms = new ArrayList<>();
                for (int p = 0; p < 12; p++) {
                    ms.add(prove(c, (p + id) % 2 == 0 ? a : b, 1000L * id + p));
                }
                return ms;
            }));
        }
        runs.add(workers.submit(() -> {
            List<TaskMetrics> ms = new ArrayList<>();
            for (int round = 0; round < 10; round++) {
                c.load(third);
                ms.add(prove(c, third, 50_000 + round));
                assertTrue(c.unload("c"));
                ms.add(prove(c, round % 2 == 0 ? l32 : l64, 60_000 + round));
            }
            return ms;
        }));
        List<TaskMetrics> all = new ArrayList<>();
        for (Future<List<TaskMetrics>> f : runs) {
            all.addAll(f.get(100, TimeUnit.SECONDS));
        }
        assertEquals(0, TestKey.BREACHES.get(), "a key was loaded or freed while the device was not the loader's alone");
        assertEquals(0, TimedWork.MISUSED_BUFFERS.get());
        GpuCoordinatorTest.assertNoKernelOverlap(all);
        assertEquals(10, third.loads.get());
        assertEquals(10, third.frees.get());
        assertEquals(5, l32.loads.get());
        assertEquals(5, l64.loads.get());
        assertEquals(5, l32.frees.get(), "each 64GiB load evicted the idle 32GiB key");
        assertEquals(4, l64.frees.get(), "each 32GiB load after the first evicted the idle 64GiB key");
        assertEquals(Set.of("a", "b", "64GiB"), ledgerKeys(c));
    }

    /** A large key evicts the idle large key (never a small one), and its plan line says so; and back again. */
    @Test
    @Timeout(30)
    void aLargeKeyEvictsTheIdleLargeKeyAndThePlanLineSaysSo() throws Exception {
        GpuCoordinator c = coordinator(141);
        TestKey small = TestKey.of("2KiB", false, 1, 1, 2).on(c);
        TestKey l32 = TestKey.of("32GiB", true, 47, 20, 2).on(c);
        TestKey l64 = TestKey.of("64GiB", true, 47, 20, 2).on(c);
        prove(c, small, 1);
        prove(c, l32, 2);
        assertEquals(List.of("2KiB", "32GiB"), c.keys());
        assertTrue(c.plan("32GiB").evicted().isEmpty());
        prove(c, l64, 3);
        assertEquals(List.of("2KiB", "64GiB"), c.keys());
        assertEquals(1, l32.frees.get());
        assertEquals(0, small.frees.get(), "the small key stays beside the large one");
        VramLedger.Plan plan = c.plan("64GiB");
        assertEquals(List.of("32GiB"), plan.evicted());
        assertEquals(List.of("2KiB"), plan.beside());
        assertEquals(VramLedger.Mode.RESIDENT, plan.mode());
        assertEquals(2, plan.slots());
        assertNull(c.plan("32GiB"));
        assertEquals(Set.of("2KiB", "64GiB"), ledgerKeys(c));
        assertEquals(c.plan("2KiB").usedBytes() + plan.usedBytes(), c.ledger().usedBytes());
        String line = keyLog.get(keyLog.size() - 1);
        assertTrue(line.startsWith("GPU 0: 64GiB key: resident parameters, 2 slot(s) of 20.00 GiB, 47.00 GiB resident")
                && line.contains("beside the 2KiB key") && line.contains("evicted the idle 32GiB key")
                && line.endsWith("test load of 64GiB"), line);
        prove(c, l32, 4);
        assertEquals(List.of("2KiB", "32GiB"), c.keys());
        assertEquals(1, l64.frees.get());
        assertEquals(2, l32.loads.get());
        assertEquals(0, TestKey.BREACHES.get());
    }

    /**
     * A large key asked for while the other large key has a worker is refused before its circuit
     * is read, with a message naming both keys; the busy key and its worker go on, and once it is
     * idle the same request evicts it.
     */
    @Test
    @Timeout(30)
    void aLargeKeyBesideABusyLargeKeyIsRefusedAndNothingChanges() throws Exception {
        GpuCoordinator c = coordinator(141);
        TestKey l32 = TestKey.of("32GiB", true, 47, 20, 1).on(c);
        TestKey l64 = TestKey.of("64GiB", true, 47, 20, 1).on(c);
        workers = Executors.newFixedThreadPool(2);
        Holder holder = new Holder(c, l32, 7);
        KeyRefusedException e = assertThrows(KeyRefusedException.class, () -> c.run(l64, new TimedWork(backend, 8, 0)));
        assertEquals("GPU 0: the 64GiB key is refused: the 32GiB key is resident and busy (1 slot(s) held, 0 worker(s) waiting);"
                + " a device holds one large key (32GiB or 64GiB parameters) at a time, and evicts it only once its workers are"
                + " done", e.getMessage());
        assertThrows(KeyRefusedException.class, () -> c.load(l64));
        assertEquals(0, l64.prepares.get(), "refused before its circuit is read");
        assertEquals(e.getMessage(), keyLog.get(keyLog.size() - 1), "the refusal is in the key log");
        assertEquals(0, l32.frees.get());
        assertEquals(List.of("32GiB"), c.keys());
        assertTrue(c.healthy());
        holder.finish();
        prove(c, l64, 9);
        assertEquals(List.of("64GiB"), c.keys());
        assertEquals(List.of("32GiB"), c.plan("64GiB").evicted());
        assertEquals(0, TestKey.BREACHES.get());
    }

    /**
     * Small keys sit side by side as long as the ledger has room; one that has none evicts the
     * oldest idle key only (never a busy one), and its load waits until every slot of the device is
     * back; one that cannot fit even with every idle key gone is refused, naming the sizes.
     */
    @Test
    @Timeout(30)
    void smallKeysCoexistAsTheLedgerAllowsAndEvictOnlyForRoom() throws Exception {
        GpuCoordinator c = coordinator(12);
        TestKey a = TestKey.of("a", false, 3, 1, 1).on(c);
        TestKey b = TestKey.of("b", false, 3, 1, 1).on(c);
        TestKey third = TestKey.of("c", false, 3, 1, 1).on(c);
        TestKey fourth = TestKey.of("d", false, 3, 1, 1).on(c);
        prove(c, a, 1);
        prove(c, b, 2);
        assertEquals(List.of("a", "b"), c.keys());
        assertEquals(8 * GIB, c.ledger().usedBytes());
        assertEquals(10 * GIB, c.ledger().budgetBytes());
        // c fits neither resident (4 GiB) nor streamed (1 + 2 GiB) in the 2 GiB left: it evicts a alone.
        prove(c, third, 3);
        assertEquals(List.of("b", "c"), c.keys());
        assertEquals(List.of("a"), c.plan("c").evicted());
        assertEquals(VramLedger.Mode.RESIDENT, c.plan("c").mode());
        assertEquals(1, a.frees.get());
        assertEquals(0, b.frees.get());

        workers = Executors.newFixedThreadPool(3);
        Holder holder = new Holder(c, b, 4);
        // d needs room: c is idle, b is busy. d's load evicts c, and waits for b's worker first.
        Future<VramLedger.Plan> loading = workers.submit(() -> c.load(fourth));
        assertThrows(TimeoutException.class, () -> loading.get(300, TimeUnit.MILLISECONDS),
                "a key loaded while a slot of the device was held");
        assertEquals(0, fourth.loads.get());
        holder.finish();
        VramLedger.Plan d = loading.get(10, TimeUnit.SECONDS);
        assertEquals(List.of("c"), d.evicted());
        assertEquals(List.of("b", "d"), c.keys());

        // With b busy, a key that only b's room would fit is refused; b is untouched.
        Holder again = new Holder(c, b, 5);
        TestKey big = new TestKey("e", false, new VramLedger.Request(8 * GIB, GIB, 7 * GIB, GIB, 1, false)).on(c);
        KeyRefusedException e = assertThrows(KeyRefusedException.class, () -> c.load(big));
        assertEquals("GPU 0: the e key is refused: one partition of the e key needs 8.00 GiB of GPU memory in streamed mode"
                + " (7.00 GiB of tables, 1.00 GiB per slot) but 6.00 GiB of the 10.00 GiB budget are free (4.00 GiB held by busy"
                + " keys, which are never evicted); raise c2spark.gpu.vramCapBytes or use a larger GPU", e.getMessage());
        assertEquals(List.of("b", "d"), c.keys());
        again.finish();

        TestKey huge = new TestKey("huge", false, new VramLedger.Request(20 * GIB, GIB, 12 * GIB, 2 * GIB, 1, false)).on(c);
        e = assertThrows(KeyRefusedException.class, () -> c.load(huge));
        assertTrue(e.getMessage().contains("needs 14.00 GiB of GPU memory in streamed mode (12.00 GiB of tables, 2.00 GiB per slot)"
                + " but 10.00 GiB of the 10.00 GiB budget are free; raise"), e.getMessage());
        assertEquals(List.of("b", "d"), c.keys(), "a refused key evicts nothing");
        assertEquals(0, TestKey.BREACHES.get());
    }

    /** A key whose load fails fails its workers only; the device, its other keys and its ledger are as before. */
    @Test
    @Timeout(30)
    void aFailedLoadFailsItsWorkersAndLeavesTheRest() throws Exception {
        GpuCoordinator c = coordinator(141);
        TestKey a = TestKey.of("a", false, 1, 1, 2).on(c);
        TestKey bad = TestKey.of("bad", false, 1, 1, 2).on(c);
        prove(c, a, 1);
        bad.failLoad = new IllegalArgumentException("bad.params: section h, point 3 is not on the curve");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> c.run(bad, new TimedWork(backend, 2, 0)));
        assertTrue(e.getMessage().contains("not on the curve"));
        assertTrue(c.healthy());
        assertEquals(List.of("a"), c.keys());
        assertEquals(Set.of("a"), ledgerKeys(c));
        assertThrows(IllegalStateException.class, backend::newStream, "the backend is sealed again after a failed load");
        prove(c, a, 3);
        bad.failLoad = null;
        prove(c, bad, 4);
        assertEquals(List.of("a", "bad"), c.keys());

        TestKey lost = TestKey.of("lost", false, 1, 1, 1).on(c);
        lost.failLoad = new DeviceFailureException("injected: an illegal address while decoding the points");
        assertThrows(DeviceUnhealthyException.class, () -> c.load(lost));
        assertFalse(c.healthy());
        assertThrows(DeviceUnhealthyException.class, () -> c.run(a, new TimedWork(backend, 5, 0)));
    }

    /** unload frees an idle key alone and refuses a busy one. */
    @Test
    @Timeout(30)
    void unloadFreesAnIdleKeyAndRefusesABusyOne() throws Exception {
        GpuCoordinator c = coordinator(141);
        TestKey a = TestKey.of("a", false, 1, 1, 1).on(c);
        TestKey b = TestKey.of("b", false, 1, 1, 1).on(c);
        prove(c, a, 1);
        prove(c, b, 2);
        workers = Executors.newFixedThreadPool(1);
        Holder holder = new Holder(c, a, 3);
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> c.unload("a"));
        assertTrue(e.getMessage().contains("the a key is busy (1 slot(s) held"), e.getMessage());
        holder.finish();
        assertTrue(c.unload("a"));
        assertFalse(c.unload("a"));
        assertEquals(1, a.frees.get());
        assertEquals(List.of("b"), c.keys());
        assertEquals(Set.of("b"), ledgerKeys(c));
        assertEquals("GPU 0: unloaded the a key", keyLog.get(keyLog.size() - 1));
        assertEquals(0, TestKey.BREACHES.get());
    }

    /** Workers queued for a key's slot while another key loads wait for the load and then prove: nobody is stuck. */
    @Test
    @Timeout(30)
    void workersQueuedDuringALoadProveAfterIt() throws Exception {
        GpuCoordinator c = coordinator(141);
        TestKey a = TestKey.of("a", false, 1, 1, 1).on(c);
        prove(c, a, 1);
        workers = Executors.newFixedThreadPool(6);
        Holder holder = new Holder(c, a, 2);
        List<Future<GpuCoordinator.Outcome<Long>>> queued = new ArrayList<>();
        List<TimedWork> works = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            TimedWork w = new TimedWork(backend, 10 + i, 200);
            works.add(w);
            queued.add(workers.submit(() -> c.run(a, w)));
        }
        GpuCoordinatorTest.waitUntilQueued(c, 3);
        TestKey b = TestKey.of("b", false, 1, 1, 1).on(c);
        AtomicBoolean loaded = new AtomicBoolean();
        Future<?> load = workers.submit(() -> {
            prove(c, b, 20);
            loaded.set(true);
            return null;
        });
        Thread.sleep(200);
        assertFalse(loaded.get(), "b loaded while a's slot was held");
        holder.finish();
        load.get(10, TimeUnit.SECONDS);
        for (int i = 0; i < 3; i++) {
            assertEquals(works.get(i).expected(), queued.get(i).get(10, TimeUnit.SECONDS).result());
        }
        assertEquals(0, TestKey.BREACHES.get());
    }
}
