package io.c2spark.spark.job;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.c2spark.spark.testing.FailingFileSystem;
import io.c2spark.spark.testing.JobHarness;
import io.c2spark.spark.testing.TestSectors;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
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
 * Where the run writes: every output location (c2spark.output, c2spark.work.dir, c2spark.report.dir)
 * is written to before anything is proven, and a failure names the setting and the reason; a
 * destination that fails later loses nothing, the verified proof and the report going to the
 * fallback folder the console names. The failures come from {@link FailingFileSystem}.
 */
class OutputLocationsTest {
    private static JavaSparkContext jsc;
    private static LocalFileSystem fs;

    @TempDir
    File tmp;

    @BeforeAll
    static void start() throws IOException {
        jsc = JobHarness.start(JobHarness.conf("local[2]").set("spark.c2spark.local.gpus", "none")
                .set("spark.hadoop.fs." + FailingFileSystem.SCHEME + ".impl", FailingFileSystem.class.getName()));
        fs = FileSystem.getLocal(new Configuration());
    }

    @AfterAll
    static void stop() {
        jsc.stop();
    }

    @AfterEach
    void nothingFails() {
        FailingFileSystem.refuse(null);
    }

    private Path input() throws IOException {
        Path in = new Path(tmp.getPath(), "in");
        TestSectors.write(fs, new Path(in, "a.json"), 2, 1);
        return in;
    }

    /** A path as Hadoop prints it (failing:/x for failing:///x). */
    private static String shown(String uri) {
        return new Path(uri).toString();
    }

    /** The run refuses to start; the message names what pointed at the place and why it failed. */
    private IOException refused(Map<String, String> settings) {
        long t0 = System.nanoTime();
        IOException e = assertThrows(IOException.class, () -> JobHarness.run(jsc, settings));
        assertTrue(System.nanoTime() - t0 < 10_000_000_000L, "refused at once");
        return e;
    }

    @Test
    void everyOutputLocationIsWrittenToBeforeAnythingIsProven() throws Exception {
        Path in = input();
        String out = FailingFileSystem.uri(tmp.toPath().resolve("out"));
        FailingFileSystem.refuse("\\.c2spark-probe-.*");

        IOException e = refused(Map.of("c2spark.input", in.toString(), "c2spark.output", out));
        assertTrue(e.getMessage().startsWith("c2spark.output: cannot write in " + shown(out) + ": "), e.getMessage());
        assertTrue(e.getMessage().endsWith("(Permission denied)"), e.getMessage());

        String work = FailingFileSystem.uri(tmp.toPath().resolve("work"));
        String report = FailingFileSystem.uri(tmp.toPath().resolve("reports"));
        String goodOut = tmp.toPath().resolve("good-out").toString();
        e = refused(Map.of("c2spark.input", in.toString(), "c2spark.output", goodOut, "c2spark.work.dir", work));
        assertTrue(e.getMessage().startsWith("c2spark.work.dir: cannot write in " + shown(work) + "/"), e.getMessage());
        assertTrue(e.getMessage().endsWith("(Permission denied)"), e.getMessage());

        e = refused(Map.of("c2spark.input", in.toString(), "c2spark.output", goodOut, "c2spark.report.dir", report));
        assertTrue(e.getMessage().startsWith("c2spark.report.dir: cannot write in " + shown(report) + ": "), e.getMessage());

        // Unset, c2spark.work.dir is <c2spark.output>/_work: the message says so rather than naming it alone.
        FailingFileSystem.refuse(null);
        Path outFile = new Path(tmp.getPath(), "out-file");
        TestSectors.writeRaw(fs, outFile, "x");
        e = refused(Map.of("c2spark.input", in.toString(), "c2spark.output", outFile.toString()));
        assertTrue(e.getMessage().startsWith("c2spark.output: ") && e.getMessage().contains("not a directory"),
                e.getMessage());
        java.nio.file.Path blockedOut = tmp.toPath().resolve("blocked-out");
        Files.createDirectories(blockedOut);
        Files.writeString(blockedOut.resolve("_work"), "a file where the work directory would go");
        e = refused(Map.of("c2spark.input", in.toString(), "c2spark.output", blockedOut.toString()));
        assertTrue(e.getMessage().startsWith("c2spark.work.dir (not set: c2spark.output/_work): cannot create directory "),
                e.getMessage());
        assertTrue(e.getMessage().contains("not a directory"), e.getMessage());

        assertFalse(Files.exists(tmp.toPath().resolve("good-out/a.proof")), "nothing was proven");
        assertFalse(Files.exists(tmp.toPath().resolve("out/a.proof")), "nothing was proven");
        assertEquals(List.of(), List.of(tmp.toPath().resolve("out").toFile().list()), "no probe left behind");
    }

    @Test
    void aVerifiedProofAndTheReportWhoseDestinationFailsLaterAreKeptInTheFallbackFolder() throws Exception {
        Path in = new Path(tmp.getPath(), "in");
        byte[] a = TestSectors.write(fs, new Path(in, "a.json"), 2, 1);
        byte[] b = TestSectors.write(fs, new Path(in, "b.json"), 3, 1);
        java.nio.file.Path out = tmp.toPath().resolve("out");
        java.nio.file.Path fallbackBase = tmp.toPath().resolve("fallback");
        // Writing a.proof (its temporary name) and the report fails; the probes and b.proof do not.
        FailingFileSystem.refuse("\\.a\\.proof\\..*|\\.?report-.*");

        Map<String, String> settings = new HashMap<>(Map.of("c2spark.input", in.toString(),
                "c2spark.output", FailingFileSystem.uri(out), "c2spark.output.fallbackDir", fallbackBase.toString(),
                "c2spark.progress.intervalSeconds", "0"));
        JobHarness.Run run = JobHarness.run(jsc, settings);

        java.nio.file.Path fallback = fallbackBase.resolve("c2spark-fallback-" + run.summary.runId());
        assertEquals(1, run.summary.verified());
        assertArrayEquals(TestSectors.expectedProofFile(b, 3, 1), Files.readAllBytes(out.resolve("b.proof")));
        assertArrayEquals(TestSectors.expectedProofFile(a, 2, 1), Files.readAllBytes(fallback.resolve("a.proof")),
                "the verified proof was kept");
        assertFalse(Files.exists(out.resolve("a.proof")));
        String reason = run.summary.failures().get("a");
        assertTrue(reason.contains("(Permission denied)") && reason.endsWith("the verified proof is kept at "
                + fallback.resolve("a.proof")), reason);
        assertTrue(run.console.contains("the verified proof of sector a is kept at " + fallback.resolve("a.proof")),
                run.console);

        assertEquals(fallback.resolve("report-" + run.summary.runId() + ".jsonl").toString(), run.summary.reportPath());
        assertTrue(run.console.contains("the report is kept at " + run.summary.reportPath()), run.console);
        JsonNode row = run.sector("a");
        assertEquals("failed", row.get("result").asText());
        assertEquals(fallback.resolve("a.proof").toString(), row.get("keptAt").asText());
        assertEquals(1, run.rows("run").get(0).get("proofsInFallback").asInt());
        JsonNode reportRow = run.rows("fallback").get(0);
        assertEquals("report", reportRow.get("file").asText());
        assertTrue(reportRow.get("reason").asText().contains("(Permission denied)"), reportRow.toString());
        assertTrue(reportRow.get("intended").asText().startsWith(shown(FailingFileSystem.uri(out)) + "/report-"),
                reportRow.toString());
    }
}
