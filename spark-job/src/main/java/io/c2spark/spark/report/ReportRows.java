package io.c2spark.spark.report;

import io.c2spark.spark.io.SectorFile;
import io.c2spark.spark.task.PartitionOutcome;
import io.c2spark.spark.task.PrepareOutcome;
import io.c2spark.spark.task.TaskAttempt;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.SparkConf;

/**
 * The rows of one run's report, each a map whose order is its JSON's field order: a partition
 * proven, a sector's end, a task attempt that failed or was refused, a file kept in the fallback
 * folder, and the run. Every row starts with its type and the run's id. Durations are milliseconds
 * with two decimals ({@code ...Ms}); {@code startMs}, {@code endMs} and the sector's
 * {@code ...SubmittedMs} and {@code provenMs} are epoch milliseconds. notebooks/c2spark_report.py
 * reads these keys.
 */
public final class ReportRows {
    private final String runId;
    private final int sectorsInFlight;
    private final int prepareAhead;
    private final Map<String, Object> scheduling = new LinkedHashMap<>();

    /**
     * Rows of the run runId, laid out with these window sizes. conf and localGpus say how devices
     * were shared, for comparing runs (the notebooks plot waits and busy fractions against workers
     * per GPU and GPUs): the master, and either Spark's gpu resource amounts or, in plain local
     * mode, the executor's own device list.
     */
    public ReportRows(String runId, int sectorsInFlight, int prepareAhead, SparkConf conf, String localGpus) {
        this.runId = runId;
        this.sectorsInFlight = sectorsInFlight;
        this.prepareAhead = prepareAhead;
        scheduling.put("master", conf.get("spark.master", ""));
        String task = "spark.task.resource.gpu.amount";
        if (conf.contains(task)) {
            double amount = conf.getDouble(task, 1.0);
            scheduling.put("workersPerGpu", amount >= 1 ? 1 : (int) Math.round(1 / amount));
            scheduling.put("gpusPerExecutor", conf.getInt("spark.executor.resource.gpu.amount", 1));
        } else {
            scheduling.put("localGpus", localGpus);
        }
    }

    /** A partition's proof came in. */
    public Map<String, Object> partition(PartitionOutcome o) {
        Map<String, Object> m = row("partition");
        m.put("sector", o.sectorId);
        m.put("partition", o.partition);
        m.put("result", "proven");
        m.put("inputBytes", o.inputBytes);
        m.put("proofBytes", o.proof.length);
        m.put("executor", o.executorId);
        m.put("host", o.host);
        m.put("device", o.device);
        m.put("deviceSource", o.deviceSource);
        m.put("attempt", o.attempt);
        m.put("startMs", o.startMillis);
        m.put("endMs", o.endMillis);
        m.put("readMs", millis(o.readNanos));
        m.put("proveMs", millis(o.proveNanos));
        m.put("phasesMs", millis(o.phaseNanos));
        m.put("waitsMs", millis(o.waitNanos));
        if (!o.deviceClockMs.isEmpty()) {
            m.put("deviceClockMs", o.deviceClockMs);
        }
        return m;
    }

    /** A sector that ended before the driver took it up: skipped, or still waiting when the run stopped. */
    public Map<String, Object> sector(SectorFile f, String result, String reason) {
        return sector(f, result, reason, null, null, null, 0, 0);
    }

