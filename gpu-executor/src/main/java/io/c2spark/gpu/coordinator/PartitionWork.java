package io.c2spark.gpu.coordinator;

/**
 * One partition's work as the coordinator runs it, split at the points where locks change.
 * Implementations enqueue device work on the slot's streams; they never synchronize the device,
 * allocate, call the coordinator, or wait on anything but what the coordinator hands them.
 *
 * @param <W> the prover's working set type held by each slot
 * @param <R> the result (for a proof: the few result points, then the assembled proof)
 */
public interface PartitionWork<W, R> {
    /** CPU only, no lock held: e.g. build the witness straight into the slot's pinned buffer. */
    void prepare(Slot<W> slot);

    /** Under the memory lock: enqueue host-to-device copies on {@link Slot#copyStream()}. Must not block. */
    void enqueueUpload(Slot<W> slot);

    /**
     * Under the compute lock: enqueue the kernels on {@link Slot#computeStream()}, which already waits
     * for the upload. Must not block; the coordinator waits for the kernels' completion event.
     */
    void enqueueCompute(Slot<W> slot);

    /** No lock held, kernels complete: read back the results and finish on the CPU. */
    R finish(Slot<W> slot);
}
