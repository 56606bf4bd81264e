package io.c2spark.spark.task;

import java.io.Serializable;

/**
 * One attempt of a task that brought no result, for the driver and the report: its stage
 * ("prepare" or "prove"), sector and partition, where it ran, its attempt number, why, and what
 * became of it ({@link #result()}).
 */
public abstract class TaskAttempt implements Serializable {
    private static final long serialVersionUID = 1L;

    public final String stage;
    public final String sectorId;
    public final int partition;
    public final String executorId;
    public final String host;
    public final int attempt;
    public final String reason;

    TaskAttempt(String stage, String sectorId, int partition, String executorId, String host, int attempt,
            String reason) {
        this.stage = stage;
        this.sectorId = sectorId;
        this.partition = partition;
        this.executorId = executorId;
        this.host = host;
        this.attempt = attempt;
        this.reason = reason;
    }

    /** The report's word for it: "failed" or "refused". */
    public abstract String result();
}
