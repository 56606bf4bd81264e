package io.c2spark.spark.job;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/** How a batch ended: counts, failures with their reasons, why it stopped early, and where the proofs and report are. */
public final class BatchSummary {
    private final String runId;
    private final String outputDir;
    private final String reportPath;
    private final int verified;
    private final int skipped;
    private final LinkedHashMap<String, String> failures;
    private final String stopReason;

    BatchSummary(String runId, String outputDir, String reportPath, int verified, int skipped,
                 Map<String, String> failures, String stopReason) {
        this.runId = runId;
        this.outputDir = outputDir;
        this.reportPath = reportPath;
        this.verified = verified;
        this.skipped = skipped;
        this.failures = new LinkedHashMap<>(failures);
        this.stopReason = stopReason;
    }

    public String runId() {
        return runId;
    }

    public String outputDir() {
        return outputDir;
    }

    public String reportPath() {
        return reportPath;
    }

    public int verified() {
        return verified;
    }

    public int skipped() {
        return skipped;
    }

    /** Failed sectors and why, in the order they failed. */
    public Map<String, String> failures() {
        return Collections.unmodifiableMap(failures);
    }

    /** Why the run stopped before trying every sector (a setup problem), or null. */
    public String stopReason() {
        return stopReason;
    }

    public boolean allGood() {
        return failures.isEmpty();
    }

    /** A few lines for the console. */
    public String describe() {
        StringBuilder sb = new StringBuilder();
        sb.append("c2spark run ").append(runId).append(": ").append(verified).append(" sectors proven and verified, ")
                .append(skipped).append(" skipped (proof already there), ").append(failures.size()).append(" failed\n");
        if (stopReason != null) {
            sb.append("  stopped: ").append(stopReason).append('\n');
        }
        failures.forEach((s, r) -> sb.append("  failed ").append(s).append(": ").append(r).append('\n'));
        sb.append("  proofs: ").append(outputDir).append('\n');
        sb.append("  report: ").append(reportPath).append('\n');
        return sb.toString();
    }
}
