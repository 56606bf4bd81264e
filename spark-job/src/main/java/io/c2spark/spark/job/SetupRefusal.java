package io.c2spark.spark.job;

import java.io.Serializable;

/**
 * A task's result when its executor cannot do the work because of its setup (a {@link
 * io.c2spark.spark.workload.SetupException}: parameters missing, a prover that did not start).
 * Returned rather than thrown, so that Spark neither retries the task nor waits out its exclusion
 * of the executor: the driver fails the sector at once with the reason and counts the executor out.
 */
final class SetupRefusal implements Serializable {
    private static final long serialVersionUID = 1L;

    final String stage;
    final String sectorId;
    final int partition;
    final String executorId;
    final String host;
    final int attempt;
    final String reason;

    SetupRefusal(String stage, String sectorId, int partition, TaskPlace place, String reason) {
        this.stage = stage;
        this.sectorId = sectorId;
        this.partition = partition;
        this.executorId = place.executorId;
        this.host = place.host;
        this.attempt = place.attempt;
        this.reason = reason;
    }
}
