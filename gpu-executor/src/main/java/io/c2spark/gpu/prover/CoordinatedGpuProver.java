package io.c2spark.gpu.prover;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Supplier;

import io.c2spark.core.groth16.Groth16Prover;
import io.c2spark.core.groth16.ParameterSource;
import io.c2spark.core.groth16.Proof;
import io.c2spark.core.groth16.ProofAssembly;
import io.c2spark.core.groth16.TimedProof;
import io.c2spark.core.r1cs.R1csShape;
import io.c2spark.core.r1cs.Witness;
import io.c2spark.gpu.coordinator.DeviceCoordinators;
import io.c2spark.gpu.coordinator.GpuCoordinator;
import io.c2spark.gpu.coordinator.PartitionWork;
import io.c2spark.gpu.coordinator.Slot;
import io.c2spark.gpu.coordinator.TaskMetrics;
import io.c2spark.gpu.coordinator.VramLedger;
import io.c2spark.gpu.runtime.CudaStreamBackend;
import io.c2spark.gpu.runtime.GpuDevice;

/**
 * The GPU prover of one circuit for many threads at once: each {@link #prove} call is one worker
 * of the device's {@link GpuCoordinator}, with the circuit's key, which the coordinator loads on
 * first use (or on {@link #load}) with slots that each hold a {@link ProofWorkspace}, and may evict
 * when another large key needs the device. Several circuits (sector sizes) on one device are
 * several provers over the same coordinator: one pair of locks, one ledger. The witness is staged
 * with no lock held, uploaded under the memory lock on the slot's copy stream, computed under the
 * compute lock on its compute stream, and the proof is assembled on the CPU after both locks are
 * released. Proofs equal {@link GpuProver}'s and CpuProver's. With streamed parameters the reads
 * of the points from the parameter file and their copies run under the compute lock, beside the
 * kernels they feed ({@link ProofWorkspace}).
 */
public final class CoordinatedGpuProver implements Groth16Prover, AutoCloseable {
    /** Points a streamed step reads by default: 512 MiB, 5.6 M G1 or 2.8 M G2 points. */
    public static final long DEFAULT_CHUNK_BYTES = 512L << 20;
    /** Device memory left to the context, the kernel module and the driver. */
    public static final long DEFAULT_RESERVE_BYTES = 2L << 30;
    /** The key's name for a prover on a coordinator of its own ({@link #open}, {@link #over}). */
    public static final String OWN_KEY = "circuit";
    /**
     * Copies of the h points a key may hold at most where the ledger has room (the rule's cost model
     * picks among them, {@link ProverFootprint#hCopyOptions}): enough for the one bucket set of
     * 2^22 to 2^27 points' MSMs.
     */
    public static final int DEFAULT_MAX_H_COPIES = 12;

    /**
     * How a device is shared. Device-wide, used when the device's coordinator is made: an
     * operator's cap on c2spark's device memory (0 = the whole card), what is left to the context
     * and driver, and the lock scheme. Per key: workers (slots wanted), the chunk size of streamed
     * parameters, whether to stream even when the parameters fit, at most how many copies of the h
     * points to hold where the ledger has room beside the slots (1: none), and whether the slots
     * profile their proofs' device phases ({@link ProofWorkspace#enableProfiling}).
     */
    public record Config(int workers, long capBytes, long reserveBytes, long chunkBytes, boolean forceStreamed,
            GpuCoordinator.Locks locks, int maxHCopies, boolean profile) {
        public Config {
            if (workers < 1 || maxHCopies < 1) {
                throw new IllegalArgumentException("a key needs a worker and at least the h points themselves: workers " + workers
                        + ", copies " + maxHCopies);
            }
        }

        public static Config of(int workers, long capBytes) {
            return new Config(workers, capBytes, DEFAULT_RESERVE_BYTES, DEFAULT_CHUNK_BYTES, false, GpuCoordinator.Locks.TWO,
                    DEFAULT_MAX_H_COPIES, false);
        }

        /** Streamed even where the points fit, chunk bytes per copy. */
        public Config streamed(long chunk) {
            return new Config(workers, capBytes, reserveBytes, chunk, true, locks, maxHCopies, profile);
        }

        /** Chunk bytes per copy if the ledger has to stream. */
        public Config withChunk(long chunk) {
            return new Config(workers, capBytes, reserveBytes, chunk, forceStreamed, locks, maxHCopies, profile);
        }

        public Config withLocks(GpuCoordinator.Locks l) {
            return new Config(workers, capBytes, reserveBytes, chunkBytes, forceStreamed, l, maxHCopies, profile);
        }

        /** At most max copies of the h points (1: none). */
        public Config withMaxHCopies(int max) {
            return new Config(workers, capBytes, reserveBytes, chunkBytes, forceStreamed, locks, max, profile);
        }

        /** Each proof's device phases in its {@link TimedProof#phasesMs}. */
        public Config profiled(boolean on) {
            return new Config(workers, capBytes, reserveBytes, chunkBytes, forceStreamed, locks, maxHCopies, on);
        }
    }

