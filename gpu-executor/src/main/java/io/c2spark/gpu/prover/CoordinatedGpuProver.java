package io.c2spark.gpu.prover;

import java.util.ArrayList;
import java.util.List;

import io.c2spark.core.groth16.Groth16Prover;
import io.c2spark.core.groth16.ParameterSource;
import io.c2spark.core.groth16.Proof;
import io.c2spark.core.groth16.ProofAssembly;
import io.c2spark.core.groth16.QueryLayout;
import io.c2spark.core.r1cs.R1csShape;
import io.c2spark.core.r1cs.Witness;
import io.c2spark.gpu.coordinator.GpuCoordinator;
import io.c2spark.gpu.coordinator.PartitionWork;
import io.c2spark.gpu.coordinator.Slot;
import io.c2spark.gpu.coordinator.VramLedger;
import io.c2spark.gpu.runtime.CudaStreamBackend;
import io.c2spark.gpu.runtime.GpuDevice;

/**
 * The GPU prover for many threads at once: each {@link #prove} call is one worker of the device's
 * {@link GpuCoordinator}, over slots that each hold a {@link ProofWorkspace} made at start-up. The
 * witness is staged with no lock held, uploaded under the memory lock on the slot's copy stream,
 * computed under the compute lock on its compute stream, and the proof is assembled on the CPU
 * after both locks are released. Proofs equal {@link GpuProver}'s and CpuProver's. With streamed
 * parameters the reads of the points from the parameter file and their copies run under the
 * compute lock, beside the kernels they feed ({@link ProofWorkspace}).
 */
public final class CoordinatedGpuProver implements Groth16Prover, AutoCloseable {
    /** Points a streamed step reads by default: 512 MiB, 5.6 M G1 or 2.8 M G2 points. */
    public static final long DEFAULT_CHUNK_BYTES = 512L << 20;
    /** Device memory left to the context, the kernel module and the driver. */
    public static final long DEFAULT_RESERVE_BYTES = 2L << 30;

    /**
     * How a device is shared: workers per device (slots wanted), an operator's cap on c2spark's
     * device memory (0 = the whole card), what is left to the context and driver, the chunk size
     * of streamed parameters, whether to stream even when the parameters fit, and the lock scheme.
     */
    public record Config(int workers, long capBytes, long reserveBytes, long chunkBytes, boolean forceStreamed,
            GpuCoordinator.Locks locks) {
        public static Config of(int workers, long capBytes) {
            return new Config(workers, capBytes, DEFAULT_RESERVE_BYTES, DEFAULT_CHUNK_BYTES, false, GpuCoordinator.Locks.TWO);
        }

        /** Streamed even where the points fit, chunk bytes per copy. */
        public Config streamed(long chunk) {
            return new Config(workers, capBytes, reserveBytes, chunk, true, locks);
        }

        /** Chunk bytes per copy if the ledger has to stream. */
        public Config withChunk(long chunk) {
            return new Config(workers, capBytes, reserveBytes, chunk, forceStreamed, locks);
        }

        public Config withLocks(GpuCoordinator.Locks l) {
            return new Config(workers, capBytes, reserveBytes, chunkBytes, forceStreamed, l);
        }
    }

    private final DeviceProvingKey key;
    private final boolean ownsKey;
    private final VramLedger.Plan plan;
    private final GpuCoordinator<ProofWorkspace> coordinator;
    private final List<ProofWorkspace> workspaces = new ArrayList<>();

    private CoordinatedGpuProver(DeviceProvingKey key, boolean ownsKey, VramLedger.Plan plan, GpuCoordinator.Locks locks,
            GpuCoordinator.FailureListener onFailure) {
        this.key = key;
        this.ownsKey = ownsKey;
        this.plan = plan;
        key.device.bind();
        try {
            this.coordinator = new GpuCoordinator<>(new CudaStreamBackend(key.device), plan.slots(), i -> {
                ProofWorkspace w = new ProofWorkspace(key);
                workspaces.add(w);
                return w;
            }, onFailure, locks);
        } catch (RuntimeException e) {
            workspaces.forEach(ProofWorkspace::close);
            throw e;
        }
    }

