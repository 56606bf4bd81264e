package io.c2spark.spark.job;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.apache.spark.SparkConf;
import scala.Tuple2;

/**
 * Ends the wait for executors that will never come. A cluster manager grants an executor only where a
 * worker offers everything it asks for (cores, memory, each resource such as a GPU); where none does,
 * Spark waits for ever ("Initial job has not accepted any resources"). The driver asks this, as it
 * polls, whether it has gone the whole wait with no executor alive, and stops the run with the reason
 * this gives: how long, and what an executor asks for.
 */
final class ExecutorWait {
    private final long waitNanos;
    private final String asks;
    private long emptySince;
    private boolean hadOne;

    /** {@code waitSeconds} 0 waits for ever; the clock starts now, with no executor yet. */
    ExecutorWait(int waitSeconds, SparkConf conf, long nowNanos) {
        this.waitNanos = waitSeconds * 1_000_000_000L;
        this.asks = asks(conf);
        this.emptySince = nowNanos;
    }

    /** The reason to stop, once no executor has been alive for the whole wait. */
    Optional<String> check(Set<String> alive, long nowNanos) {
        if (!alive.isEmpty()) {
            emptySince = -1;
            hadOne = true;
            return Optional.empty();
        }
        if (emptySince < 0) {
            emptySince = nowNanos;
        }
        if (waitNanos <= 0 || nowNanos - emptySince < waitNanos) {
            return Optional.empty();
        }
        return Optional.of("no executor for " + waitNanos / 1_000_000_000L + " s" + (hadOne
                ? " since the last one was lost (or excluded after failures), and none replaced it" : "")
                + ": no registered worker offers what an executor asks for (" + asks + ")");
    }

    /** "spark.executor.cores=2, spark.executor.memory=16g, spark.executor.resource.gpu.amount=1" */
    static String asks(SparkConf conf) {
        List<String> l = new ArrayList<>();
        l.add("spark.executor.cores=" + conf.get("spark.executor.cores", "1"));
        l.add("spark.executor.memory=" + conf.get("spark.executor.memory", "1g"));
        if (conf.contains("spark.executor.memoryOverhead")) {
            l.add("spark.executor.memoryOverhead=" + conf.get("spark.executor.memoryOverhead"));
        }
        List<String> resources = new ArrayList<>();
        for (Tuple2<String, String> t : conf.getAllWithPrefix("spark.executor.resource.")) {
            if (t._1().endsWith(".amount")) {
                resources.add("spark.executor.resource." + t._1() + "=" + t._2());
            }
        }
        resources.sort(null);
        l.addAll(resources);
        return String.join(", ", l);
    }
}
