package io.c2spark.spark.job;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.c2spark.spark.testing.JobHarness;
import io.c2spark.spark.testing.TestSectors;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaSparkContext;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The job on a real standalone worker whose executor is a separate JVM launched from
 * target/spark-home: local-cluster[1,4,2048], deploy/bin/discover-gpus reporting two addresses and
 * spark.task.resource.gpu.amount = 0.5, i.e. two workers per GPU; behind each address, that
 * device's GpuCoordinator over the CPU stream backend.
 */
class LocalClusterTest {
    @TempDir
    static File tmp;

    private static JavaSparkContext jsc;
    private static FileSystem fs;

    @BeforeAll
    static void start() throws Exception {
        Path repo = Path.of(System.getProperty("c2spark.repo"));
        Path script = tmp.toPath().resolve("discover-two-gpus.sh");
        Files.writeString(script, "#!/bin/sh\nC2SPARK_GPU_ADDRESSES=0,1 exec "
                + repo.resolve("deploy/bin/discover-gpus") + "\n");
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
        SparkConf conf = JobHarness.conf("local-cluster[1,4,2048]")
                .set("spark.worker.resource.gpu.amount", "2")
                .set("spark.worker.resource.gpu.discoveryScript", script.toString())
                .set("spark.executor.resource.gpu.amount", "2")
                .set("spark.executor.resource.gpu.discoveryScript", script.toString())
                .set("spark.task.resource.gpu.amount", "0.5")
                .set("spark.executor.memory", "768m")
                .set("spark.executor.extraClassPath", System.getProperty("c2spark.test.classes"))
                .set("spark.executor.extraJavaOptions", System.getProperty("c2spark.test.executorJavaOptions"))
                .set("spark.c2spark.local.gpus", "none");
        fs = FileSystem.getLocal(new Configuration());
        jsc = JobHarness.start(conf);
    }

    @AfterAll
    static void stop() {
        jsc.stop();
    }

    /**
     * Every prove task gets an address from TaskContext.resources(), both addresses are used, no
     * address runs more than two tasks at once, and the report records what each task got; each
     * task went through its address's coordinator, whose compute lock never let two tasks' kernels
     * overlap on one device (judged from the device's own clock).
     */
    @Test
    void proveTasksGetSparkGpuAddressesAndTheReportRecordsThem() throws Exception {
        org.apache.hadoop.fs.Path in = new org.apache.hadoop.fs.Path(tmp.getPath(), "in");
        org.apache.hadoop.fs.Path out = new org.apache.hadoop.fs.Path(tmp.getPath(), "out");
        Map<String, byte[]> seeds = new HashMap<>();
        int partitions = 4;
        int rounds = 400;
        for (int i = 0; i < 3; i++) {
            seeds.put("s" + i, TestSectors.write(fs, new org.apache.hadoop.fs.Path(in, "s" + i + ".json"), partitions, rounds));
        }
        JobHarness.Run run = JobHarness.run(jsc, Map.of("c2spark.input", in.toString(),
                "c2spark.output", out.toString(), "c2spark.progress.intervalSeconds", "2"));
        assertTrue(run.summary.allGood(), run.summary.describe());
        assertEquals(3, run.summary.verified());
        for (Map.Entry<String, byte[]> e : seeds.entrySet()) {
            assertArrayEquals(TestSectors.expectedProofFile(e.getValue(), partitions, rounds),
                    JobHarness.readAll(fs, new org.apache.hadoop.fs.Path(out, e.getKey() + ".proof")));
        }
        List<JsonNode> rows = run.rows("partition");
        assertEquals(3 * partitions, rows.size());
        Set<String> devices = new HashSet<>();
        Map<String, List<long[]>> intervals = new HashMap<>();
        Map<String, List<double[]>> kernels = new HashMap<>();
        for (JsonNode r : rows) {
            JsonNode clock = r.get("deviceClockMs");
            assertTrue(clock != null && r.get("waitsMs").has("computeLock") && r.get("waitsMs").has("slot"),
                    "the task went through its device's coordinator: " + r);
            kernels.computeIfAbsent(r.get("executor").asText() + "/" + r.get("device").asText(), k -> new ArrayList<>())
                    .add(new double[] {clock.get("kernelsStart").asDouble(), clock.get("kernelsEnd").asDouble()});
            assertEquals("spark", r.get("deviceSource").asText(), r.toString());
            assertNotEquals("driver", r.get("executor").asText(), "tasks ran in the executor JVM");
            String d = r.get("device").asText();
            devices.add(d);
            intervals.computeIfAbsent(d, k -> new ArrayList<>())
                    .add(new long[] {r.get("startMs").asLong(), r.get("endMs").asLong()});
        }
        assertEquals(Set.of("gpu:0", "gpu:1"), devices);
        for (Map.Entry<String, List<long[]>> e : intervals.entrySet()) {
            assertTrue(maxOverlap(e.getValue()) <= 2, e.getKey() + " ran more than 2 tasks at once");
        }
        for (Map.Entry<String, List<double[]>> e : kernels.entrySet()) {
            List<double[]> k = e.getValue();
            k.sort((a, b) -> Double.compare(a[0], b[0]));
            for (int i = 1; i < k.size(); i++) {
                assertTrue(k.get(i)[0] >= k.get(i - 1)[1], e.getKey() + ": two tasks' kernels overlapped on one device");
            }
        }
        JsonNode runRow = run.rows("run").get(0);
        assertEquals(2, runRow.get("workersPerGpu").asInt(), runRow.toString());
        assertEquals(2, runRow.get("gpusPerExecutor").asInt(), runRow.toString());
        assertTrue(run.console.contains("gpu:0=") && run.console.contains("gpu:1="), run.console);
    }

