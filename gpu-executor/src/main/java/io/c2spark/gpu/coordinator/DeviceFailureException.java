package io.c2spark.gpu.coordinator;

/**
 * The device reported an error (for CUDA: any failed driver call or kernel). Such an error
 * poisons the context, so it also marks the device unhealthy for every worker that shares it.
 */
public class DeviceFailureException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public DeviceFailureException(String message) {
        super(message);
    }

    public DeviceFailureException(String message, Throwable cause) {
        super(message, cause);
    }
}
