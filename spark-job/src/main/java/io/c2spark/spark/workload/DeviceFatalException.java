package io.c2spark.spark.workload;

/**
 * Thrown by a {@link PartitionProver} when its device can no longer be trusted (a CUDA error
 * poisons the context and every worker sharing it). The prove task then ends its executor JVM, as
 * spark-rapids does on a fatal CUDA error, so that Spark reschedules the executor's tasks on other
 * executors (deploy/ turns on the exclusion of failing executors). In plain local mode, where the
 * executor is the driver, the task fails instead.
 */
public class DeviceFatalException extends Exception {
    private static final long serialVersionUID = 1L;

    public DeviceFatalException(String message, Throwable cause) {
        super(message, cause);
    }
}
