package io.c2spark.spark.job;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.c2spark.spark.testing.JobHarness;
import io.c2spark.spark.testing.TestSectors;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.api.java.JavaSparkContext;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The batch end to end on local[2] with the test workload: good sectors proven, verified and written
 * once; each kind of bad sector failing alone with its reason in the report; nothing partial left;
 * a rerun skipping what is done. The executor hands out devices itself here (plain local mode).
 */
class LocalBatchTest {
    private static JavaSparkContext jsc;
    private static LocalFileSystem fs;

    @TempDir
    File tmp;

    @BeforeAll
    static void start() throws IOException {
        jsc = JobHarness.start(JobHarness.conf("local[2]").set("spark.c2spark.local.gpus", "0,1"));
        fs = FileSystem.getLocal(new Configuration());
    }

    @AfterAll
    static void stop() {
        jsc.stop();
    }

    @Test
    void goodSectorsAreProvenVerifiedAndWrittenWhileBadOnesFailAlone() throws Exception {
        Path in = new Path(tmp.getPath(), "in");
        Path out = new Path(tmp.getPath(), "out");
        Map<String, byte[]> seeds = new LinkedHashMap<>();
        Map<String, Integer> parts = new HashMap<>();
        for (int i = 0; i < 4; i++) {
            parts.put("good" + i, 1 + i);
            seeds.put("good" + i, TestSectors.write(fs, new Path(in, "good" + i + ".json"), 1 + i, 2));
        }
        TestSectors.writeRaw(fs, new Path(in, "malformed.json"), "{\"registered_proof\": \"StackedDrg2KiBV1\"}\n");
        TestSectors.writeRaw(fs, new Path(in, "zero-partitions.json"),
                "c2spark-test-sector 1\npartitions 0\nseed " + "00".repeat(32) + "\nrounds 1\n");
        TestSectors.write(fs, new Path(in, "prover-fails.json"), 3, 1, "fail-prove 1");
        TestSectors.write(fs, new Path(in, "wrong-value.json"), 2, 1, "corrupt 1");
        byte[] blockedSeed = TestSectors.write(fs, new Path(in, "blocked.json"), 2, 1);
        fs.mkdirs(new Path(out, "blocked.proof"));
        TestSectors.writeRaw(fs, new Path(in, "notes.txt"), "not an input: wrong suffix\n");

        java.nio.file.Path fallback = tmp.toPath().resolve("fallback");
        JobHarness.Run run = JobHarness.run(jsc, Map.of("c2spark.input", in.toString(), "c2spark.output", out.toString(),
                "c2spark.sectors.inFlight", "3", "c2spark.progress.intervalSeconds", "1",
                "c2spark.output.fallbackDir", fallback.toString()));

        assertEquals(4, run.summary.verified());
        Map<String, String> failures = run.summary.failures();
        assertEquals(Set.of("malformed", "zero-partitions", "prover-fails", "wrong-value", "blocked"), failures.keySet());
        assertTrue(failures.get("malformed").contains("malformed.json: header"), failures.get("malformed"));
        assertTrue(failures.get("zero-partitions").contains("field partitions: expected 1..64, got 0"));
        assertEquals("prove failed: test sector asks partition 1 to fail", failures.get("prover-fails"),
                "the task's own reason, not Spark's \"Job aborted due to stage failure\" wrapping");
        assertTrue(failures.get("wrong-value").startsWith("verification failed: partition 1"));
        assertTrue(failures.get("blocked").contains("already exists as a directory"), failures.get("blocked"));
        java.nio.file.Path kept = fallback.resolve("c2spark-fallback-" + run.summary.runId()).resolve("blocked.proof");
        assertTrue(failures.get("blocked").endsWith("the verified proof is kept at " + kept), failures.get("blocked"));
        assertArrayEquals(TestSectors.expectedProofFile(blockedSeed, 2, 1), Files.readAllBytes(kept),
                "a verified proof its destination refused is kept, not dropped");

        for (Map.Entry<String, byte[]> e : seeds.entrySet()) {
            byte[] proof = JobHarness.readAll(fs, new Path(out, e.getKey() + ".proof"));
            assertArrayEquals(TestSectors.expectedProofFile(e.getValue(), parts.get(e.getKey()), 2), proof, e.getKey());
            JsonNode row = run.sector(e.getKey());
            assertEquals("verified", row.get("result").asText());
            assertEquals(parts.get(e.getKey()), row.get("partitions").asInt());
            assertEquals(32L * parts.get(e.getKey()), row.get("proofBytes").asLong());
        }
        assertNothingPartial(out, Set.of("good0.proof", "good1.proof", "good2.proof", "good3.proof", "blocked.proof"));

        List<JsonNode> partitions = run.rows("partition");
        long fromGoodWrongAndBlocked = partitions.stream().filter(p -> !p.get("sector").asText().equals("prover-fails")).count();
        assertEquals(1 + 2 + 3 + 4 + 2 + 2, fromGoodWrongAndBlocked, "one row per proven partition");
        assertTrue(partitions.size() - fromGoodWrongAndBlocked <= 2, "prover-fails proves 2 of its 3 partitions at most");
        Set<String> devices = new HashSet<>();
        for (JsonNode p : partitions) {
            assertEquals("local", p.get("deviceSource").asText());
            devices.add(p.get("device").asText());
            assertEquals("driver", p.get("executor").asText());
            assertTrue(p.get("waitsMs").has("computeLock"), "the task went through its device's coordinator");
            assertTrue(p.get("deviceClockMs").get("kernelsEnd").asDouble() >= p.get("deviceClockMs").get("kernelsStart").asDouble());
            assertTrue(p.get("phasesMs").has("exponentiate"));
            assertEquals(32, p.get("proofBytes").asInt());
        }
        assertTrue(Set.of("gpu:0", "gpu:1").containsAll(devices), devices.toString());
        List<JsonNode> attempts = run.rows("attempt");
        assertTrue(attempts.stream().anyMatch(a -> a.get("sector").asText().equals("prover-fails")
                && a.get("partition").asInt() == 1 && a.get("reason").asText().contains("asks partition 1 to fail")),
                attempts.toString());
        JsonNode summary = run.rows("run").get(0);
        assertEquals(9, summary.get("sectors").asInt());
        assertEquals(5, summary.get("failed").asInt());
        assertTrue(run.console.contains("c2spark: sectors 9/9 (4 verified, 5 failed, 0 skipped)"), run.console);

        // A rerun skips what was verified and fails the bad sectors again, leaving the proofs untouched.
        Map<String, Long> mtimes = new HashMap<>();
        for (String s : seeds.keySet()) {
            mtimes.put(s, fs.getFileStatus(new Path(out, s + ".proof")).getModificationTime());
        }
        Thread.sleep(1100);
        JobHarness.Run again = JobHarness.run(jsc, Map.of("c2spark.input", in.toString(),
                "c2spark.output", out.toString()));
        assertEquals(0, again.summary.verified());
        assertEquals(4, again.summary.skipped());
        assertEquals(failures.keySet(), again.summary.failures().keySet());
        for (String s : seeds.keySet()) {
            assertEquals("skipped", again.sector(s).get("result").asText());
            assertEquals(mtimes.get(s), fs.getFileStatus(new Path(out, s + ".proof")).getModificationTime());
        }
        assertTrue(again.rows("partition").stream().noneMatch(p -> p.get("sector").asText().startsWith("good")));
    }

