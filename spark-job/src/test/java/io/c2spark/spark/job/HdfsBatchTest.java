package io.c2spark.spark.job;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.c2spark.spark.testing.JobHarness;
import io.c2spark.spark.testing.TestSectors;
import java.io.File;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.spark.api.java.JavaSparkContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Input read from and output written to HDFS (Hadoop's MiniDFSCluster): proofs, report and the
 * compact partition inputs all live on hdfs://, a bad sector fails alone, nothing partial remains.
 */
class HdfsBatchTest {
    @TempDir
    File tmp;

    @Test
    void batchReadsAndWritesHdfs() throws Exception {
        Configuration hconf = new Configuration();
        hconf.set(MiniDFSCluster.HDFS_MINIDFS_BASEDIR, new File(tmp, "dfs").getAbsolutePath());
        MiniDFSCluster cluster = new MiniDFSCluster.Builder(hconf).numDataNodes(1).build();
        try {
            cluster.waitActive();
            FileSystem dfs = cluster.getFileSystem();
            String root = "hdfs://localhost:" + cluster.getNameNodePort();
            Path in = new Path(root + "/batch/in");
            Path out = new Path(root + "/batch/out");
            byte[] a = TestSectors.write(dfs, new Path(in, "a.json"), 3, 2);
            byte[] b = TestSectors.write(dfs, new Path(in, "b.json"), 1, 2);
            TestSectors.writeRaw(dfs, new Path(in, "bad.json"), "c2spark-test-sector 1\npartitions two\n");

            JavaSparkContext jsc = JobHarness.start(JobHarness.conf("local[2]").set("spark.c2spark.local.gpus", "none"));
            JobHarness.Run run;
            try {
                run = JobHarness.run(jsc, Map.of("c2spark.input", in.toString(), "c2spark.output", out.toString(),
                        "c2spark.progress.intervalSeconds", "0"));
            } finally {
                jsc.stop();
            }
            assertEquals(2, run.summary.verified());
            assertEquals(Set.of("bad"), run.summary.failures().keySet());
            assertTrue(run.summary.failures().get("bad").contains("field partitions: not a number: two"));
            assertTrue(run.summary.reportPath().startsWith(root + "/batch/out/report-"), run.summary.reportPath());
            assertArrayEquals(TestSectors.expectedProofFile(a, 3, 2), JobHarness.readAll(dfs, new Path(out, "a.proof")));
            assertArrayEquals(TestSectors.expectedProofFile(b, 1, 2), JobHarness.readAll(dfs, new Path(out, "b.proof")));
            run.rows("partition").forEach(r -> assertEquals("cpu", r.get("device").asText()));
            Set<String> names = new HashSet<>();
            for (FileStatus s : dfs.listStatus(out)) {
                names.add(s.getPath().getName());
            }
            names.removeIf(n -> n.startsWith("report-"));
            assertEquals(Set.of("a.proof", "b.proof"), names, "nothing but proofs and the report, no work files");
            assertFalse(dfs.exists(new Path(out, "bad.proof")));
        } finally {
            cluster.shutdown();
        }
    }
}