    private final GpuCoordinator coordinator;
    private final ProvingKeyLoader key;
    private final boolean ownsCoordinator;

    private CoordinatedGpuProver(GpuCoordinator coordinator, ProvingKeyLoader key, boolean ownsCoordinator) {
        this.coordinator = coordinator;
        this.key = key;
        this.ownsCoordinator = ownsCoordinator;
    }

    /**
     * This JVM's CUDA coordinators, one per device ordinal (through the coordinator registry): a
     * device's is made the first time it is asked for, over the device opened then, with a ledger
     * of the card's memory under config's cap and reserve, config's locks, and each key's plan line
     * given to keyLog.
     */
    public static DeviceCoordinators devices(Config config, Consumer<String> keyLog) {
        return new DeviceCoordinators(ordinal -> coordinator(new CudaStreamBackend(GpuDevice.open(ordinal), true), config, null,
                keyLog));
    }

    /**
     * A coordinator over the device that is not the registry's (tests, benchmarks): config's cap,
     * reserve and locks; plan lines to keyLog (null: the coordinator's logger).
     */
    public static GpuCoordinator coordinator(GpuDevice device, Config config, GpuCoordinator.FailureListener onFailure,
            Consumer<String> keyLog) {
        return coordinator(new CudaStreamBackend(device), config, onFailure, keyLog);
    }

    private static GpuCoordinator coordinator(CudaStreamBackend backend, Config config, GpuCoordinator.FailureListener onFailure,
            Consumer<String> keyLog) {
        VramLedger ledger = new VramLedger(backend.gpu().totalMemory, config.capBytes(), config.reserveBytes());
        return new GpuCoordinator(backend, ledger, new GpuCoordinator.Options(config.locks(), onFailure, keyLog));
    }

    /**
     * The prover of one circuit over the device's coordinator, with its key named name (large: a
     * 32GiB or 64GiB sector size's, of which a device holds one). Nothing is loaded here: the key is
     * loaded when first used or by {@link #load}, where the ledger puts it beside the device's other
     * keys (its points resident where they and one slot fit, else streamed from params; as many
     * slots as fit, at most config.workers()), and the circuit is read from circuit only then (and
     * again after an eviction). params stays the caller's, open while the prover is.
     */
    public static CoordinatedGpuProver on(GpuCoordinator coordinator, String name, boolean large, Supplier<R1csShape> circuit,
            ParameterSource params, Config config) {
        if (!(coordinator.backend() instanceof CudaStreamBackend cuda)) {
            throw new IllegalArgumentException("GPU " + coordinator.device() + "'s coordinator is not over CUDA");
        }
        return new CoordinatedGpuProver(coordinator, new ProvingKeyLoader(name, large, cuda.gpu(), circuit, params, config),
                false);
    }

    /**
     * Loads the circuit and parameters onto the device now, on a coordinator of the prover's own
     * (config's cap, reserve and locks), closed with the prover; the key is named {@link #OWN_KEY}.
     * Fails with the sizes when not even one streamed slot fits.
     */
    public static CoordinatedGpuProver open(GpuDevice device, R1csShape shape, ParameterSource params, Config config,
            GpuCoordinator.FailureListener onFailure) {
        GpuCoordinator c = coordinator(device, config, onFailure, line -> { });
        return ownedAndLoaded(c, new ProvingKeyLoader(OWN_KEY, false, device, () -> shape, params, config));
    }

    /**
     * Over a key already on the device (the caller's, not freed here), on a coordinator of the
     * prover's own: as many slots as the ledger admits with the key's points where they are. A
     * resident key on a budget that only admits streaming is refused.
     */
    public static CoordinatedGpuProver over(DeviceProvingKey key, Config config, GpuCoordinator.FailureListener onFailure) {
        GpuCoordinator c = coordinator(key.device, config, onFailure, line -> { });
        return ownedAndLoaded(c, new ProvingKeyLoader(OWN_KEY, key, config));
    }

    private static CoordinatedGpuProver ownedAndLoaded(GpuCoordinator c, ProvingKeyLoader key) {
        CoordinatedGpuProver p = new CoordinatedGpuProver(c, key, true);
        try {
            p.load();
            return p;
        } catch (RuntimeException | Error e) {
            c.close();
            throw e;
        }
    }

