package io.c2spark.spark.task;

import org.apache.spark.SparkEnv;
import org.apache.spark.TaskContext;

/** Where a task runs (executor, host, attempt), for the report. */
public record TaskPlace(String executorId, String host, int attempt) {
    public static TaskPlace current() {
        SparkEnv env = SparkEnv.get();
        TaskContext tc = TaskContext.get();
        // The block manager's host is the name Spark itself uses for this executor (no DNS lookup).
        String host = env == null ? "?" : env.blockManager().blockManagerId().host();
        return new TaskPlace(env == null ? "?" : env.executorId(), host, tc == null ? 0 : tc.attemptNumber());
    }
}
