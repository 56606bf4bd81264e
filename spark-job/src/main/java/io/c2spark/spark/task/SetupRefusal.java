package io.c2spark.spark.task;

import java.io.Serializable;

/**
 * A task's result when its executor cannot do the work because of its setup (a {@link
 * io.c2spark.spark.workload.SetupException}: parameters missing, a prover that did not start).
 * Returned rather than thrown, so that Spark neither retries the task nor waits out its exclusion
 * of the executor: the driver fails the sector at once with the reason and counts the executor out.
 */
public final class SetupRefusal implements Serializable {
    private static final long serialVersionUID = 1L;

    public final String stage;
    public final String sectorId;
    public final int partition;
    public final String executorId;
    public final String host;
    public final int attempt;
    public final String reason;

    public SetupRefusal(String stage, String sectorId, int partition, TaskPlace place, String reason) {
        this.stage = stage;
        this.sectorId = sectorId;
        this.partition = partition;
        this.executorId = place.executorId;
        this.host = place.host;
        this.attempt = place.attempt;
        this.reason = reason;
    }
}
