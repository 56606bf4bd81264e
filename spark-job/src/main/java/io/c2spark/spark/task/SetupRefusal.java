package io.c2spark.spark.task;

/**
 * A task's result when its executor cannot do the work because of its setup (a {@link
 * io.c2spark.spark.workload.SetupException}: parameters missing, a prover that did not start).
 * Returned rather than thrown, so that Spark neither retries the task nor waits out its exclusion
 * of the executor: the driver fails the sector at once with the reason and counts the executor out.
 */
public final class SetupRefusal extends TaskAttempt {
    private static final long serialVersionUID = 1L;

    public SetupRefusal(String stage, String sectorId, int partition, TaskPlace place, String reason) {
        super(stage, sectorId, partition, place.executorId(), place.host(), place.attempt(), reason);
    }

    @Override
    public String result() {
        return "refused";
    }
}
