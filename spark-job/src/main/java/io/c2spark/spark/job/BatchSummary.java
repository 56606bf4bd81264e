package io.c2spark.spark.job;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * How a batch ended: counts, failures with their reasons, why it stopped early, and where the proofs and report are.
 *
 * @param failures failed sectors and why, in the order they failed
 * @param stopReason why the run stopped before trying every sector (a setup problem), or null
 */
public record BatchSummary(String runId, String outputDir, String reportPath, int verified, int skipped,
        Map<String, String> failures, String stopReason) {
    public BatchSummary {
        failures = Collections.unmodifiableMap(new LinkedHashMap<>(failures));
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
