package io.c2spark.spark.job;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The root cause of a failed Spark job, for a sector's row. Spark wraps a task's failure in
 * "Job aborted due to stage failure: Task 0 in stage 3.0 failed 4 times, most recent failure:
 * Lost task 0.3 in stage 3.0 (TID 9) (host executor 1): java.lang.IllegalStateException: ..." and a
 * stack trace, or, when exclusion leaves a task nowhere to run, in "Job aborted due to stage
 * failure: " followed by a line break, "Aborting TaskSet ... Most recent failure:" and the lost
 * task on the next line (so that the first line says nothing at all). The task's own exception,
 * where the driver could rebuild it, is the job failure's cause; otherwise the message is taken
 * apart.
 */
final class JobFailures {
    private static final String ABORTED = "Job aborted due to stage failure:";
    private static final String MOST_RECENT = "Most recent failure:";
    private static final Pattern LOST_TASK = Pattern.compile(
            "Lost task \\S+ in stage \\S+ \\(TID \\d+\\) \\([^)]*\\): ");
    private static final Pattern EXCEPTION_CLASS = Pattern.compile(
            "^(?:[a-zA-Z_$][\\w$]*\\.)+[A-Z][\\w$]*(?:Exception|Error|Throwable)(?::\\s*|$)");

    private JobFailures() {
    }

    /** The task's own message: from the cause Spark attached, else out of Spark's message. */
    static String rootCause(Throwable jobFailure) {
        for (Throwable t = jobFailure; t != null; t = t.getCause()) {
            if (!t.getClass().getName().startsWith("org.apache.spark.") && t.getMessage() != null
                    && !t.getMessage().isBlank()) {
                return firstLine(t.getMessage());
            }
        }
        return fromSparkMessage(jobFailure.getMessage());
    }

    /** Spark's job failure message reduced to the failed task's own message (its first line). */
    static String fromSparkMessage(String message) {
        if (message == null || message.isBlank()) {
            return "the job failed and Spark gave no reason";
        }
        String m = message.strip();
        if (m.startsWith(ABORTED)) {
            m = m.substring(ABORTED.length());
        }
        int recent = m.indexOf(MOST_RECENT);
        if (recent >= 0) {
            m = m.substring(recent + MOST_RECENT.length());
        }
        Matcher lost = LOST_TASK.matcher(m);
        if (lost.find()) {
            m = m.substring(lost.end());
        }
        m = firstLine(m);
        String bare = EXCEPTION_CLASS.matcher(m).replaceFirst("");
        return bare.isBlank() ? m : bare;
    }

    private static String firstLine(String s) {
        for (String line : s.split("\n")) {
            if (!line.isBlank()) {
                return line.strip();
            }
        }
        return s.strip();
    }
}
