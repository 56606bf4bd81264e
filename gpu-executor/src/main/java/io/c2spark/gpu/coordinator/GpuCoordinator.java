package io.c2spark.gpu.coordinator;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.logging.Logger;

/**
 * Shares one GPU between several workers (Spark tasks) and several proving keys (sector sizes),
 * so that one worker's kernels run while another uploads and others do CPU work. A device has one
 * coordinator ({@link CoordinatorRegistry}), and it holds everything that is the device's alone:
 * the memory lock (uploads), the compute lock (kernels), the device's health, its
 * {@link DeviceMetrics}, its one {@link VramLedger}, and the keys loaded on it, each with its own
 * slots and the fair queue of its workers.
 *
 * <h2>The worker sequence ({@link #run})</h2>
 * <ol>
 * <li>find the worker's key, loading it if it is not resident (see Keys), and join its queue;</li>
 * <li>take a slot of that key, first come first served, holding no lock;</li>
 * <li>prepare on the CPU (witness into the slot's pinned buffer), holding no lock;</li>
 * <li>memory lock: enqueue the upload on the slot's copy stream between two events; release;</li>
 * <li>compute lock: make the compute stream wait on the upload event (a device-side wait, the
 * host does not block), enqueue the kernels between two events, wait on the slot's own done
 * event, release;</li>
 * <li>read back and finish on the CPU, holding no lock; give the slot back.</li>
 * </ol>
 * The locks are the device's, not the key's: workers of every key on the device queue on the same
 * two, so no two workers' kernels overlap on the device, whatever keys they prove with.
 *
 * <h2>Keys</h2>
 * A key ({@link KeyLoader}) is loaded the first time a worker names it (or ahead of its first
 * worker, by {@link #load}); its slots are planned by the device's ledger beside the keys already
 * there and made with it. Loading and evicting allocate and free device memory, which waits on
 * every stream of the device, so they happen only with the device to themselves: the loading
 * thread closes the gate (no slot of any key is handed out; no worker joins a queue), waits until
 * every slot of the device has come back, takes both locks (free by then) and only then evicts,
 * allocates and makes the slots; it opens the gate when done. The host-side part of a load
 * ({@link KeyLoader#prepare}, e.g. reading the circuit) runs before, with no lock held and the
 * gate open. One thread loads a given key; others naming it wait for that load.
 *
 * <p>Eviction: a device holds at most one large key (a 32GiB or 64GiB sector size's parameters).
 * A large key asked for while another large key is resident evicts that one if it is idle (no
 * worker holds one of its slots or waits for one), and is refused with a
 * {@link KeyRefusedException} naming both keys otherwise. Beyond that, a key evicts idle keys only
 * where it needs their room: when it would be streamed beside them but resident without them, or
 * would not fit at all, it evicts the fewest of them, oldest first, that give it the mode it would
 * have with every idle key evicted (its slot count is then what fits); a key that does not fit even
 * with every idle key evicted is refused. Busy keys are never evicted. Idleness is judged as the
 * gate closes, in the same hold of the state lock, and from then on no worker can join a queue, so
 * an idle key stays idle until it is evicted. The plan line
 * ({@link VramLedger.Plan#describe}), given to the key log at each load, names the keys beside it
 * and those evicted; a refusal goes to the key log too. {@link #unload} evicts an idle key alone.
 *
 * <h2>Why it cannot deadlock</h2>
 * Resources are taken in one fixed order: the gate or a key's slot (never both, and a worker
 * holds at most one slot), then the memory lock, then the compute lock. The state lock that guards
 * the keys, queues and gate is held only for short bookkeeping and while waiting on its own
 * condition (which releases it), never while taking anything else. A worker releases the memory
 * lock before asking for the compute lock, and while holding a lock it waits for nothing but its
 * own slot's done event, which depends only on work already enqueued in its own streams: no other
 * worker's progress. So slot holders always finish and give their slots back. The loading thread
 * holds the gate while it waits for those slots, but a slot holder never waits on the gate (giving
 * a slot back does not look at it), and the loader takes the two locks only when no slot is held
 * and none can be handed out, so nobody else holds or wants them: its lock acquisition never
 * waits. Workers waiting at the gate or in a queue hold nothing. The wait-for graph is therefore
 * acyclic: queued workers wait on slot holders and the loader, the loader waits on slot holders,
 * slot holders wait on slot holders ahead of them in lock order, who wait on their own device
 * work. A large key never waits for a busy large key (it is refused instead), so two sizes cannot
 * wait on each other's workers. Queues are first come, first served and every slot comes back in a
 * finally block, so nobody starves; when the device fails, every waiter wakes and fails. The one
 * rule for callers: a {@link PartitionWork} must not call the coordinator (a slot holder waiting at
 * the gate would close a cycle with the loader waiting for its slot).
 *
 * <h2>What it never does</h2>
 * No device-global operation while another worker may run kernels: no allocation or free, no
 * stream or event creation (the backend is sealed outside a key's load, see
 * {@link StreamBackend#seal}), no device synchronize (the backend has none); admission is by the
 * slot counts fixed from the {@link VramLedger} when each key is loaded, never by probing free
 * memory. Those operations wait on every stream of the device, so they would silently turn the
 * two locks into one.
 *
 * <h2>One lock, for comparison</h2>
 * With {@link Locks#ONE} a worker holds the compute lock from before its upload until its kernels
 * are done (the memory lock is then only ever taken inside it, uncontended): one worker's upload
 * can no longer overlap another's kernels. It exists to measure what the memory lock buys; its
 * wait is reported as the memory-lock wait. Lock order there is compute, memory, compute
 * (reentrant), the same for every worker and for the loader, so no cycle can form either.
 *
 * <h2>Failures</h2>
 * A {@link DeviceFailureException} from any step (a key's load included) marks the device
 * unhealthy for good: the failing worker, the in-flight workers (when they finish) and every later
 * worker get a {@link DeviceUnhealthyException}; no result leaves an unhealthy device. The failure
 * listener, if any, hears of the first failure once, on the thread that met it, after the waiters
 * are woken. The Spark job gives none: its task that gets the DeviceUnhealthyException ends the
 * executor itself. Any other failure of a load (a bad parameter file) fails the workers that asked
 * for that key and leaves the device healthy and its other keys loaded (keys evicted to make room
 * for it stay evicted).
 */
