package io.c2spark.gpu.coordinator;

/**
 * The seal every {@link StreamBackend} keeps: streams and events are created only while it is
 * unsealed (start-up, a key's load), and creating one at any other time is refused.
 */
public abstract class SealableBackend implements StreamBackend {
    private volatile boolean sealed;

    @Override
    public final void seal() {
        sealed = true;
    }

    @Override
    public final void unseal() {
        sealed = false;
    }

    /** Refuses what (stream creation, event creation) while sealed. */
    protected final void checkNotSealed(String what) {
        if (sealed) {
            throw new IllegalStateException(what + " on device " + device() + " outside start-up and key loads: a"
                    + " device-global operation while workers may run, which would wait on every stream of the device");
        }
    }
}
