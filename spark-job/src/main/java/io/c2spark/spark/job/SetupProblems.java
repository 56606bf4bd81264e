package io.c2spark.spark.job;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * The setup problems one run has met, per executor: a prover that did not start, or a task that
 * met a {@link io.c2spark.spark.workload.SetupException}. An executor keeps the first one it
 * reported. When every live executor has one, nothing can be proven and the run stops.
 */
final class SetupProblems {
    /** An executor that cannot prove, and why. */
    static final class Problem {
        final String executorId;
        final String host;
        final String reason;

        Problem(String executorId, String host, String reason) {
            this.executorId = executorId;
            this.host = host;
            this.reason = reason;
        }

        /** "executor 0 on host-a" */
        String where() {
            return "executor " + executorId + " on " + host;
        }
    }

    private final Map<String, Problem> byExecutor = new TreeMap<>();

    /** Records the problem; true when it is the executor's first. */
    boolean record(Problem p) {
        return byExecutor.putIfAbsent(p.executorId, p) == null;
    }

    boolean isEmpty() {
        return byExecutor.isEmpty();
    }

    /**
     * When every executor alive (at least one) has a problem: why, each distinct reason once with
     * its executors, e.g. "no parameters ... missing (executors 0 on a, 1 on b)".
     */
    Optional<String> noExecutorCanProve(Set<String> alive) {
        if (alive.isEmpty() || !byExecutor.keySet().containsAll(alive)) {
            return Optional.empty();
        }
        Map<String, List<String>> where = new LinkedHashMap<>();
        for (Problem p : byExecutor.values()) {
            if (alive.contains(p.executorId)) {
                where.computeIfAbsent(p.reason, r -> new ArrayList<>()).add(p.executorId + " on " + p.host);
            }
        }
        List<String> parts = new ArrayList<>();
        where.forEach((reason, execs) -> parts.add(reason + " (executor" + (execs.size() > 1 ? "s " : " ")
                + String.join(", ", execs) + ")"));
        return Optional.of(String.join("; ", parts));
    }

    /** Each reason with the executors that reported it, for the report's run row. */
    Map<String, List<String>> byReason() {
        Map<String, List<String>> m = new LinkedHashMap<>();
        byExecutor.values().forEach(p -> m.computeIfAbsent(p.reason, r -> new ArrayList<>()).add(p.executorId));
        return m;
    }
}
