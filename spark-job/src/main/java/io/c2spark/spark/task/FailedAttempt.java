package io.c2spark.spark.task;

/** A task attempt that failed, as Spark's listener bus told the driver: for the report. */
public final class FailedAttempt {
    public final String stage;
    public final String sectorId;
    public final int partition;
    public final String executorId;
    public final String host;
    public final int attempt;
    public final String reason;

    public FailedAttempt(String stage, String sectorId, int partition, String executorId, String host, int attempt,
            String reason) {
        this.stage = stage;
        this.sectorId = sectorId;
        this.partition = partition;
        this.executorId = executorId;
        this.host = host;
        this.attempt = attempt;
        this.reason = reason;
    }
}