    /**
     * Loads the circuit and parameters onto the device where the VRAM ledger puts them: the points
     * resident when they and one slot fit in the budget, else (or when config forces it) streamed
     * from params (a .params file) during each proof; as many slots as fit, at most
     * config.workers(). The key is the prover's, freed by {@link #close}; params stays the caller's,
     * open while the prover is. Fails with the sizes when not even one streamed slot fits.
     */
    public static CoordinatedGpuProver open(GpuDevice device, R1csShape shape, ParameterSource params, Config config,
            GpuCoordinator.FailureListener onFailure) {
        QueryLayout layout = new QueryLayout(shape, params);
        VramLedger.Plan plan = plan(ProverFootprint.Sizes.of(shape, layout), device.totalMemory, config);
        DeviceProvingKey key = new DeviceProvingKey(device, shape, params, layout, plan.mode(), config.chunkBytes());
        try {
            return new CoordinatedGpuProver(key, true, plan, config.locks(), onFailure);
        } catch (RuntimeException e) {
            key.close();
            throw e;
        }
    }

    /**
     * Over a key already on the device (the caller's): as many slots as the ledger admits with the
     * key's points where they are. A resident key on a budget that only admits streaming is refused.
     */
    public static CoordinatedGpuProver over(DeviceProvingKey key, Config config, GpuCoordinator.FailureListener onFailure) {
        boolean streamed = key.mode == VramLedger.Mode.STREAMED;
        Config c = streamed ? config.streamed(key.chunkBytes) : config;
        VramLedger.Plan plan = plan(ProverFootprint.Sizes.of(key.shape, key.layout), key.device.totalMemory, c);
        if (plan.mode() != key.mode) {
            throw new IllegalStateException("GPU " + key.device.ordinal + ": " + plan.describe() + ", but the key's points are "
                    + key.mode.name().toLowerCase());
        }
        return new CoordinatedGpuProver(key, false, plan, config.locks(), onFailure);
    }

    private static VramLedger.Plan plan(ProverFootprint.Sizes sizes, long deviceBytes, Config c) {
        return VramLedger.plan(ProverFootprint.request(sizes, deviceBytes, c.capBytes(), c.reserveBytes(), c.workers(),
                c.chunkBytes(), c.forceStreamed()));
    }

    /** The ledger's plan this prover runs (mode, slots, bytes). */
    public VramLedger.Plan plan() {
        return plan;
    }

    /** What loading the key's points cost. */
    public DeviceProvingKey.LoadReport loadReport() {
        return key.load;
    }

    /** One proof and where its time went (slot wait, lock waits and holds, device times). */
    public GpuCoordinator.Outcome<Proof> run(Witness witness, long[] r, long[] s) throws InterruptedException {
        key.device.bind();
        return coordinator.run(new ProofWork(witness, r, s));
    }

    @Override
    public Proof prove(Witness witness, long[] r, long[] s) {
        try {
            return run(witness, r, s).result();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while proving on GPU " + key.device.ordinal, e);
        }
    }

    public GpuCoordinator<ProofWorkspace> coordinator() {
        return coordinator;
    }

    @Override
    public void close() {
        coordinator.close();
        workspaces.forEach(ProofWorkspace::close);
        if (ownsKey) {
            key.close();
        }
    }

    /** One proof split where the coordinator's locks change. */
    private final class ProofWork implements PartitionWork<ProofWorkspace, Proof> {
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
        public Proof finish(Slot<ProofWorkspace> slot) {
            ProofPlan.QuerySums q = slot.workingSet().sums();
            return ProofAssembly.assemble(key.vk, q.h(), q.l(), q.a(), q.b1(), q.b2(), r, s);
        }
    }
}