    /**
     * Preparation runs ahead of proving (c2spark.sectors.inFlight=2, prepareAhead=2): sector 3's
     * preparation starts before sector 1 or 2 is written (when sectors were taken two at a time from
     * prepare to written, it started only once one of them was), and sectors 3 and 4 are prepared
     * before any partition is proven (their prepare jobs come before every prove job); no more than
     * two sectors are being proven at once; and the report holds each sector's way through the window.
     */
    @Test
    void preparationRunsAheadOfProving() throws Exception {
        Path in = new Path(tmp.getPath(), "in");
        for (int i = 1; i <= 6; i++) {
            TestSectors.write(fs, new Path(in, "s" + i + ".json"), 2, 40);
        }
        Path out = new Path(tmp.getPath(), "out");
        JobHarness.Run run = JobHarness.run(jsc, Map.of("c2spark.input", in.toString(), "c2spark.output", out.toString(),
                "c2spark.sectors.inFlight", "2", "c2spark.sectors.prepareAhead", "2", "c2spark.progress.intervalSeconds", "0"));
        assertEquals(6, run.summary.verified());
        JsonNode s1 = run.sector("s1");
        JsonNode s2 = run.sector("s2");
        JsonNode s3 = run.sector("s3");
        long firstWritten = Math.min(s1.get("endMs").asLong(), s2.get("endMs").asLong());
        assertTrue(s3.get("prepareStartMs").asLong() < firstWritten, "sector 3's preparation started at "
                + s3.get("prepareStartMs") + ", sectors 1 and 2 were written at " + s1.get("endMs") + " and " + s2.get("endMs"));
        long firstProof = run.rows("partition").stream().mapToLong(p -> p.get("startMs").asLong()).min().getAsLong();
        for (String id : new String[] {"s3", "s4"}) {
            assertTrue(run.sector(id).get("prepareStartMs").asLong() <= firstProof, id + " prepared ahead: "
                    + run.sector(id) + ", first prove task at " + firstProof);
        }
        List<long[]> proving = new java.util.ArrayList<>();
        for (JsonNode r : run.rows("sector")) {
            long submitted = r.get("proveSubmittedMs").asLong();
            long proven = r.get("provenMs").asLong();
            assertTrue(r.get("prepareSubmittedMs").asLong() <= r.get("prepareStartMs").asLong() + 1000, r.toString());
            assertTrue(r.get("prepareEndMs").asLong() <= submitted + 1000, "prepared before its prove job: " + r);
            assertTrue(submitted <= proven && proven <= r.get("endMs").asLong(), r.toString());
            proving.add(new long[] {submitted, proven});
        }
        for (long[] a : proving) {
            // Sectors proving at the instant a's prove job was submitted, a included.
            long at = proving.stream().filter(b -> b[0] <= a[0] && a[0] < b[1]).count();
            assertTrue(at <= 2, "at most two sectors proven at once, " + at + " at " + a[0]);
        }
        JsonNode summary = run.rows("run").get(0);
        assertEquals(2, summary.get("sectorsInFlight").asInt());
        assertEquals(2, summary.get("prepareAhead").asInt());
    }

