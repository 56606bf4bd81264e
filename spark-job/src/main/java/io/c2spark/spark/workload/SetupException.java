package io.c2spark.spark.workload;

/**
 * How a JVM is set up keeps it from doing its part: a setting, or a file a setting names, is wrong
 * (parameters missing or unreadable, an unknown sector size). Retrying cannot help, so the job
 * neither retries nor waits: a task that meets one fails its sector at once with this message,
 * which the driver also reports against the executor; an executor whose prover cannot start
 * refuses its tasks with one; and once every executor has reported one the run stops. Unchecked,
 * because parameters are loaded behind functional interfaces and caches. The message is the
 * operator's whole story: what is missing, where, and which setting pointed there.
 */
public class SetupException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public SetupException(String message) {
        super(message);
    }

    public SetupException(String message, Throwable cause) {
        super(message, cause);
    }
}
