package io.c2spark.spark.job;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.c2spark.spark.testing.JobHarness;
import io.c2spark.spark.testing.SealedSectors;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.Map;
import java.util.Properties;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaSparkContext;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A parameters folder without the files a batch needs ends the run within a minute, and the reason
 * ("no parameters for 2KiB in DIR: c2spark-insecure-test-porep-2KiB.params missing") is on the
 * console, in the report's run row and on every sector's row: whether the executors load the
 * parameters at start-up (c2spark.params.preload) or at their first task, on separate executor
 * JVMs with the standalone spark-defaults' retry and exclusion settings, or in local mode; and the
 * driver refuses at once to prove what it could not verify. Real 2KiB sectors, the PoRep workload.
 */
class MissingParametersTest {
    private static final Duration BOUND = Duration.ofSeconds(60);
    private static final String PARAMS = "c2spark-insecure-test-porep-2KiB.params";

    @TempDir
    static Path tmp;
    private static Path input;

    @BeforeAll
    static void sealSectors() throws IOException {
        input = tmp.resolve("c1");
        SecureRandom rnd = new SecureRandom();
        SealedSectors.writeC1(input.resolve("s1.json"), rnd);
        SealedSectors.writeC1(input.resolve("s2.json"), rnd);
    }

    /** An executor JVM of its own (local-cluster), retried and excluded as deploy/conf/spark-defaults-standalone.conf says. */
    private static SparkConf cluster(Path params) throws IOException {
        SparkConf conf = JobHarness.conf("local-cluster[1,2,1024]")
                .set("spark.executor.memory", "768m")
                .set("spark.executor.extraClassPath", System.getProperty("c2spark.test.classes"))
                .set("spark.executor.extraJavaOptions", System.getProperty("c2spark.test.executorJavaOptions"));
        Properties standalone = new Properties();
        try (Reader r = Files.newBufferedReader(Path.of(System.getProperty("c2spark.repo"),
                "deploy", "conf", "spark-defaults-standalone.conf"))) {
            standalone.load(r);
        }
        for (String k : standalone.stringPropertyNames()) {
            if (k.startsWith("spark.excludeOnFailure.") || k.equals("spark.task.maxFailures")) {
                conf.set(k, standalone.getProperty(k).trim());
            }
        }
        return porep(conf, params);
    }

    private static SparkConf porep(SparkConf conf, Path params) {
        return conf.set("spark.c2spark.workload", "porep")
                .set("spark.c2spark.local.gpus", "none")
                .set("spark.c2spark.params.dir", params.toString());
    }

    /**
     * Runs the batch in a context of its own; the run must end within {@link #BOUND} of its start,
     * which waits until an executor has registered (launching its JVM is not the run's doing).
     */
    private static JobHarness.Run run(SparkConf conf, Map<String, String> extra) throws Exception {
        JavaSparkContext jsc = JobHarness.start(conf);
        try {
            long deadline = System.nanoTime() + Duration.ofMinutes(3).toNanos();
            while (jsc.sc().statusTracker().getExecutorInfos().length < (jsc.sc().isLocal() ? 1 : 2)) {
                assertTrue(System.nanoTime() < deadline, "no executor registered in 3 minutes");
                Thread.sleep(100);
            }
            Map<String, String> settings = new java.util.HashMap<>(extra);
            settings.put("c2spark.input", input.toString());
            settings.put("c2spark.output", Files.createTempDirectory(tmp, "out").toString());
            settings.put("c2spark.progress.intervalSeconds", "5");
            return assertTimeoutPreemptively(BOUND, () -> JobHarness.run(jsc, settings),
                    "the run did not end within " + BOUND);
        } finally {
            jsc.stop();
        }
    }

