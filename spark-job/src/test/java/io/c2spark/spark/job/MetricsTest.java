package io.c2spark.spark.job;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.c2spark.spark.task.PartitionOutcome;
import io.c2spark.spark.testing.JobHarness;
import io.c2spark.spark.testing.TestSectors;
import java.io.File;
import java.io.Reader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import com.codahale.metrics.MetricRegistry;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaSparkContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * c2spark's metrics through Spark's metrics system, as the shipped configurations publish them: the
 * driver's Prometheus endpoint (Spark's PrometheusServlet on the UI) scraped after a run, and the
 * source's arithmetic (a minute's window) on a clock of the test's own.
 */
class MetricsTest {
    private static final String SOURCE = "metrics_c2spark_driver_plugin_io_c2spark_spark_job_C2SparkPlugin_";

    @TempDir
    static File tmp;

    /** The metrics settings of deploy/conf/spark-defaults-standalone-cpu.conf. */
    private static SparkConf withShippedMetrics(SparkConf conf) throws Exception {
        Properties p = new Properties();
        try (Reader r = Files.newBufferedReader(Path.of(System.getProperty("c2spark.repo"), "deploy", "conf",
                "spark-defaults-standalone-cpu.conf"))) {
            p.load(r);
        }
        for (String k : p.stringPropertyNames()) {
            if (k.startsWith("spark.metrics.") || k.startsWith("spark.ui.")) {
                conf.set(k, p.getProperty(k).trim());
            }
        }
        return conf;
    }

    /**
     * A run of 2 sectors x 3 partitions on two local device addresses: the endpoint shows 6
     * partitions proven, 6 proofs in the last minute, 2 sectors verified, no failures, a slot and a
     * compute-lock wait per partition, and the busy fraction of each device used (its kernel time in
     * the report, over a minute).
     */
    @Test
    void thePrometheusEndpointShowsTheRun() throws Exception {
        FileSystem fs = FileSystem.getLocal(new Configuration());
        org.apache.hadoop.fs.Path in = new org.apache.hadoop.fs.Path(tmp.getPath(), "in");
        for (int i = 0; i < 2; i++) {
            TestSectors.write(fs, new org.apache.hadoop.fs.Path(in, "m" + i + ".json"), 3, 50);
        }
        JavaSparkContext jsc = JobHarness.start(withShippedMetrics(JobHarness.conf("local[2]"))
                .set("spark.ui.enabled", "true").set("spark.ui.port", "0")
                .set("spark.c2spark.local.gpus", "0,1"));
        try {
            JobHarness.Run run = JobHarness.run(jsc, Map.of("c2spark.input", in.toString(),
                    "c2spark.output", new File(tmp, "out").getPath(), "c2spark.progress.intervalSeconds", "0"));
            assertTrue(run.summary.allGood(), run.summary.describe());
            String url = jsc.sc().uiWebUrl().get() + "/metrics/prometheus";
            HttpResponse<String> response = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NORMAL).build()
                    .send(HttpRequest.newBuilder(URI.create(url)).build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(200, response.statusCode(), url);
            String text = response.body();
            assertEquals(6, value(text, "partitionsProven_Count"), text);
            assertEquals(6, value(text, "proofsPerMinute_Value"), text);
            assertEquals(2, value(text, "sectorsVerified_Count"), text);
            assertEquals(0, value(text, "sectorsFailed_Count"), text);
            assertEquals(0, value(text, "taskFailures_Count"), text);
            assertEquals(6, value(text, "wait_slot_Count"), text);
            assertEquals(6, value(text, "wait_computeLock_Count"), text);
            Map<String, Double> busy = new HashMap<>();
            Matcher m = Pattern.compile(SOURCE + "gpuBusy_driver_(gpu\\d)_Value\\{[^}]*\\} (\\S+)").matcher(text);
            while (m.find()) {
                busy.put(m.group(1), Double.parseDouble(m.group(2)));
            }
            // Each device's kernel time, from the report's device-clock instants, over a minute.
            Map<String, Double> expected = new HashMap<>();
            for (com.fasterxml.jackson.databind.JsonNode p : run.rows("partition")) {
                com.fasterxml.jackson.databind.JsonNode clock = p.get("deviceClockMs");
                expected.merge(p.get("device").asText().replace(":", ""), (double) Math.round(
                        clock.get("kernelsEnd").asDouble() - clock.get("kernelsStart").asDouble()), Double::sum);
            }
            expected.replaceAll((d, ms) -> ms / 60_000);
            assertEquals(expected.keySet(), busy.keySet(), text);
            expected.forEach((d, b) -> assertEquals(b, busy.get(d), 1e-9, d));
        } finally {
            jsc.stop();
        }
    }

    /** One metric's value on the endpoint. */
    private static double value(String text, String name) {
        Matcher m = Pattern.compile("^" + SOURCE + name + "\\{[^}]*\\} (\\S+)$", Pattern.MULTILINE).matcher(text);
        assertTrue(m.find(), "no " + name + " in:\n" + text);
        return Double.parseDouble(m.group(1));
    }

    /**
     * Proofs a minute counts the partitions that ended within the last 60 s; a device's busy fraction
     * is its kernel time in that minute over 60 s; waits go to one timer per kind.
     */
    @Test
    void proofsPerMinuteAndBusyAreOverTheLastMinute() {
        AtomicLong now = new AtomicLong(1_000_000);
        MetricRegistry registry = new MetricRegistry();
        ProverMetrics metrics = new ProverMetrics(registry, now::get);
        metrics.partitionProven(outcome(0, 6_000));
        now.addAndGet(30_000);
        metrics.partitionProven(outcome(1, 12_000));
        assertEquals(2, registry.getGauges().get("proofsPerMinute").getValue());
        assertEquals(18_000 / 60_000.0, registry.getGauges().get("gpuBusy.3.gpu0").getValue());
        now.addAndGet(30_001);
        assertEquals(1, registry.getGauges().get("proofsPerMinute").getValue());
        assertEquals(12_000 / 60_000.0, registry.getGauges().get("gpuBusy.3.gpu0").getValue());
        assertEquals(2, registry.timer("wait.slot").getCount());
        assertEquals(2, registry.counter("partitionsProven").getCount());
    }

    private static PartitionOutcome outcome(int partition, double kernelMs) {
        return new PartitionOutcome("s", partition, new byte[32], Map.of(), Map.of("slot", 5_000_000L),
                Map.of("kernelsStart", 100.0, "kernelsEnd", 100.0 + kernelMs), 10, "gpu:0", "spark", "3", "h", 0,
                0, 0, 0, 0);
    }
}
