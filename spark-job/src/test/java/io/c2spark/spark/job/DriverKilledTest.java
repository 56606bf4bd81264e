package io.c2spark.spark.job;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.c2spark.spark.cli.C2SparkMain;
import io.c2spark.spark.testing.FieldPowerTestWorkload;
import io.c2spark.spark.testing.JobHarness;
import io.c2spark.spark.testing.TestSectors;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The driver killed mid-batch and the run started again. A child JVM runs {@code c2spark run} as
 * the launcher does (C2SparkMain, embedded local Spark, the test workload); once its first proofs are
 * written it is killed with SIGKILL (no shutdown hook, no report); the same command then runs again.
 * The second run proves only the sectors without a proof file (the others are reported skipped and
 * their files left as they were), and every sector ends with one proof, the right one.
 */
class DriverKilledTest {
    private static final int SECTORS = 10;
    private static final int PARTITIONS = 2;
    /** Work per partition: about a tenth of a second, so that the kill finds most sectors unproven. */
    private static final int ROUNDS = 6_000;

    @TempDir
    File tmp;

    private Process launch(Path in, Path out, Path log) throws IOException {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("-Xss8m");
        cmd.add("-Xmx1g");
        for (String o : System.getProperty("c2spark.test.executorJavaOptions").trim().split("\\s+")) {
            cmd.add(o);
        }
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), C2SparkMain.class.getName(), "run",
                "--master", "local[2]", "--input", in.toString(), "--output", out.toString(),
                "--set", "c2spark.workload=" + FieldPowerTestWorkload.NAME, "--set", "c2spark.local.gpus=none",
                "--set", "c2spark.sectors.inFlight=1", "--set", "c2spark.progress.intervalSeconds=0",
                "--set", "c2spark.output.fallbackDir=" + tmp.toPath().resolve("fallback"),
                "--set", "spark.driver.host=127.0.0.1", "--set", "spark.driver.bindAddress=127.0.0.1"));
        return new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    }

    /** The proof files in out and their contents, by name. */
    private static Map<String, byte[]> proofs(Path out) throws IOException {
        Map<String, byte[]> m = new LinkedHashMap<>();
        if (!Files.isDirectory(out)) {
            return m;
        }
        try (Stream<Path> s = Files.list(out)) {
            for (Path p : s.sorted().toList()) {
                String n = p.getFileName().toString();
                if (n.endsWith(".proof") && !n.startsWith(".")) {
                    m.put(n, Files.readAllBytes(p));
                }
            }
        }
        return m;
    }

    @Test
    void aRunKilledMidBatchAndStartedAgainProvesOnlyTheSectorsWithoutAProof() throws Exception {
        FileSystem fs = FileSystem.getLocal(new Configuration());
        Path in = tmp.toPath().resolve("in");
        Path out = tmp.toPath().resolve("out");
        Map<String, byte[]> seeds = new HashMap<>();
        for (int i = 0; i < SECTORS; i++) {
            String id = String.format("s%02d", i);
            seeds.put(id, TestSectors.write(fs, new org.apache.hadoop.fs.Path(in.toString(), id + ".json"), PARTITIONS,
                    ROUNDS));
        }

        Path firstLog = tmp.toPath().resolve("first.log");
        Process first = launch(in, out, firstLog);
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(3);
        while (proofs(out).size() < 2 && first.isAlive() && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        first.destroyForcibly();
        assertTrue(first.waitFor(1, TimeUnit.MINUTES));
        Map<String, byte[]> before = proofs(out);
        Map<String, FileTime> times = new HashMap<>();
        for (String n : before.keySet()) {
            times.put(n, Files.getLastModifiedTime(out.resolve(n)));
        }
        assertTrue(before.size() >= 2 && before.size() < SECTORS, "killed after " + before.size() + " of " + SECTORS
                + " proofs: " + Files.readString(firstLog));
        try (Stream<Path> s = Files.list(out)) {
            assertTrue(s.noneMatch(p -> p.getFileName().toString().startsWith("report-")), "the killed run wrote a report");
        }

        Path secondLog = tmp.toPath().resolve("second.log");
        Process second = launch(in, out, secondLog);
        assertTrue(second.waitFor(5, TimeUnit.MINUTES), "the second run did not end");
        assertEquals(0, second.exitValue(), Files.readString(secondLog));

        Map<String, byte[]> after = proofs(out);
        assertEquals(SECTORS, after.size(), after.keySet().toString());
        for (Map.Entry<String, byte[]> e : after.entrySet()) {
            String id = e.getKey().substring(0, e.getKey().length() - ".proof".length());
            assertArrayEquals(TestSectors.expectedProofFile(seeds.get(id), PARTITIONS, ROUNDS), e.getValue(), id);
        }
        for (String n : before.keySet()) {
            assertArrayEquals(before.get(n), after.get(n), n + " was written again");
            assertEquals(times.get(n), Files.getLastModifiedTime(out.resolve(n)), n + " was written again");
        }
        List<Path> reports;
        try (Stream<Path> s = Files.list(out)) {
            reports = s.filter(p -> p.getFileName().toString().startsWith("report-")).toList();
        }
        assertEquals(1, reports.size(), reports.toString());
        List<JsonNode> rows = JobHarness.readReport(fs, new org.apache.hadoop.fs.Path(reports.get(0).toString()));
        Set<String> skipped = new TreeSet<>();
        Set<String> verified = new TreeSet<>();
        Set<String> proven = new HashSet<>();
        for (JsonNode r : rows) {
            String type = r.get("type").asText();
            if (type.equals("sector")) {
                (r.get("result").asText().equals("skipped") ? skipped : verified).add(r.get("sector").asText() + ".proof");
                assertTrue(r.get("result").asText().matches("skipped|verified"), r.toString());
            } else if (type.equals("partition")) {
                assertTrue(proven.add(r.get("sector").asText() + "/" + r.get("partition").asInt()), "proven twice: " + r);
            }
        }
        assertEquals(before.keySet(), skipped, "the sectors with a proof are skipped");
        Set<String> rest = new TreeSet<>(after.keySet());
        rest.removeAll(before.keySet());
        assertEquals(rest, verified, "the others are proven and verified");
        assertEquals(rest.size() * PARTITIONS, proven.size(), "only their partitions are proven");
        try (Stream<Path> s = Files.list(out)) {
            List<String> visible = s.map(p -> p.getFileName().toString())
                    .filter(n -> !n.startsWith(".") && !n.startsWith("_")).sorted().toList();
            List<String> want = new ArrayList<>(after.keySet());
            want.add(reports.get(0).getFileName().toString());
            assertEquals(want.stream().sorted().toList(), visible, "nothing partial beside the proofs and the report");
        }
    }
}
