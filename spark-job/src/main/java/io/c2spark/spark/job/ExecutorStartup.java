package io.c2spark.spark.job;

import java.io.Serializable;

/**
 * What an executor's plugin tells the driver once its prover has started, or failed to. No host:
 * an executor's PluginContext cannot name it (its RPC environment has no address of its own); the
 * driver knows it from the executor's registration.
 */
final class ExecutorStartup implements Serializable {
    private static final long serialVersionUID = 1L;

    final String executorId;
    /** Null when the prover started. */
    final String problem;

    ExecutorStartup(String executorId, String problem) {
        this.executorId = executorId;
        this.problem = problem;
    }
}