public final class GpuCoordinator implements AutoCloseable {
    private static final Logger LOG = Logger.getLogger(GpuCoordinator.class.getName());

    /** Two locks (uploads and kernels apart), or one around both (to measure what the split buys). */
    public enum Locks { TWO, ONE }

    /** Hears of the first failure of a device, once. */
    public interface FailureListener {
        void onDeviceFailure(int device, Throwable failure);
    }

    /**
     * How a coordinator shares its device: the lock scheme, who hears of the device's first failure
     * (null: nobody), and where each key's plan line and each refusal go (null: this class's logger).
     */
    public record Options(Locks locks, FailureListener onFailure, Consumer<String> keyLog) {
        public Options {
            if (locks == null) {
                throw new IllegalArgumentException("a lock scheme is needed");
            }
        }

        /** Two locks, no failure listener, plan lines to the logger. */
        public static Options defaults() {
            return new Options(Locks.TWO, null, null);
        }

        public Options withLocks(Locks l) {
            return new Options(l, onFailure, keyLog);
        }

        public Options withFailureListener(FailureListener f) {
            return new Options(locks, f, keyLog);
        }

        public Options withKeyLog(Consumer<String> log) {
            return new Options(locks, onFailure, log);
        }
    }

    /** The outcome of one partition: its result and where its time went. */
    public record Outcome<R>(R result, TaskMetrics metrics) {
    }

