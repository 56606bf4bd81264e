package io.c2spark.spark.job;

import com.codahale.metrics.Counter;
import com.codahale.metrics.Gauge;
import com.codahale.metrics.MetricRegistry;
import io.c2spark.spark.task.PartitionOutcome;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import org.apache.spark.SparkContext;

/**
 * c2spark's metrics in Spark's metrics system: the plugin's registry, which Spark publishes as the
 * source {@code plugin.io.c2spark.spark.job.C2SparkPlugin} to every configured sink (Prometheus,
 * JMX, CSV, ...). The driver's instance sees every partition of the run; each executor's, its own.
 * <ul>
 * <li>{@code partitionsProven}, {@code taskFailures} (attempts that failed or were refused),
 *     {@code sectorsVerified}, {@code sectorsFailed} (driver): counters;</li>
 * <li>{@code proofsPerMinute}: partitions whose proof ended in the last minute;</li>
 * <li>{@code wait.slot}, {@code wait.memoryLock}, {@code wait.computeLock}, ...: timers of each
 *     partition's waits, as its prover reported them;</li>
 * <li>{@code gpuBusy.<executor>.<device>}: the fraction of the last minute the device ran this job's
 *     kernels (the device clock's kernel span of each partition proven there).</li>
 * </ul>
 */
public final class ProverMetrics {
    private static final long WINDOW_MILLIS = 60_000;
    private static final Map<SparkContext, ProverMetrics> DRIVER = new ConcurrentHashMap<>();
    private static volatile ProverMetrics executor;

    private final MetricRegistry registry;
    private final LongSupplier clock;
    private final Counter partitionsProven;
    private final Counter taskFailures;
    private final Counter sectorsVerified;
    private final Counter sectorsFailed;
    /** {end millis, kernel millis} of recent partitions, per device key; "" holds every partition. */
    private final Map<String, Deque<long[]>> recent = new HashMap<>();

    ProverMetrics(MetricRegistry registry, LongSupplier clock) {
        this.registry = registry;
        this.clock = clock;
        partitionsProven = registry.counter("partitionsProven");
        taskFailures = registry.counter("taskFailures");
        sectorsVerified = registry.counter("sectorsVerified");
        sectorsFailed = registry.counter("sectorsFailed");
        registry.register("proofsPerMinute", (Gauge<Integer>) () -> inWindow("", false));
    }

    /** The driver's metrics of a context, registered by the plugin's driver side. */
    static void registerDriver(SparkContext sc, MetricRegistry registry) {
        DRIVER.put(sc, new ProverMetrics(registry, System::currentTimeMillis));
    }

    static void unregisterDriver(SparkContext sc) {
        DRIVER.remove(sc);
    }

    /** The context's driver metrics; where the plugin is not configured, ones that no sink publishes. */
    static ProverMetrics ofDriver(SparkContext sc) {
        ProverMetrics m = DRIVER.get(sc);
        return m != null ? m : new ProverMetrics(new MetricRegistry(), System::currentTimeMillis);
    }

    static void registerExecutor(MetricRegistry registry) {
        executor = new ProverMetrics(registry, System::currentTimeMillis);
    }

    /** This executor JVM's metrics, or null where its plugin did not start. */
    static ProverMetrics ofExecutor() {
        return executor;
    }

    synchronized void partitionProven(PartitionOutcome o) {
        partitionsProven.inc();
        o.waitNanos.forEach((k, v) -> registry.timer("wait." + k).update(v, TimeUnit.NANOSECONDS));
        long end = clock.getAsLong();
        window("").add(new long[] {end, 0});
        Double ks = o.deviceClockMs.get("kernelsStart");
        Double ke = o.deviceClockMs.get("kernelsEnd");
        if (ks != null && ke != null) {
            String key = "gpuBusy." + o.executorId + "." + o.device.replaceAll("[^A-Za-z0-9]", "");
            if (!recent.containsKey(key)) {
                registry.register(key, (Gauge<Double>) () -> inWindow(key, true) / (double) WINDOW_MILLIS);
            }
            window(key).add(new long[] {end, Math.round(ke - ks)});
        }
    }

    void taskFailed() {
        taskFailures.inc();
    }

    void sectorVerified() {
        sectorsVerified.inc();
    }

    void sectorFailed() {
        sectorsFailed.inc();
    }

    private Deque<long[]> window(String key) {
        return recent.computeIfAbsent(key, k -> new ArrayDeque<>());
    }

    /** The entries of the last minute: their count, or the sum of their kernel millis. */
    private synchronized int inWindow(String key, boolean sumBusy) {
        Deque<long[]> d = window(key);
        long now = clock.getAsLong();
        while (!d.isEmpty() && d.peekFirst()[0] < now - WINDOW_MILLIS) {
            d.pollFirst();
        }
        if (!sumBusy) {
            return d.size();
        }
        long sum = 0;
        for (long[] e : d) {
            sum += e[1];
        }
        return (int) Math.min(sum, WINDOW_MILLIS);
    }
}
