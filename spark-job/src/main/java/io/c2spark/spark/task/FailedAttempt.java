package io.c2spark.spark.task;

/** A task attempt that failed, as Spark's listener bus told the driver. */
public final class FailedAttempt extends TaskAttempt {
    private static final long serialVersionUID = 1L;

    public FailedAttempt(String stage, String sectorId, int partition, String executorId, String host, int attempt,
            String reason) {
        super(stage, sectorId, partition, executorId, host, attempt, reason);
    }

    @Override
    public String result() {
        return "failed";
    }
}
