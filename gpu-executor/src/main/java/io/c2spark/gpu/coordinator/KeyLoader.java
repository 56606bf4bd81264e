package io.c2spark.gpu.coordinator;

/**
 * A proving key as a device's {@link GpuCoordinator} loads, shares and evicts it. A worker names
 * the key it proves with; the coordinator loads it the first time (or after an eviction), with
 * slots from the device's {@link VramLedger}, and every worker that names the same key shares
 * them. One name is one key on a device: loaders of the same name must load the same key.
 *
 * <p>Loading runs in two parts: {@link #prepare} on the host, holding no lock (it may read files,
 * such as the circuit's shape), then {@link Prepared#load} with the device to itself (both locks
 * held, every slot of the device idle), because allocating device memory waits on every stream of
 * the device. {@link Loaded#close} frees it under the same condition.
 *
 * @param <W> the working set of each of the key's slots
 */
public interface KeyLoader<W> {
    /** The key's name on its device, e.g. the sector size ("32GiB"); it names the key in plan lines and metrics. */
    String name();

    /**
     * Whether the key is large (a 32GiB or 64GiB sector size's parameters, about 47 GB): a device
     * holds at most one large key at a time.
     */
    boolean large();

    /** Host side, no lock held, nothing on the device: what the ledger plans for, and how to load it. */
    Prepared<W> prepare();

    /** A key ready to load: its sizes and its loading. */
    interface Prepared<W> {
        /** The key's and one slot's device bytes, for the ledger. */
        VramLedger.Request request();

        /**
         * Loads the key where the plan says (its points resident or streamed). Called with the
         * device to itself: both locks held and no slot of the device in use.
         *
         * @param backend the device's backend (the CPU stream backend's working sets enqueue on it)
         */
        Loaded<W> load(VramLedger.Plan plan, StreamBackend backend);
    }

    /** A key on the device. */
    interface Loaded<W> {
        /** Makes slot i's working set; called right after {@link Prepared#load}, under the same condition. */
        W workingSet(int slot);

        /** What loading cost (for the plan line), or an empty string. */
        String describe();

        /** Frees the working sets made and the key; called with the device to itself. Must not throw. */
        void close();
    }
}
