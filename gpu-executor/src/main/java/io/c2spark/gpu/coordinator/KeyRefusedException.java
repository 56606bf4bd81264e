package io.c2spark.gpu.coordinator;

/**
 * A key that cannot be loaded on a device now: another large key is resident and busy, or the
 * device's ledger has no room for one of its slots beside the busy keys. Nothing was evicted or
 * loaded; the device and its keys go on as before. The message names the device, both keys and
 * the reason.
 */
public final class KeyRefusedException extends IllegalStateException {
    private static final long serialVersionUID = 1L;

    public KeyRefusedException(String message) {
        super(message);
    }
}
