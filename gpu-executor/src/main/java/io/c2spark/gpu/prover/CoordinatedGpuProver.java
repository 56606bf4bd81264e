package io.c2spark.gpu.prover;

import io.c2spark.core.groth16.Groth16Prover;
import io.c2spark.core.groth16.Proof;
import io.c2spark.core.groth16.ProofAssembly;
import io.c2spark.core.r1cs.Witness;
import io.c2spark.gpu.CudaStreamBackend;
import io.c2spark.gpu.coordinator.GpuCoordinator;
import io.c2spark.gpu.coordinator.PartitionWork;
import io.c2spark.gpu.coordinator.Slot;
import io.c2spark.gpu.coordinator.VramLedger;
import java.util.ArrayList;
import java.util.List;

/**
 * The GPU prover for many threads at once: each {@link #prove} call is one worker of the device's
 * {@link GpuCoordinator}, over slots that each hold a {@link ProofWorkspace} made at start-up. The
 * witness is staged with no lock held, uploaded under the memory lock on the slot's copy stream,
 * computed under the compute lock on its compute stream, and the proof is assembled on the CPU
 * after both locks are released. Proofs equal {@link GpuProver}'s and CpuProver's.
 */
public final class CoordinatedGpuProver implements Groth16Prover, AutoCloseable {
    private final DeviceProvingKey key;
    private final GpuCoordinator<ProofWorkspace> coordinator;
    private final List<ProofWorkspace> workspaces = new ArrayList<>();

    /** slots working sets on the key's device, allocated now; the key stays the caller's. */
    public CoordinatedGpuProver(DeviceProvingKey key, int slots, GpuCoordinator.FailureListener onFailure) {
        this.key = key;
        key.device.bind();
        this.coordinator = new GpuCoordinator<>(new CudaStreamBackend(key.device), slots, i -> {
            ProofWorkspace w = new ProofWorkspace(key);
            workspaces.add(w);
            return w;
        }, onFailure);
    }

    /**
     * With as many slots as the VRAM ledger admits for this circuit on the key's device: at most
     * workers, within capBytes (0 = the whole card) less reserveBytes. Only resident parameters are
     * implemented: a plan that would stream them is refused with the sizes.
     */
    public static CoordinatedGpuProver sized(DeviceProvingKey key, int workers, long capBytes, long reserveBytes,
            GpuCoordinator.FailureListener onFailure) {
        ProverFootprint.Sizes sizes = ProverFootprint.Sizes.of(key.shape, key.layout);
        VramLedger.Plan plan = VramLedger.plan(ProverFootprint.request(sizes, key.device.totalMemory, capBytes, reserveBytes,
                workers));
        if (plan.mode() != VramLedger.Mode.RESIDENT) {
            throw new IllegalStateException("GPU " + key.device.ordinal + ": " + plan.describe()
                    + "; proving with streamed parameters is not implemented yet");
        }
        return new CoordinatedGpuProver(key, plan.slots(), onFailure);
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
            slot.workingSet().enqueueCompute(CudaStreamBackend.gpuStream(slot.computeStream()));
        }

        @Override
        public Proof finish(Slot<ProofWorkspace> slot) {
            ProofPlan.QuerySums q = slot.workingSet().sums();
            return ProofAssembly.assemble(key.vk, q.h(), q.l(), q.a(), q.b1(), q.b2(), r, s);
        }
    }
}
