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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * GPU pinning through Spark's resource scheduling on one machine: local-cluster[1,4,2048] (a real
 * standalone worker whose executor is a separate JVM launched from target/spark-home) with
 * deploy/bin/discover-gpus reporting two addresses and spark.task.resource.gpu.amount = 0.5, i.e.
 * two workers per GPU. Every prove task must get an address from TaskContext.resources(), both
 * addresses must be used, no address may run more than two tasks at once, and the report must
 * record what each task got.
 */
class LocalClusterGpuSchedulingTest {
    @TempDir
    File tmp;

    @Test
    void proveTasksGetSparkGpuAddressesAndTheReportRecordsThem() throws Exception {
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
                .set("spark.executor.extraJavaOptions", System.getProperty("c2spark.test.addOpens"))
                .set("spark.c2spark.local.gpus", "none");
        FileSystem fs = FileSystem.getLocal(new Configuration());
        org.apache.hadoop.fs.Path in = new org.apache.hadoop.fs.Path(tmp.getPath(), "in");
        org.apache.hadoop.fs.Path out = new org.apache.hadoop.fs.Path(tmp.getPath(), "out");
        Map<String, byte[]> seeds = new HashMap<>();
        int partitions = 4;
        int rounds = 400;
        for (int i = 0; i < 3; i++) {
            seeds.put("s" + i, TestSectors.write(fs, new org.apache.hadoop.fs.Path(in, "s" + i + ".json"), partitions, rounds));
        }
        JavaSparkContext jsc = JobHarness.start(conf);
        JobHarness.Run run;
        try {
            run = JobHarness.run(jsc, Map.of("c2spark.input", in.toString(), "c2spark.output", out.toString(),
                    "c2spark.progress.intervalSeconds", "2"));
        } finally {
            jsc.stop();
        }
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
        for (JsonNode r : rows) {
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
        assertTrue(run.console.contains("gpu:0=") && run.console.contains("gpu:1="), run.console);
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
