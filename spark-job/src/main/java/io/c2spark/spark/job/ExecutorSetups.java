package io.c2spark.spark.job;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.spark.SparkContext;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerExecutorAdded;
import org.apache.spark.scheduler.SparkListenerExecutorRemoved;

/**
 * The driver's view of the executors and of the start-up reports their plugins sent: which are
 * alive, and which could not start their prover and why. One per SparkContext, made by {@link
 * C2SparkPlugin}'s driver side before any executor exists, so that its listener hears of every
 * executor that comes and goes and no report is missed. {@link BatchDriver} polls it.
 */
final class ExecutorSetups {
    private static final Map<SparkContext, ExecutorSetups> BY_CONTEXT = new ConcurrentHashMap<>();

    private final Set<String> alive = new HashSet<>();
    private final Map<String, String> hosts = new HashMap<>();
    private final Map<String, String> startupProblems = new LinkedHashMap<>();
    private final List<String> lost = new ArrayList<>();

    static void register(SparkContext sc) {
        ExecutorSetups s = new ExecutorSetups();
        sc.addSparkListener(new SparkListener() {
            @Override
            public void onExecutorAdded(SparkListenerExecutorAdded event) {
                s.added(event.executorId(), event.executorInfo().executorHost());
            }

            @Override
            public void onExecutorRemoved(SparkListenerExecutorRemoved event) {
                s.removed(event.executorId(), event.reason());
            }
        });
        BY_CONTEXT.put(sc, s);
    }

    static void unregister(SparkContext sc) {
        BY_CONTEXT.remove(sc);
    }

    /** The context's view, or null where the plugin is not configured. */
    static ExecutorSetups of(SparkContext sc) {
        return BY_CONTEXT.get(sc);
    }

    synchronized void added(String executorId, String host) {
        alive.add(executorId);
        hosts.put(executorId, host);
    }

    synchronized void removed(String executorId, String reason) {
        alive.remove(executorId);
        lost.add("executor " + executorId + " on " + hosts.getOrDefault(executorId, "?") + ": " + reason);
    }

    /** The executors removed so far and why ("executor 1 on host-a: Command exited with code 137"). */
    synchronized List<String> lost() {
        return new ArrayList<>(lost);
    }

    synchronized void startupReported(ExecutorStartup s) {
        if (s.problem != null) {
            startupProblems.put(s.executorId, s.problem);
        }
    }

    /** The executors alive now (in local mode the driver's own, "driver"). */
    synchronized Set<String> alive() {
        return new HashSet<>(alive);
    }

    /**
     * Every executor that reported a failed start-up, in the order the reports came; one whose
     * registration the listener has not heard of yet (its host unknown) comes in a later call.
     */
    synchronized List<SetupProblems.Problem> startupProblems() {
        List<SetupProblems.Problem> l = new ArrayList<>();
        startupProblems.forEach((id, reason) -> {
            if (hosts.containsKey(id)) {
                l.add(new SetupProblems.Problem(id, hosts.get(id), reason));
            }
        });
        return l;
    }
}