    @Test
    void inputsFromAManifestAndAGlob() throws Exception {
        Path in = new Path(tmp.getPath(), "in");
        byte[] a = TestSectors.write(fs, new Path(in, "a.json"), 2, 1);
        byte[] b = TestSectors.write(fs, new Path(in, "sub/b.json"), 1, 1);
        TestSectors.writeRaw(fs, new Path(in, "batch.manifest"), "# two sectors\na.json\n\nsub/b.json\n");
        Path out1 = new Path(tmp.getPath(), "out1");
        JobHarness.Run r1 = JobHarness.run(jsc, Map.of("c2spark.input", new Path(in, "batch.manifest").toString(),
                "c2spark.output", out1.toString(), "c2spark.progress.intervalSeconds", "0"));
        assertEquals(2, r1.summary.verified());
        assertArrayEquals(TestSectors.expectedProofFile(a, 2, 1), JobHarness.readAll(fs, new Path(out1, "a.proof")));
        assertArrayEquals(TestSectors.expectedProofFile(b, 1, 1), JobHarness.readAll(fs, new Path(out1, "b.proof")));

        Path out2 = new Path(tmp.getPath(), "out2");
        JobHarness.Run r2 = JobHarness.run(jsc, Map.of("c2spark.input", in + "/*/*.json",
                "c2spark.output", out2.toString(), "c2spark.progress.intervalSeconds", "0"));
        assertEquals(1, r2.summary.verified());
        assertTrue(fs.isFile(new Path(out2, "b.proof")));
    }

    @Test
    void anOutputThatCannotBeADirectoryStopsTheBatchBeforeItStarts() throws Exception {
        Path in = new Path(tmp.getPath(), "in");
        TestSectors.write(fs, new Path(in, "a.json"), 1, 1);
        Path out = new Path(tmp.getPath(), "out-is-a-file");
        TestSectors.writeRaw(fs, out, "x");
        IOException e = assertThrows(IOException.class, () -> JobHarness.run(jsc,
                Map.of("c2spark.input", in.toString(), "c2spark.output", out.toString())));
        assertTrue(e.getMessage().contains("c2spark.output") && e.getMessage().contains("not a directory"), e.getMessage());
        IOException missing = assertThrows(IOException.class, () -> JobHarness.run(jsc,
                Map.of("c2spark.input", new Path(in, "nothing-here").toString(),
                        "c2spark.output", new Path(tmp.getPath(), "out").toString())));
        assertTrue(missing.getMessage().contains("does not exist"), missing.getMessage());
    }

    private static void assertNothingPartial(Path out, Set<String> expected) throws IOException {
        Set<String> names = new HashSet<>();
        for (FileStatus s : fs.listStatus(out)) {
            names.add(s.getPath().getName());
        }
        Set<String> hidden = names.stream().filter(n -> n.startsWith(".")).collect(Collectors.toSet());
        assertTrue(hidden.isEmpty(), "temporary or checksum files left: " + hidden);
        names.removeIf(n -> n.startsWith("report-"));
        assertEquals(expected, names, "nothing but proofs and the report, no work files");
        assertTrue(Files.isDirectory(new File(out.toString(), "blocked.proof").toPath()));
    }
}