    private final StreamBackend backend;
    private final VramLedger ledger;
    private final Locks locks;
    private final FailureListener failureListener;
    private final Consumer<String> keyLog;
    /** Guards keys, loading, heldSlots, exclusive and every key's queue; see the class documentation. */
    private final ReentrantLock state = new ReentrantLock(true);
    private final Condition changed = state.newCondition();
    /** The loaded keys, oldest first. */
    private final Map<String, KeySlots<?>> keys = new LinkedHashMap<>();
    /** Keys some thread is preparing or loading: others that name them wait for that load. */
    private final Set<String> loading = new HashSet<>();
    /** Slots held by workers now, over every key. */
    private int heldSlots;
    /** The gate: closed while a thread loads or evicts; no slot is handed out and no worker joins a queue. */
    private boolean exclusive;
    /** Streams and events of evicted keys' slots, for later keys' slots; touched only with the device to oneself. */
    private final ArrayDeque<Slot.Streams> spareStreams = new ArrayDeque<>();
    private final ReentrantLock memoryLock = new ReentrantLock(true);
    private final ReentrantLock computeLock = new ReentrantLock(true);
    private final AtomicReference<Throwable> failure = new AtomicReference<>();
    private final DeviceMetrics deviceMetrics = new DeviceMetrics();

    /**
     * The device's coordinator, with no key yet. The backend is sealed from here on: streams and
     * events are made only while a key loads, with the device to the loader.
     */
    public GpuCoordinator(StreamBackend backend, VramLedger ledger, Options options) {
        this.backend = backend;
        this.ledger = ledger;
        this.locks = options.locks();
        this.failureListener = options.onFailure();
        this.keyLog = options.keyLog();
        backend.seal();
    }

    public int device() {
        return backend.device();
    }

    public Locks locks() {
        return locks;
    }

    /** The device's backend (a prover over this coordinator works on the same device). */
    public StreamBackend backend() {
        return backend;
    }

    /** The device's one ledger: every loaded key and its slots. */
    public VramLedger ledger() {
        return ledger;
    }

    public DeviceMetrics deviceMetrics() {
        return deviceMetrics;
    }

    public boolean healthy() {
        return failure.get() == null;
    }

    /** The names of the loaded keys, oldest first. */
    public List<String> keys() {
        return underState(() -> List.copyOf(keys.keySet()));
    }

    /** The plan a loaded key was admitted with, or null when it is not loaded. */
    public VramLedger.Plan plan(String key) {
        return ledger.entry(key);
    }

    /** Slots of every loaded key. */
    public int slotCount() {
        return underState(() -> keys.values().stream().mapToInt(k -> k.slots.size()).sum());
    }

    /** Slots of every loaded key not held by any worker now. */
    public int freeSlots() {
        return underState(() -> keys.values().stream().mapToInt(k -> k.free.size()).sum());
    }

    /** Workers waiting in the queues of every loaded key now. */
    public int queuedWorkers() {
        return underState(() -> keys.values().stream().mapToInt(k -> k.waiting.size()).sum());
    }

    /** Whether the calling thread holds both device locks (tests: a key loads or is freed only so). */
    boolean bothLocksHeldByCurrentThread() {
        return memoryLock.isHeldByCurrentThread() && computeLock.isHeldByCurrentThread();
    }

    private <T> T underState(Supplier<T> read) {
        state.lock();
        try {
            return read.get();
        } finally {
            state.unlock();
        }
    }

    /**
     * Loads the key now if it is not resident (ahead of its first worker, e.g. at executor start-up),
     * and returns the plan it runs with.
     *
     * @throws KeyRefusedException when another large key is busy or the ledger has no room
     */
    public VramLedger.Plan load(KeyLoader<?> key) throws InterruptedException {
        state.lockInterruptibly();
        try {
            return resident(key, false).plan;
        } finally {
            state.unlock();
        }
    }