    /** The reason is on every sector's row, in the run row and on the console; no task was retried. */
    private static void assertReasonEverywhere(JobHarness.Run run, String reason) {
        assertEquals(2, run.summary.failures().size(), run.summary.describe());
        for (String s : new String[] {"s1", "s2"}) {
            JsonNode row = run.sector(s);
            assertEquals("failed", row.get("result").asText());
            assertTrue(row.get("reason").asText().contains(reason), row.toString());
            assertFalse(row.get("reason").asText().contains("Job aborted"), row.toString());
        }
        JsonNode runRow = run.rows("run").get(0);
        assertTrue(runRow.toString().contains(reason), runRow.toString());
        assertTrue(run.console.contains(reason), run.console);
        for (JsonNode a : run.rows("attempt")) {
            assertEquals("refused", a.get("result").asText(), "a task failed and was retried: " + a);
        }
    }

    private static String missing(Path params) {
        return "no parameters for 2KiB in " + params + ": " + PARAMS + " missing";
    }

    /** Preloading: every executor's prover fails at start-up; the executors stay, say why, and the run stops. */
    @Test
    void withPreloadExecutorsThatCannotStartStopTheRun() throws Exception {
        Path params = Files.createDirectories(tmp.resolve("vk-only"));
        SealedSectors.writeUnrelatedVk(params.resolve("c2spark-insecure-test-porep-2KiB.vk"));
        JobHarness.Run run = run(cluster(params).set("spark.c2spark.params.preload", "2KiB"), Map.of());
        assertReasonEverywhere(run, missing(params));
        String stopped = run.summary.stopReason();
        assertTrue(stopped != null && stopped.startsWith("no executor can prove: " + missing(params))
                && stopped.matches(".*\\(executor \\d+ on [^)]+\\)"), String.valueOf(stopped));
        assertEquals(stopped, run.rows("run").get(0).get("stopped").asText());
        assertTrue(run.console.contains("c2spark: stopping the run: " + stopped), run.console);
        assertTrue(run.rows("partition").isEmpty());
    }

    /** Loading on first use: each prove task meets the missing file once, with no retry and no exclusion wait. */
    @Test
    void withoutPreloadEachSectorFailsAtOnceNamingTheMissingFile() throws Exception {
        Path params = Files.createDirectories(tmp.resolve("empty-1"));
        JobHarness.Run run = run(cluster(params), Map.of());
        assertReasonEverywhere(run, missing(params));
        assertTrue(run.rows("attempt").stream().allMatch(a -> a.get("stage").asText().equals("prove")),
                run.rows("attempt").toString());
        assertTrue(run.rows("run").get(0).get("setupProblems").has(run.rows("attempt").get(0).get("reason").asText()));
    }

    /** `c2spark run`'s case: plain local mode, the executor's plugin running inside the driver's JVM. */
    @Test
    void inLocalModeAPreloadThatFailsStopsTheRun() throws Exception {
        Path params = Files.createDirectories(tmp.resolve("vk-only-local"));
        SealedSectors.writeUnrelatedVk(params.resolve("c2spark-insecure-test-porep-2KiB.vk"));
        JobHarness.Run run = run(porep(JobHarness.conf("local[2]"), params).set("spark.c2spark.params.preload", "2KiB"),
                Map.of());
        assertReasonEverywhere(run, missing(params));
        assertTrue(run.summary.stopReason().startsWith("no executor can prove: " + missing(params)
                + " (c2spark.params.dir"), run.summary.stopReason());
        assertTrue(run.summary.stopReason().matches(".*\\(executor driver on [^)]+\\)"), run.summary.stopReason());
    }

    /** The driver needs the verifying keys of the preloaded sizes itself: without them nothing is proven. */
    @Test
    void theDriverChecksItsVerifyingKeysBeforeProving() throws Exception {
        Path params = Files.createDirectories(tmp.resolve("empty-2"));
        JobHarness.Run run = run(porep(JobHarness.conf("local[2]"), params),
                Map.of("c2spark.params.preload", "2KiB"));
        String reason = "the driver cannot verify: no verifying key for 2KiB in " + params
                + ": c2spark-insecure-test-porep-2KiB.vk missing";
        assertReasonEverywhere(run, reason);
        assertTrue(run.summary.stopReason().startsWith(reason), run.summary.stopReason());
        assertTrue(run.rows("attempt").isEmpty() && run.rows("partition").isEmpty(), "nothing ran");
    }
}
