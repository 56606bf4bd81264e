package io.c2spark.gpu.coordinator;

/**
 * Thrown to every worker of a device after a {@link DeviceFailureException}: in-flight partitions
 * and later ones fail with this, and none of them returns a result.
 */
public final class DeviceUnhealthyException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public DeviceUnhealthyException(int device, Throwable firstFailure) {
        super("GPU " + device + " is unhealthy after a device error (" + firstFailure.getMessage()
                + "); no result leaves this device and its executor should exit", firstFailure);
    }
}
