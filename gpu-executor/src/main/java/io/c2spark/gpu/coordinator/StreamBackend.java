package io.c2spark.gpu.coordinator;

/**
 * The few asynchronous-execution primitives the coordinator needs from a device: streams, events,
 * and waiting on one event. A CUDA device implements them with cuStreamCreate, cuEventRecord,
 * cuStreamWaitEvent, cuEventSynchronize and cuEventElapsedTime; {@link io.c2spark.gpu.cpu.CpuStreamBackend}
 * implements the same semantics with threads, so the coordinator's logic is tested without a GPU.
 *
 * <p>Streams and events are created only while the coordinator has the device to itself: before it
 * seals the backend at start-up, and while it loads a key with both locks held and every slot idle
 * ({@link #unseal()} to {@link #seal()}). At any other time creation throws: it is one of the
 * device-global operations (like allocation, module loading or a context synchronize) that would
 * wait on every stream of the device and silently serialise the coordinator's locks. There is
 * deliberately no device-wide synchronize here.
 */
public interface StreamBackend extends AutoCloseable {
    /** An ordered queue of device work. */
    interface Stream {
    }

    /** A marker recorded into a stream; completes when the work before it has run. */
    interface Event {
    }

    /** Device ordinal, for messages and metrics. */
    int device();

    /** Unsealed only. */
    Stream newStream();

    /** Unsealed only. */
    Event newEvent();

    /** Ends start-up or a key's load: from now on creating streams or events (or allocating) is an error. */
    void seal();

    /** Only the coordinator, with the device to itself (both locks held, no slot in use): creation is allowed until {@link #seal()}. */
    void unseal();

    /** Records the event at the current end of the stream. */
    void record(Event event, Stream stream);

    /** Makes later work on the stream wait for the event (cuStreamWaitEvent): does not block the caller. */
    void waitEvent(Stream stream, Event event);

    /**
     * Blocks the caller until the event has completed. Throws {@link DeviceFailureException} when
     * the device reported an error, which for CUDA is sticky: the whole context is lost.
     */
    void synchronize(Event event);

    /**
     * Device time of a completed event in milliseconds since the backend's start-up reference
     * event: comparable across streams of the device, so kernel intervals of different workers can
     * be checked for overlap from the device's own clock.
     */
    double deviceTimeMs(Event event);

    @Override
    void close();
}