    /**
     * A sector that ended: result "verified" or "failed" (with its reason, or null). times is null
     * when the driver never took it up; prepared when it was not prepared (a rejection is not told
     * twice: its reason is the row's); partitions when no prove job was submitted, and its entries
     * when their proof is not in. The caller may add keys after these ("output", "keptAt").
     */
    public Map<String, Object> sector(SectorFile f, String result, String reason, SectorTimes times,
            PrepareOutcome prepared, PartitionOutcome[] partitions, long verifyNanos, long writeNanos) {
        Map<String, Object> m = row("sector");
        m.put("sector", f.sectorId());
        m.put("input", f.path());
        m.put("inputBytes", f.length());
        m.put("result", result);
        if (reason != null) {
            m.put("reason", reason);
        }
        if (prepared != null && prepared.rejection == null) {
            m.put("partitions", prepared.partitions);
            m.put("facts", prepared.facts);
            m.put("partitionInputBytes", Arrays.stream(prepared.partitionInputBytes).sum());
            m.put("prepareMs", millis(prepared.prepareNanos));
            m.put("prepareExecutor", prepared.executorId);
            m.put("prepareHost", prepared.host);
            m.put("prepareStartMs", prepared.startMillis);
            m.put("prepareEndMs", prepared.endMillis);
        }
        if (times != null) {
            // The driver's clock: the sector's way through the window, beside its preparation
            // (the executor's clock) and its partitions.
            m.put("prepareSubmittedMs", times.prepareSubmittedMillis);
            if (times.proveSubmittedMillis > 0) {
                m.put("proveSubmittedMs", times.proveSubmittedMillis);
            }
            if (times.provenMillis > 0) {
                m.put("provenMs", times.provenMillis);
            }
            m.put("endMs", System.currentTimeMillis());
        }
        if (partitions != null) {
            long proveSum = 0;
            for (PartitionOutcome o : partitions) {
                proveSum += o == null ? 0 : o.proveNanos;
            }
            m.put("proveMsSum", millis(proveSum));
        }
        m.put("verifyMs", millis(verifyNanos));
        m.put("writeMs", millis(writeNanos));
        m.put("wallMs", millis(times == null ? 0 : System.nanoTime() - times.startNanos));
        return m;
    }

    /** A task attempt that Spark saw fail, or a task that refused its work because of its executor's setup. */
    public Map<String, Object> attempt(TaskAttempt a) {
        Map<String, Object> m = row("attempt");
        m.put("stage", a.stage);
        m.put("sector", a.sectorId);
        m.put("partition", a.partition);
        m.put("executor", a.executorId);
        m.put("host", a.host);
        m.put("attempt", a.attempt);
        m.put("result", a.result());
        m.put("reason", a.reason);
        return m;
    }

    /** A file (file names what: "report") that could not be written where intended, kept in the fallback folder. */
    public Map<String, Object> fallback(String file, String intended, String reason) {
        Map<String, Object> m = row("fallback");
        m.put("file", file);
        m.put("intended", intended);
        m.put("reason", reason);
        return m;
    }

    /**
     * The run's row, last: its sector counts and wall time, proofs per device, why it stopped early
     * (null when it did not), the executors' setup problems by reason, the proofs kept in the
     * fallback folder and the executors lost (each left out when there are none), then its layout.
     */
    public Map<String, Object> run(int sectors, int verified, int failed, int skipped, long wallNanos,
            Map<String, Long> proofsPerDevice, String stopped, Map<String, List<String>> setupProblems,
            int proofsInFallback, List<String> executorsLost) {
        Map<String, Object> m = row("run");
        m.put("sectors", sectors);
        m.put("verified", verified);
        m.put("failed", failed);
        m.put("skipped", skipped);
        m.put("wallMs", millis(wallNanos));
        m.put("proofsPerDevice", proofsPerDevice);
        if (stopped != null) {
            m.put("stopped", stopped);
        }
        if (!setupProblems.isEmpty()) {
            m.put("setupProblems", setupProblems);
        }
        if (proofsInFallback > 0) {
            m.put("proofsInFallback", proofsInFallback);
        }
        if (!executorsLost.isEmpty()) {
            m.put("executorsLost", executorsLost);
        }
        m.put("sectorsInFlight", sectorsInFlight);
        m.put("prepareAhead", prepareAhead);
        m.putAll(scheduling);
        return m;
    }

    private Map<String, Object> row(String type) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("type", type);
        m.put("run", runId);
        return m;
    }

    private static Map<String, Object> millis(Map<String, Long> nanos) {
        Map<String, Object> m = new LinkedHashMap<>();
        nanos.forEach((k, v) -> m.put(k, millis(v)));
        return m;
    }

    private static double millis(long nanos) {
        return Math.round(nanos / 1e4) / 100.0;
    }
}
