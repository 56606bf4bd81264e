package io.c2spark.spark.job;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.c2spark.spark.testing.DiskFullFileSystem;
import io.c2spark.spark.testing.JobHarness;
import io.c2spark.spark.testing.TestSectors;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.api.java.JavaSparkContext;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The output disk fills up while proofs are written ({@link DiskFullFileSystem}: the write that
 * finds no room fails with ENOSPC, as Hadoop's local file system reports it): no partial or
 * temporary proof file is left, the sector whose proof did not fit is reported failed with the
 * reason and its verified proof kept in the fallback folder, and the rest of the batch is proven
 * and written (or, while the disk stays full, kept there too). One sector at a time, in input order.
 */
class DiskFullTest {
    private static final int SECTORS = 5;
    private static final int PARTITIONS = 2;
    private static final int PROOF_BYTES = PARTITIONS * 32;

    private static JavaSparkContext jsc;
    private static LocalFileSystem fs;

    @TempDir
    File tmp;

    @BeforeAll
    static void start() throws IOException {
        jsc = JobHarness.start(JobHarness.conf("local[2]").set("spark.c2spark.local.gpus", "none")
                .set("spark.hadoop.fs." + DiskFullFileSystem.SCHEME + ".impl", DiskFullFileSystem.class.getName()));
        fs = FileSystem.getLocal(new Configuration());
    }

    @AfterAll
    static void stop() {
        jsc.stop();
    }

    @AfterEach
    void room() {
        DiskFullFileSystem.empty();
    }

    /** Writes the sectors s0 .. s4; their seeds by id. */
    private Map<String, byte[]> sectors(Path in) throws IOException {
        Map<String, byte[]> seeds = new LinkedHashMap<>();
        for (int i = 0; i < SECTORS; i++) {
            seeds.put("s" + i, TestSectors.write(fs, new Path(in, "s" + i + ".json"), PARTITIONS, 1));
        }
        return seeds;
    }

    private JobHarness.Run run(Path in, java.nio.file.Path out) throws Exception {
        return JobHarness.run(jsc, Map.of("c2spark.input", in.toString(), "c2spark.output", DiskFullFileSystem.uri(out),
                "c2spark.work.dir", tmp.toPath().resolve("work").toString(),
                "c2spark.output.fallbackDir", tmp.toPath().resolve("fallback").toString(),
                "c2spark.sectors.inFlight", "1", "c2spark.progress.intervalSeconds", "0"));
    }

    private static Set<String> names(java.nio.file.Path dir) throws IOException {
        try (Stream<java.nio.file.Path> s = Files.list(dir)) {
            return new TreeSet<>(s.map(p -> p.getFileName().toString()).toList());
        }
    }

    /** The sector's row says it failed on a full disk, and where its verified proof is kept; the proof is right. */
    private static void assertKept(JobHarness.Run run, String id, byte[] seed, java.nio.file.Path out) throws IOException {
        JsonNode row = run.sector(id);
        java.nio.file.Path kept = java.nio.file.Path.of(row.get("keptAt").asText());
        assertEquals("failed", row.get("result").asText(), row.toString());
        String reason = row.get("reason").asText();
        assertTrue(reason.startsWith("cannot write " + new Path(DiskFullFileSystem.uri(out.resolve(id + ".proof")))
                + ": No space left on device; the verified proof is kept at "), reason);
        assertArrayEquals(TestSectors.expectedProofFile(seed, PARTITIONS, 1), Files.readAllBytes(kept));
    }

    @Test
    void aProofThatDoesNotFitLeavesNothingPartialAndTheRestOfTheBatchIsWritten() throws Exception {
        Path in = new Path(tmp.getPath(), "in");
        Map<String, byte[]> seeds = sectors(in);
        java.nio.file.Path out = tmp.toPath().resolve("out");
        // The disk has room for 40 bytes of s2's proof, then room again once that write has failed.
        DiskFullFileSystem.fill("\\.s2\\.proof\\..*\\.tmp", 40, false);

        JobHarness.Run run = run(in, out);

        assertEquals(SECTORS - 1, run.summary.verified(), run.summary.describe());
        assertEquals(Set.of("s2"), run.summary.failures().keySet());
        assertKept(run, "s2", seeds.get("s2"), out);
        List<String> written = new ArrayList<>();
        for (String id : seeds.keySet()) {
            if (!id.equals("s2")) {
                assertArrayEquals(TestSectors.expectedProofFile(seeds.get(id), PARTITIONS, 1),
                        Files.readAllBytes(out.resolve(id + ".proof")));
                assertEquals("verified", run.sector(id).get("result").asText());
                written.add(id + ".proof");
            }
        }
        written.add("report-" + run.summary.runId() + ".jsonl");
        assertEquals(new TreeSet<>(written), names(out), "no partial or temporary proof file is left");
    }

    /** A disk already full when the run starts: refused at once, naming the setting, the place and the reason. */
    @Test
    void aDiskFullAtTheStartIsNamedBeforeAnythingIsProven() throws Exception {
        Path in = new Path(tmp.getPath(), "in");
        sectors(in);
        java.nio.file.Path out = tmp.toPath().resolve("out");
        DiskFullFileSystem.fill("\\.c2spark-probe-.*", 0, true);

        IOException e = assertThrows(IOException.class, () -> run(in, out));

        assertEquals("c2spark.output: cannot write in " + new Path(DiskFullFileSystem.uri(out)) + ": No space left on device",
                e.getMessage());
        assertEquals(Set.of(), names(out), "nothing was proven, no probe is left");
    }

    @Test
    void aDiskThatStaysFullLosesNoVerifiedProof() throws Exception {
        Path in = new Path(tmp.getPath(), "in");
        Map<String, byte[]> seeds = sectors(in);
        java.nio.file.Path out = tmp.toPath().resolve("out");
        // Room for two proofs and 40 bytes of the third; then nothing more fits, the report included.
        DiskFullFileSystem.fill("\\..*\\.proof\\..*\\.tmp", 2L * PROOF_BYTES + 40, true);

        JobHarness.Run run = run(in, out);

        assertEquals(2, run.summary.verified(), run.summary.describe());
        assertEquals(Set.of("s2", "s3", "s4"), run.summary.failures().keySet());
        for (String id : List.of("s2", "s3", "s4")) {
            assertKept(run, id, seeds.get(id), out);
        }
        for (String id : List.of("s0", "s1")) {
            assertArrayEquals(TestSectors.expectedProofFile(seeds.get(id), PARTITIONS, 1),
                    Files.readAllBytes(out.resolve(id + ".proof")));
        }
        assertEquals(Set.of("s0.proof", "s1.proof"), names(out), "no partial or temporary file is left");
        assertTrue(run.summary.reportPath().startsWith(tmp.toPath().resolve("fallback").toString()),
                run.summary.reportPath());
        assertEquals(3, run.rows("run").get(0).get("proofsInFallback").asInt());
        assertTrue(run.rows("fallback").get(0).get("reason").asText().endsWith("No space left on device"),
                run.rows("fallback").toString());
    }
}