    /**
     * Loads the key now if it is not resident (ahead of the first proof) and returns its plan.
     *
     * @throws io.c2spark.gpu.coordinator.KeyRefusedException when another large key is busy on the
     *     device or its ledger has no room
     */
    public VramLedger.Plan load() {
        try {
            return coordinator.load(key);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while loading the " + key.name() + " key on GPU " + key.device().ordinal,
                    e);
        }
    }

    /** The ledger's plan the key runs with (mode, slots, bytes); null while it is not loaded. */
    public VramLedger.Plan plan() {
        return coordinator.plan(key.name());
    }

    /** What loading the key's points cost the last time it was loaded; null before. */
    public DeviceProvingKey.LoadReport loadReport() {
        return key.loadReport();
    }

    /** One proof and where its time went (key and slot waits, lock waits and holds, device times). */
    public GpuCoordinator.Outcome<Proof> run(Witness witness, long[] r, long[] s) throws InterruptedException {
        GpuCoordinator.Outcome<Profiled> o = runProfiled(witness, r, s);
        return new GpuCoordinator.Outcome<>(o.result().proof(), o.metrics());
    }

    private GpuCoordinator.Outcome<Profiled> runProfiled(Witness witness, long[] r, long[] s) throws InterruptedException {
        key.device().bind();
        return coordinator.run(key, new ProofWork(witness, r, s));
    }

    @Override
    public Proof prove(Witness witness, long[] r, long[] s) {
        return proveTimed(witness, r, s).proof();
    }

    /**
     * The proof with its waits (key, slot, both locks), the device's time (upload and kernels, by
     * its events) and, when profiling, the upload and each phase of the kernels.
     */
    @Override
    public TimedProof proveTimed(Witness witness, long[] r, long[] s) {
        GpuCoordinator.Outcome<Profiled> o;
        try {
            o = runProfiled(witness, r, s);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while proving on GPU " + key.device().ordinal, e);
        }
        TaskMetrics m = o.metrics();
        Map<String, Double> phases = new LinkedHashMap<>();
        if (!o.result().phases().isEmpty()) {
            phases.put("upload", m.uploadDeviceMs());
            o.result().phases().forEach((name, ms) -> phases.put(name, (double) ms));
        }
        double wait = m.keyWaitMs() + m.slotWaitMs() + m.memoryLockWaitMs() + m.computeLockWaitMs();
        return new TimedProof(o.result().proof(), wait, m.uploadDeviceMs() + m.kernelsDeviceMs(), m.totalMs(), phases);
    }

    /** The key's slots once it is loaded (proofs at once from as many threads), else the workers asked for. */
    @Override
    public int parallelProofs() {
        VramLedger.Plan p = plan();
        return p != null ? p.slots() : key.workers();
    }

    public GpuCoordinator coordinator() {
        return coordinator;
    }

    /**
     * Closes the prover's own coordinator, or unloads the key from the shared one (its parameter
     * source may be closed after this). Call it once the prover's workers are done.
     *
     * @throws IllegalStateException when a worker still holds or waits for a slot of the shared key
     */
    @Override
    public void close() {
        if (ownsCoordinator) {
            coordinator.close();
            return;
        }
        try {
            coordinator.unload(key.name());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** A proof and, from a profiling slot, its device phases (else empty). */
    private record Profiled(Proof proof, Map<String, Float> phases) {
    }

    /** One proof split where the coordinator's locks change. */
    private static final class ProofWork implements PartitionWork<ProofWorkspace, Profiled> {
        private final Witness witness;
        private final long[] r;
        private final long[] s;

        ProofWork(Witness witness, long[] r, long[] s) {
            this.witness = witness;
            this.r = r;
            this.s = s;
        }

        @Override
        public void prepare(Slot<ProofWorkspace> slot) {
            slot.workingSet().stage(witness);
        }

        @Override
        public void enqueueUpload(Slot<ProofWorkspace> slot) {
            slot.workingSet().enqueueUpload(CudaStreamBackend.gpuStream(slot.copyStream()));
        }

        @Override
        public void enqueueCompute(Slot<ProofWorkspace> slot) {
            slot.workingSet().enqueueCompute(CudaStreamBackend.gpuStream(slot.computeStream()),
                    CudaStreamBackend.gpuStream(slot.copyStream()));
        }

        @Override
        public Profiled finish(Slot<ProofWorkspace> slot) {
            ProofWorkspace w = slot.workingSet();
            ProofPlan.QuerySums q = w.sums();
            Proof p = ProofAssembly.assemble(w.key().vk, q.h(), q.l(), q.a(), q.b1(), q.b2(), r, s);
            return new Profiled(p, w.profiling() ? w.phaseMillis() : Map.of());
        }
    }
}
