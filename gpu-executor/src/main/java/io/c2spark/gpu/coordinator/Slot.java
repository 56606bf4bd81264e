package io.c2spark.gpu.coordinator;

/**
 * One in-flight partition's working set on a device, made when its key is loaded: its streams, its
 * events, and the prover's buffers for that key (device memory and pinned host memory) as an
 * opaque object. A slot belongs to one worker at a time, between taking it from its key's queue
 * and giving it back.
 *
 * @param <W> the prover's working set type
 */
public final class Slot<W> {
    /**
     * A slot's streams and events. They outlive the slot: when its key is evicted they go back to
     * the coordinator, and the next key's slots take them instead of creating new ones.
     */
    record Streams(StreamBackend.Stream copy, StreamBackend.Stream compute, StreamBackend.Event uploadStart,
            StreamBackend.Event uploadDone, StreamBackend.Event kernelsStart, StreamBackend.Event kernelsDone) {
        static Streams create(StreamBackend backend) {
            return new Streams(backend.newStream(), backend.newStream(), backend.newEvent(), backend.newEvent(),
                    backend.newEvent(), backend.newEvent());
        }
    }

    final String key;
    final int index;
    final Streams streams;
    final StreamBackend.Stream copyStream;
    final StreamBackend.Stream computeStream;
    final StreamBackend.Event uploadStart;
    final StreamBackend.Event uploadDone;
    final StreamBackend.Event kernelsStart;
    final StreamBackend.Event kernelsDone;
    private final W workingSet;

    Slot(String key, int index, Streams streams, W workingSet) {
        this.key = key;
        this.index = index;
        this.streams = streams;
        this.copyStream = streams.copy();
        this.computeStream = streams.compute();
        this.uploadStart = streams.uploadStart();
        this.uploadDone = streams.uploadDone();
        this.kernelsStart = streams.kernelsStart();
        this.kernelsDone = streams.kernelsDone();
        this.workingSet = workingSet;
    }

    /** The name of the key whose slot this is. */
    public String key() {
        return key;
    }

    /** The slot's number among its key's slots. */
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
