package io.c2spark.spark.job;

import io.c2spark.spark.task.FailedAttempt;
import io.c2spark.spark.task.PartitionOutcome;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.apache.spark.TaskFailedReason;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerStageSubmitted;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import org.apache.spark.scheduler.SparkListenerTaskStart;

/**
 * Progress of a batch while it runs: sectors done / total, partition proofs per minute, ETA, and
 * proofs per executor and device. Spark's listener bus tells it which prove tasks run and which
 * attempts failed (a stage is tied to its sector by the job's local properties); the driver tells
 * it what finished. A line is printed at most every interval and once at the end.
 */
final class ProgressListener extends SparkListener {
    static final String STAGE_KIND = "c2spark.stage";
    static final String SECTOR = "c2spark.sector";

    private final PrintStream out;
    private final long intervalNanos;
    private final int totalSectors;
    private final long startNanos = System.nanoTime();
    private final Map<Integer, String[]> stages = new ConcurrentHashMap<>();
    private final ConcurrentLinkedQueue<FailedAttempt> failedAttempts = new ConcurrentLinkedQueue<>();

    private final java.util.Set<Long> runningProve = new java.util.HashSet<>();
    private int verified;
    private int failed;
    private int skipped;
    private long proofs;
    private long firstProofStartMillis = -1;
    private final TreeMap<String, Long> proofsPerDevice = new TreeMap<>();
    private long lastPrint;

    ProgressListener(PrintStream out, int intervalSeconds, int totalSectors) {
        this.out = out;
        this.intervalNanos = intervalSeconds * 1_000_000_000L;
        this.totalSectors = totalSectors;
        this.lastPrint = startNanos;
    }

    @Override
    public void onStageSubmitted(SparkListenerStageSubmitted event) {
        Properties p = event.properties();
        if (p != null && p.getProperty(STAGE_KIND) != null) {
            stages.put(event.stageInfo().stageId(), new String[] {p.getProperty(STAGE_KIND), p.getProperty(SECTOR)});
        }
    }

    @Override
    public synchronized void onTaskStart(SparkListenerTaskStart event) {
        String[] s = stages.get(event.stageId());
        if (s != null && s[0].equals("prove")) {
            runningProve.add(event.taskInfo().taskId());
        }
    }

    @Override
    public void onTaskEnd(SparkListenerTaskEnd event) {
        String[] s = stages.get(event.stageId());
        if (s == null) {
            return;
        }
        synchronized (this) {
            runningProve.remove(event.taskInfo().taskId());
        }
        if (event.reason() instanceof TaskFailedReason) {
            failedAttempts.add(new FailedAttempt(s[0], s[1], event.taskInfo().index(), event.taskInfo().executorId(),
                    event.taskInfo().host(), event.taskInfo().attemptNumber(),
                    firstLine(((TaskFailedReason) event.reason()).toErrorString())));
        }
    }

    /** Failed attempts seen since the last call. */
    List<FailedAttempt> drainFailedAttempts() {
        List<FailedAttempt> l = new ArrayList<>();
        FailedAttempt f;
        while ((f = failedAttempts.poll()) != null) {
            l.add(f);
        }
        return l;
    }

    synchronized void partitionProven(PartitionOutcome o) {
        proofs++;
        if (firstProofStartMillis < 0 || o.startMillis < firstProofStartMillis) {
            firstProofStartMillis = o.startMillis;
        }
        proofsPerDevice.merge("executor " + o.executorId + " " + o.device, 1L, Long::sum);
    }

    synchronized void sectorVerified() {
        verified++;
    }

    synchronized void sectorFailed() {
        failed++;
    }

    synchronized void sectorSkipped() {
        skipped++;
    }

    /** Prints a line when the interval has passed (never with interval 0). */
    void maybePrint() {
        long now = System.nanoTime();
        if (intervalNanos > 0 && now - lastPrint >= intervalNanos) {
            lastPrint = now;
            out.println(line());
        }
    }

    synchronized String line() {
        int done = verified + failed + skipped;
        double minutes = firstProofStartMillis < 0 ? 0
                : (System.currentTimeMillis() - firstProofStartMillis) / 60_000.0;
        double perMinute = minutes > 0 ? proofs / minutes : 0;
        double elapsedMin = (System.nanoTime() - startNanos) / 60e9;
        int worked = verified + failed;
        String eta = worked == 0 || done == totalSectors ? (done == totalSectors ? "0s" : "?")
                : duration((long) (elapsedMin / worked * (totalSectors - done) * 60));
        StringBuilder sb = new StringBuilder(String.format(java.util.Locale.ROOT,
                "c2spark: sectors %d/%d (%d verified, %d failed, %d skipped), %d proofs, %.1f proofs/min,"
                        + " %d proving, ETA %s", done, totalSectors, verified, failed, skipped, proofs, perMinute,
                runningProve.size(), eta));
        if (!proofsPerDevice.isEmpty()) {
            sb.append("; per device:");
            proofsPerDevice.forEach((k, v) -> sb.append(' ').append(k).append('=').append(v));
        }
        return sb.toString();
    }

    synchronized Map<String, Long> proofsPerDevice() {
        return new TreeMap<>(proofsPerDevice);
    }

    static String firstLine(String s) {
        if (s == null) {
            return "";
        }
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }

    private static String duration(long seconds) {
        if (seconds >= 3600) {
            return seconds / 3600 + "h" + (seconds % 3600) / 60 + "m";
        }
        return seconds >= 60 ? seconds / 60 + "m" + seconds % 60 + "s" : seconds + "s";
    }
}