    /**
     * A fatal device error ends the executor JVM; Spark starts another, the task is retried there,
     * and every sector's proof is written exactly once.
     */
    @Test
    @Tag("slow")
    void aFatalDeviceErrorEndsTheExecutorAndItsTaskIsRetriedElsewhere() throws Exception {
        org.apache.hadoop.fs.Path in = new org.apache.hadoop.fs.Path(tmp.getPath(), "in-fatal");
        org.apache.hadoop.fs.Path out = new org.apache.hadoop.fs.Path(tmp.getPath(), "out-fatal");
        byte[] a = TestSectors.write(fs, new org.apache.hadoop.fs.Path(in, "a.json"), 3, 50, "device-fails-once 1");
        byte[] b = TestSectors.write(fs, new org.apache.hadoop.fs.Path(in, "b.json"), 2, 50);
        JobHarness.Run run = JobHarness.run(jsc, Map.of("c2spark.input", in.toString(),
                "c2spark.output", out.toString(), "c2spark.progress.intervalSeconds", "5"));
        assertTrue(run.summary.allGood(), run.summary.describe());
        assertArrayEquals(TestSectors.expectedProofFile(a, 3, 50),
                JobHarness.readAll(fs, new org.apache.hadoop.fs.Path(out, "a.proof")));
        assertArrayEquals(TestSectors.expectedProofFile(b, 2, 50),
                JobHarness.readAll(fs, new org.apache.hadoop.fs.Path(out, "b.proof")));
        assertTrue(run.rows("attempt").stream().anyMatch(r -> r.get("sector").asText().equals("a")
                && r.get("partition").asInt() == 1), "the failed attempt is reported: " + run.rows("attempt"));
        JsonNode retried = run.rows("partition").stream()
                .filter(r -> r.get("sector").asText().equals("a") && r.get("partition").asInt() == 1)
                .reduce((x, y) -> { throw new AssertionError("partition reported twice"); }).orElseThrow();
        assertTrue(retried.get("attempt").asInt() >= 1, retried.toString());
        assertEquals(1, run.rows("sector").stream().filter(r -> r.get("sector").asText().equals("a")).count());
        java.util.Set<String> names = new HashSet<>();
        for (org.apache.hadoop.fs.FileStatus s : fs.listStatus(out)) {
            names.add(s.getPath().getName());
        }
        names.removeIf(n -> n.startsWith("report-"));
        assertEquals(Set.of("a.proof", "b.proof"), names, "each proof once, nothing partial");
    }

    /** The largest number of intervals open at one instant. */
    private static int maxOverlap(List<long[]> intervals) {
        int max = 0;
        for (long[] a : intervals) {
            int open = 0;
            for (long[] b : intervals) {
                if (b[0] <= a[0] && a[0] < b[1]) {
                    open++;
                }
            }
            max = Math.max(max, open);
        }
        return max;
    }
}
