package io.c2spark.gpu.coordinator;

/**
 * One in-flight partition's working set on a device, created once at start-up: its streams, its
 * events, and the prover's buffers (device memory and pinned host memory) as an opaque object.
 * A slot belongs to one worker at a time, between {@link SlotQueue#acquire} and release.
 *
 * @param <W> the prover's working set type
 */
public final class Slot<W> {
    final int index;
    final StreamBackend.Stream copyStream;
    final StreamBackend.Stream computeStream;
    final StreamBackend.Event uploadStart;
    final StreamBackend.Event uploadDone;
    final StreamBackend.Event kernelsStart;
    final StreamBackend.Event kernelsDone;
    private final W workingSet;

    Slot(int index, StreamBackend backend, W workingSet) {
        this.index = index;
        this.copyStream = backend.newStream();
        this.computeStream = backend.newStream();
        this.uploadStart = backend.newEvent();
        this.uploadDone = backend.newEvent();
        this.kernelsStart = backend.newEvent();
        this.kernelsDone = backend.newEvent();
        this.workingSet = workingSet;
    }

    public int index() {
        return index;
    }

    /** The stream uploads go on; work enqueued here overlaps with other slots' kernels. */
    public StreamBackend.Stream copyStream() {
        return copyStream;
    }

    /** The stream kernels and read-backs go on. */
    public StreamBackend.Stream computeStream() {
        return computeStream;
    }

    public W workingSet() {
        return workingSet;
    }
}
