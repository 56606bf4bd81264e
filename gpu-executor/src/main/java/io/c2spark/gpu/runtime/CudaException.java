package io.c2spark.gpu.runtime;

import io.c2spark.gpu.coordinator.DeviceFailureException;

/**
 * A failed CUDA driver call; the message names the call, the device and the driver's error name.
 * It is a device failure wherever it happens, not only while waiting on an event: an error a
 * kernel hits (an illegal address) is sticky and comes back from whichever call of the context
 * comes next (an event record, a copy, a launch), and the context cannot be trusted after it.
 */
public final class CudaException extends DeviceFailureException {
    private static final long serialVersionUID = 1L;
    private final int code;

    public CudaException(String message, int code) {
        super(message);
        this.code = code;
    }

    /** The CUresult value the driver returned. */
    public int code() {
        return code;
    }
}
