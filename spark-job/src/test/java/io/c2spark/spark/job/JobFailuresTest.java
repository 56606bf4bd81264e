package io.c2spark.spark.job;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.apache.spark.SparkException;
import org.junit.jupiter.api.Test;

/** A failed job's root cause for the sector rows, never "Job aborted due to stage failure: ". */
class JobFailuresTest {
    /** Past spark.task.maxFailures: the lost task's exception, its class and stack trace dropped. */
    private static final String MAX_FAILURES = "Job aborted due to stage failure: Task 1 in stage 12.0 failed 4 times,"
            + " most recent failure: Lost task 1.3 in stage 12.0 (TID 30) (192.0.2.2 executor 1):"
            + " java.lang.IllegalStateException: prove sector s partition 1: cannot read /x/p.bin: Input/output error\n"
            + "\tat io.c2spark.spark.job.ProveTaskFunction.apply(ProveTaskFunction.java:71)\n\nDriver stacktrace:";
    /** Exclusion left the task nowhere to run: the message's first line is "Job aborted due to stage failure: ". */
    private static final String EXCLUDED = "Job aborted due to stage failure: \nAborting TaskSet 3.0 because task 0"
            + " (partition 0)\ncannot run anywhere due to node and executor excludeOnFailure.\nMost recent failure:\n"
            + "Lost task 0.0 in stage 3.0 (TID 3) (192.0.2.2 executor 0): java.lang.IllegalStateException: no"
            + " parameters for 2KiB in /x: p.params missing\n\tat io.c2spark.X.y(X.java:1)\n\n"
            + "ExcludeOnFailure behavior can be configured via spark.excludeOnFailure.*.\n";
    /** A lost executor: no task exception at all. */
    private static final String LOST_EXECUTOR = "Job aborted due to stage failure: \nAborting TaskSet 4.0 because task 0"
            + " (partition 0)\ncannot run anywhere due to node and executor excludeOnFailure.\nMost recent failure:\n"
            + "ExecutorLostFailure (executor 2 exited caused by one of the running tasks) Reason: Command exited with"
            + " code 20\n\nExcludeOnFailure behavior can be configured via spark.excludeOnFailure.*.\n";

    @Test
    void theTasksOwnMessageComesOutOfSparksWrapping() {
        assertEquals("prove sector s partition 1: cannot read /x/p.bin: Input/output error",
                JobFailures.fromSparkMessage(MAX_FAILURES));
        assertEquals("no parameters for 2KiB in /x: p.params missing", JobFailures.fromSparkMessage(EXCLUDED));
        assertEquals("ExecutorLostFailure (executor 2 exited caused by one of the running tasks) Reason: Command"
                + " exited with code 20", JobFailures.fromSparkMessage(LOST_EXECUTOR));
        assertEquals("something else entirely", JobFailures.fromSparkMessage("\n something else entirely\nmore"));
        assertEquals("the job failed and Spark gave no reason", JobFailures.fromSparkMessage(null));
    }

    @Test
    void theCauseSparkAttachedIsTakenFirst() {
        IllegalStateException task = new IllegalStateException("test sector asks partition 1 to fail\nsecond line");
        assertEquals("test sector asks partition 1 to fail",
                JobFailures.rootCause(new SparkException(MAX_FAILURES, task)));
        assertEquals("no parameters for 2KiB in /x: p.params missing",
                JobFailures.rootCause(new SparkException(EXCLUDED, null)));
    }
}