    /**
     * Evicts an idle key (frees it and its slots, with the device to this thread); false when it
     * is not loaded.
     *
     * @throws IllegalStateException when a worker holds one of its slots or waits for one
     */
    public boolean unload(String name) throws InterruptedException {
        state.lockInterruptibly();
        try {
            while (exclusive || loading.contains(name)) {
                changed.await();
            }
            KeySlots<?> k = keys.get(name);
            if (k == null) {
                return false;
            }
            if (!k.idle()) {
                throw new IllegalStateException(deviceLabel() + ": the " + name + " key is busy (" + k.business()
                        + "); it is unloaded only once its workers are done");
            }
            exclusively(List.of(k), () -> null);
            log(deviceLabel() + ": unloaded the " + name + " key");
            return true;
        } finally {
            state.unlock();
        }
    }

    /** Runs one partition through the worker sequence with the given key; see the class documentation. */
    public <W, R> Outcome<R> run(KeyLoader<W> key, PartitionWork<W, R> work) throws InterruptedException {
        long t0 = System.nanoTime();
        failIfUnhealthy();
        long[] keyReady = new long[1];
        Slot<W> slot = take(key, keyReady);
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
            TaskMetrics m = new TaskMetrics(backend.device(), slot.key, slot.index, ms(keyReady[0] - t0),
                    ms(tSlot - keyReady[0]), ms(tPrepared - tSlot), ms(tMemLocked - tPrepared), ms(tMemReleased - tMemLocked),
                    ms(tComputeLocked - tMemReleased), ms(tComputeReleased - tComputeLocked), ms(tDone - tComputeReleased),
                    ms(tDone - t0), backend.deviceTimeMs(slot.uploadStart), backend.deviceTimeMs(slot.uploadDone),
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
            giveBack(slot);
        }
    }

    /**
     * The key's resident slots (loaded first if need be), then one of them, in the order workers
     * joined the key's queue; keyReady[0] gets the instant the key was resident and the worker queued.
     */
    private <W> Slot<W> take(KeyLoader<W> loader, long[] keyReady) throws InterruptedException {
        Thread me = Thread.currentThread();
        state.lockInterruptibly();
        try {
            KeySlots<W> k = resident(loader, true);
            keyReady[0] = System.nanoTime();
            try {
                while (true) {
                    failIfUnhealthy();
                    if (!exclusive && k.waiting.peekFirst() == me && !k.free.isEmpty()) {
                        k.held++;
                        heldSlots++;
                        return k.free.pollFirst();
                    }
                    changed.await(100, TimeUnit.MILLISECONDS);
                }
            } finally {
                k.waiting.remove(me);
                changed.signalAll();
            }
        } finally {
            state.unlock();
        }
    }

    private <W> void giveBack(Slot<W> slot) {
        state.lock();
        try {
            @SuppressWarnings("unchecked")
            KeySlots<W> k = (KeySlots<W>) keys.get(slot.key);
            // A key with a slot held is not idle, so it cannot have been evicted.
            k.free.addLast(slot);
            k.held--;
            heldSlots--;
            changed.signalAll();
        } finally {
            state.unlock();
        }
    }

    /**
     * With the state lock held (and held again on return): the loader's key, loaded first when it
     * is not resident; with register, the calling worker has joined its queue, so that the key
     * cannot be evicted before the worker has had its slot.
     */
    private <W> KeySlots<W> resident(KeyLoader<W> loader, boolean register) throws InterruptedException {
        String name = loader.name();
        while (true) {
            failIfUnhealthy();
            KeySlots<?> found = exclusive ? null : keys.get(name);
            if (found != null) {
                if (found.large != loader.large()) {
                    throw new IllegalArgumentException(deviceLabel() + ": two keys named " + name + ", one large, one not");
                }
                @SuppressWarnings("unchecked")
                KeySlots<W> k = (KeySlots<W>) found;
                if (register) {
                    k.waiting.addLast(Thread.currentThread());
                }
                return k;
            }
            if (exclusive || loading.contains(name)) {
                changed.await(100, TimeUnit.MILLISECONDS);
                continue;
            }
            loading.add(name);
            try {
                return loadKey(loader, register);
            } finally {
                loading.remove(name);
                changed.signalAll();
            }
        }
    }

