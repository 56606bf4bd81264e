package io.c2spark.spark.workload;

/**
 * A sector's input is bad (malformed, wrong size, failing vanilla proofs): the sector fails with
 * this message in the report and is not retried; the other sectors go on. The message names the
 * file and the field.
 */
public class InvalidSectorException extends Exception {
    private static final long serialVersionUID = 1L;

    public InvalidSectorException(String message) {
        super(message);
    }

    public InvalidSectorException(String message, Throwable cause) {
        super(message, cause);
    }
}