    /** With the state lock held, the gate open and the key absent: prepares, decides and loads it. */
    private <W> KeySlots<W> loadKey(KeyLoader<W> loader, boolean register) throws InterruptedException {
        // A large key that is going to be refused is refused before its circuit is read.
        refuseBesideBusyLargeKey(loader);
        KeyLoader.Prepared<W> prepared;
        state.unlock();
        try {
            prepared = loader.prepare();
        } finally {
            state.lock();
        }
        while (exclusive) {
            changed.await();
        }
        failIfUnhealthy();
        List<KeySlots<?>> evicting = new ArrayList<>();
        VramLedger.Plan plan = decide(loader, prepared.request(), evicting);
        KeySlots<W> k = exclusively(evicting, () -> install(loader, prepared, plan));
        keys.put(loader.name(), k);
        if (register) {
            k.waiting.addLast(Thread.currentThread());
        }
        return k;
    }

    private void refuseBesideBusyLargeKey(KeyLoader<?> loader) {
        if (loader.large()) {
            for (KeySlots<?> k : keys.values()) {
                if (k.large && !k.idle()) {
                    throw refused(loader.name(), "the " + k.name + " key is resident and busy (" + k.business()
                            + "); a device holds one large key (32GiB or 64GiB parameters) at a time, and evicts it only "
                            + "once its workers are done");
                }
            }
        }
    }

    /**
     * With the state lock held and the gate open: the new key's plan, and (into evicting) the idle
     * keys it evicts; see the class documentation. Throws a {@link KeyRefusedException} otherwise.
     */
    private VramLedger.Plan decide(KeyLoader<?> loader, VramLedger.Request request, List<KeySlots<?>> evicting) {
        String name = loader.name();
        refuseBesideBusyLargeKey(loader);
        List<KeySlots<?>> forced = new ArrayList<>();
        List<KeySlots<?>> optional = new ArrayList<>();
        for (KeySlots<?> k : keys.values()) {
            if (loader.large() && k.large) {
                forced.add(k);
            } else if (k.idle()) {
                optional.add(k);
            }
        }
        List<KeySlots<?>> all = new ArrayList<>(forced);
        all.addAll(optional);
        VramLedger.Plan best = ledger.plan(name, request, names(all));
        if (best == null) {
            throw refused(name, ledger.noRoom(name, request, names(all), keys.size() > all.size()));
        }
        for (int n = 0; n <= optional.size(); n++) {
            List<KeySlots<?>> chosen = new ArrayList<>(forced);
            chosen.addAll(optional.subList(0, n));
            VramLedger.Plan p = ledger.plan(name, request, names(chosen));
            if (p != null && p.mode() == best.mode()) {
                evicting.addAll(chosen);
                return p;
            }
        }
        throw new IllegalStateException("unreachable: evicting every idle key gives the best plan");
    }

    private static List<String> names(List<KeySlots<?>> ks) {
        List<String> n = new ArrayList<>();
        for (KeySlots<?> k : ks) {
            n.add(k.name);
        }
        return n;
    }

    private KeyRefusedException refused(String key, String reason) {
        String message = deviceLabel() + ": the " + key + " key is refused: " + reason;
        log(message);
        return new KeyRefusedException(message);
    }

    /**
     * With the state lock held and the gate open: forgets the evicting keys, closes the gate, waits
     * until every slot of the device is back, and then, with the state lock released and both
     * device locks held, frees the evicting keys and runs the action; opens the gate again and
     * returns with the state lock held.
     */
    private <T> T exclusively(List<KeySlots<?>> evicting, Supplier<T> action) {
        for (KeySlots<?> k : evicting) {
            keys.remove(k.name);
        }
        exclusive = true;
        try {
            // Bounded by the partitions in flight: their holders never wait on the gate.
            while (heldSlots > 0) {
                changed.awaitUninterruptibly();
            }
            state.unlock();
            try {
                return withDeviceToItself(() -> {
                    evict(evicting);
                    return action.get();
                });
            } finally {
                state.lock();
            }
        } finally {
            exclusive = false;
            changed.signalAll();
        }
    }

    /**
     * Runs the action holding both locks, in the workers' order, with the backend open for
     * streams and events. Only slot holders take these locks, and none exist now, so neither wait
     * blocks.
     */
    private <T> T withDeviceToItself(Supplier<T> action) {
        ReentrantLock first = locks == Locks.ONE ? computeLock : memoryLock;
        ReentrantLock second = locks == Locks.ONE ? memoryLock : computeLock;
        first.lock();
        try {
            second.lock();
            try {
                backend.unseal();
                try {
                    return action.get();
                } finally {
                    backend.seal();
                }
            } finally {
                second.unlock();
            }
        } catch (DeviceFailureException e) {
            markUnhealthy(e);
            throw unhealthyException();
        } finally {
            first.unlock();
        }
    }

    /** Frees evicted keys and their slots' working sets; their streams and events wait for later keys' slots. */
    private void evict(List<KeySlots<?>> evicting) {
        for (KeySlots<?> k : evicting) {
            try {
                k.loaded.close();
            } catch (RuntimeException e) {
                LOG.warning(deviceLabel() + ": freeing the " + k.name + " key: " + e);
            }
            ledger.release(k.name);
            for (Slot<?> s : k.slots) {
                spareStreams.addLast(s.streams);
            }
        }
    }

    /** Loads the key where the plan says, makes its slots and admits it to the ledger; the device is the caller's. */
    private <W> KeySlots<W> install(KeyLoader<W> loader, KeyLoader.Prepared<W> prepared, VramLedger.Plan plan) {
        KeyLoader.Loaded<W> loaded = prepared.load(plan, backend);
        List<Slot<W>> slots = new ArrayList<>();
        try {
            for (int i = 0; i < plan.slots(); i++) {
                Slot.Streams s = spareStreams.isEmpty() ? Slot.Streams.create(backend) : spareStreams.pollFirst();
                try {
                    slots.add(new Slot<>(loader.name(), i, s, loaded.workingSet(i)));
                } catch (RuntimeException | Error e) {
                    spareStreams.addFirst(s);
                    throw e;
                }
            }
            ledger.admit(plan);
        } catch (RuntimeException | Error e) {
            for (Slot<W> s : slots) {
                spareStreams.addLast(s.streams);
            }
            loaded.close();
            throw e;
        }
        String cost = loaded.describe();
        log(deviceLabel() + ": " + plan.describe() + (cost.isEmpty() ? "" : "; " + cost));
        return new KeySlots<>(loader.name(), loader.large(), plan, loaded, slots);
    }

    /**
     * After a worker failed between enqueueing and its done event, waits for what it left in its
     * own two streams, so that the next owner of the slot cannot overwrite buffers under running
     * copies or kernels. Waits on the slot's own events only.
     */
    private void drain(Slot<?> slot) {
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
            LOG.severe(deviceLabel() + " failed: " + e.getMessage() + "; marking it unhealthy");
            state.lock();
            try {
                changed.signalAll();
            } finally {
                state.unlock();
            }
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

    private void log(String line) {
        if (keyLog != null) {
            keyLog.accept(line);
        } else {
            LOG.info(line);
        }
    }

    private String deviceLabel() {
        return "GPU " + backend.device();
    }

    private static double ms(long nanos) {
        return nanos / 1e6;
    }

    /**
     * Frees every key (holding both locks, as an eviction does) and the backend. For executor
     * shutdown and tests, once no worker runs on the device any more.
     */
    @Override
    public void close() {
        List<KeySlots<?>> all;
        state.lock();
        try {
            all = new ArrayList<>(keys.values());
            keys.clear();
        } finally {
            state.unlock();
        }
        try {
            withDeviceToItself(() -> {
                evict(all);
                return null;
            });
        } finally {
            backend.close();
        }
    }
}
