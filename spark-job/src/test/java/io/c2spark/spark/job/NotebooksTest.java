package io.c2spark.spark.job;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.c2spark.spark.testing.JobHarness;
import io.c2spark.spark.testing.TestSectors;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.spark.api.java.JavaSparkContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The notebooks over reports this test has just written: two batches end to end on local[2], one
 * with one device shared by both task threads and one with two devices, each proof verified; then
 * every notebook in notebooks/ executed by {@code jupyter nbconvert --execute} on both reports
 * (a failing cell fails the test), with the executed notebooks and their plots left in
 * target/notebooks for a person to look at; and the GPU prover benchmark's notebook on the runs
 * committed in docs/gpu-runs. deploy/bin/run-tests installs Jupyter where it is missing.
 */
class NotebooksTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final long NOTEBOOK_TIMEOUT_SECONDS = 300;
    private static final int PARTITIONS = 3;
    private static final int ROUNDS = 1500;
    private static final String GPU_PROVER_NOTEBOOK = "gpu-prover.ipynb";

    @TempDir
    File tmp;

    private final Path repo = Path.of(System.getProperty("c2spark.repo"));
    private final Path target = Path.of("target", "notebooks").toAbsolutePath();

    @Test
    void everyNotebookRunsOnTheReportsOfAFreshBatch() throws Exception {
        List<Path> notebooks = reportNotebooks();
        assertFalse(notebooks.isEmpty(), "no notebooks in " + repo.resolve("notebooks"));
        Path reports = Path.of(tmp.getPath(), "reports");
        Map<String, JsonNode> runs = new HashMap<>();
        runs.put("0", batch("0", reports));
        runs.put("0,1", batch("0,1", reports));

        Map<String, JsonNode> derived = derivedConfigs(reports);
        assertEquals(2, derived.size(), derived.toString());
        for (Map.Entry<String, JsonNode> e : runs.entrySet()) {
            JsonNode c = derived.get(e.getValue().get("run").asText());
            assertEquals(e.getKey().split(",").length, c.get("gpus").asInt(), "GPUs of the run on " + e.getKey());
            assertEquals(e.getValue().get("verified").asInt() * PARTITIONS, c.get("partitions").asInt());
            double busy = c.get("meanBusyFraction").asDouble();
            assertTrue(busy > 0 && busy <= 1, "busy fraction " + busy + " of the run on " + e.getKey());
        }

        Path executed = target.resolve("executed");
        Path plots = target.resolve("plots");
        Files.createDirectories(executed);
        deleteContents(plots);
        for (Path nb : notebooks) {
            execute(nb, reports, executed, plots);
            // These reports hold every dimension: a notebook that says otherwise misread them.
            String text = printed(executed.resolve(nb.getFileName()));
            assertTrue(text.contains("2 report(s)"), nb + " did not read both reports: " + text);
            for (String lack : List.of("ran on the CPU", "no device clock", "no waits", "one configuration only")) {
                assertFalse(text.contains(lack), nb + " says '" + lack + "': " + text);
            }
        }
        try (Stream<Path> s = Files.list(plots)) {
            List<String> pngs = s.map(p -> p.getFileName().toString()).sorted().collect(Collectors.toList());
            assertTrue(pngs.size() >= notebooks.size(), "plots written: " + pngs);
            for (String png : pngs) {
                assertTrue(Files.size(plots.resolve(png)) > 5_000, png + " is too small to hold a plot");
            }
        }
    }

    /**
     * notebooks/gpu-prover.ipynb over the GPU prover benchmark's CSVs committed in docs/gpu-runs
     * (three H200 runs): no cell fails, it reads every run, and both plots are written.
     */
    @Test
    void theGpuProverNotebookRunsOnTheCommittedBenchmarks() throws Exception {
        Path nb = repo.resolve("notebooks").resolve(GPU_PROVER_NOTEBOOK);
        Path executed = target.resolve("executed");
        Path plots = target.resolve("gpu-prover-plots");
        Files.createDirectories(executed);
        deleteContents(plots);
        Path runtime = target.resolve("runtime");
        Files.createDirectories(runtime);
        run(List.of(jupyter(), "nbconvert", "--to", "notebook", "--execute",
                        "--ExecutePreprocessor.timeout=" + NOTEBOOK_TIMEOUT_SECONDS, "--output-dir", executed.toString(),
                        GPU_PROVER_NOTEBOOK), nb.getParent(),
                Map.of("C2SPARK_PROVER_BENCH", repo.resolve("docs/gpu-runs/2026-12-01-prover").toString(),
                        "C2SPARK_PLOTS", plots.toString(), "JUPYTER_RUNTIME_DIR", runtime.toString()),
                target.resolve("gpu-prover.log"));
        String text = printed(executed.resolve(GPU_PROVER_NOTEBOOK));
        assertTrue(text.contains("3 run(s): 1-suite, 2-before-lanes, 3-lanes"), text);
        for (String png : List.of("gpu-prover-timeline.png", "gpu-prover-throughput.png")) {
            assertTrue(Files.size(plots.resolve(png)) > 5_000, png + " is too small to hold a plot");
        }
    }

    /** What a notebook's cells printed; fails on any cell that ended in an error. */
    private static String printed(Path executedNotebook) throws IOException {
        StringBuilder printed = new StringBuilder();
        for (JsonNode cell : JSON.readTree(executedNotebook.toFile()).get("cells")) {
            for (JsonNode o : cell.path("outputs")) {
                assertFalse("error".equals(o.path("output_type").asText()), executedNotebook + ": " + o);
                JsonNode t = o.path("text");
                if (t.isTextual()) {
                    printed.append(t.asText());
                } else {
                    t.forEach(line -> printed.append(line.asText()));
                }
            }
        }
        return printed.toString();
    }

    /** notebooks/test_c2spark_report.py: the reader's interval arithmetic and what it says a report lacks. */
    @Test
    void theReportReaderPassesItsOwnChecks() throws Exception {
        run(List.of(python(), "-m", "unittest", "-v", "test_c2spark_report"), repo.resolve("notebooks"), Map.of(),
                target.resolve("reader-unittest.log"));
    }

    /** The notebooks are kept without outputs in git: what is committed is the code, never one machine's results. */
    @Test
    void committedNotebooksCarryNoOutputs() throws IOException {
        for (Path nb : notebooks()) {
            for (JsonNode cell : JSON.readTree(nb.toFile()).get("cells")) {
                if ("code".equals(cell.get("cell_type").asText())) {
                    assertEquals(0, cell.get("outputs").size(), nb + " holds outputs: strip them before committing");
                    assertTrue(cell.get("execution_count").isNull(), nb + " holds execution counts");
                }
            }
        }
    }

    private List<Path> notebooks() throws IOException {
        try (Stream<Path> s = Files.list(repo.resolve("notebooks"))) {
            return s.filter(p -> p.toString().endsWith(".ipynb")).sorted().collect(Collectors.toList());
        }
    }

    /** The notebooks over run reports: all but the GPU prover benchmark's. */
    private List<Path> reportNotebooks() throws IOException {
        return notebooks().stream().filter(p -> !p.getFileName().toString().equals(GPU_PROVER_NOTEBOOK))
                .collect(Collectors.toList());
    }

    /** One batch on local[2] with these local devices; its report goes to reports/. Returns its run row. */
    private JsonNode batch(String localGpus, Path reports) throws Exception {
        FileSystem fs = FileSystem.getLocal(new Configuration());
        String name = localGpus.replace(',', '-');
        org.apache.hadoop.fs.Path in = new org.apache.hadoop.fs.Path(tmp.getPath(), "in-" + name);
        org.apache.hadoop.fs.Path out = new org.apache.hadoop.fs.Path(tmp.getPath(), "out-" + name);
        Map<String, byte[]> seeds = new HashMap<>();
        for (int i = 0; i < 4; i++) {
            seeds.put("s" + i, TestSectors.write(fs, new org.apache.hadoop.fs.Path(in, "s" + i + ".json"), PARTITIONS, ROUNDS));
        }
        JavaSparkContext jsc = JobHarness.start(JobHarness.conf("local[2]").set("spark.c2spark.local.gpus", localGpus));
        JobHarness.Run run;
        try {
            run = JobHarness.run(jsc, Map.of("c2spark.input", in.toString(), "c2spark.output", out.toString(),
                    "c2spark.report.dir", reports.resolve(name).toString(), "c2spark.progress.intervalSeconds", "0"));
        } finally {
            jsc.stop();
        }
        assertTrue(run.summary.allGood(), run.summary.describe());
        for (Map.Entry<String, byte[]> e : seeds.entrySet()) {
            assertArrayEquals(TestSectors.expectedProofFile(e.getValue(), PARTITIONS, ROUNDS),
                    JobHarness.readAll(fs, new org.apache.hadoop.fs.Path(out, e.getKey() + ".proof")), e.getKey());
        }
        for (JsonNode p : run.rows("partition")) {
            assertTrue(p.has("deviceClockMs"), "a GPU address goes through its coordinator: " + p);
        }
        JsonNode row = run.rows("run").get(0);
        assertEquals(localGpus, row.get("localGpus").asText());
        return row;
    }

    /** What the notebooks' reader derives per run (c2spark_report.Report.configs), as JSON rows by run id. */
    private Map<String, JsonNode> derivedConfigs(Path reports) throws Exception {
        Path log = Path.of(tmp.getPath(), "configs.json");
        String script = "import c2spark_report as cr, sys\n"
                + "cr.Report(cr.report_paths(sys.argv[1])).configs.to_json(sys.argv[2], orient='records')\n";
        run(List.of(python(), "-c", script, reports.toString(), log.toString()), repo.resolve("notebooks"),
                Map.of(), Path.of(tmp.getPath(), "configs.log"));
        Map<String, JsonNode> m = new HashMap<>();
        for (JsonNode r : JSON.readTree(log.toFile())) {
            m.put(r.get("run").asText(), r);
        }
        return m;
    }

    private void execute(Path notebook, Path reports, Path executed, Path plots) throws Exception {
        Path runtime = target.resolve("runtime");
        Files.createDirectories(runtime);
        Map<String, String> env = new HashMap<>();
        env.put("C2SPARK_REPORT", reports.toString());
        env.put("C2SPARK_PLOTS", plots.toString());
        env.put("JUPYTER_RUNTIME_DIR", runtime.toString());
        String name = notebook.getFileName().toString();
        run(List.of(jupyter(), "nbconvert", "--to", "notebook", "--execute",
                        "--ExecutePreprocessor.timeout=" + NOTEBOOK_TIMEOUT_SECONDS, "--output-dir", executed.toString(), name),
                notebook.getParent(), env, target.resolve(name.replace(".ipynb", ".log")));
    }

    /** Runs a command to its end (or its timeout), output to a log; fails the test with the log's tail if it fails. */
    private static void run(List<String> command, Path dir, Map<String, String> env, Path log) throws Exception {
        Files.createDirectories(log.getParent());
        ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile());
        // Nothing written into the source tree: no __pycache__ beside the notebooks.
        pb.environment().put("PYTHONDONTWRITEBYTECODE", "1");
        pb.environment().put("PYDEVD_DISABLE_FILE_VALIDATION", "1");
        pb.environment().putAll(env);
        Process p = pb.start();
        if (!p.waitFor(NOTEBOOK_TIMEOUT_SECONDS + 60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            fail(String.join(" ", command) + " did not finish in time; log: " + log);
        }
        if (p.exitValue() != 0) {
            List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
            fail(String.join(" ", command) + " in " + dir + " exited with " + p.exitValue() + "; log " + log + ":\n"
                    + String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size())));
        }
    }

    /**
     * Debian's Jupyter (what deploy/bin/run-tests installs): its kernel runs /usr/bin/python3, so the
     * reader is checked with that interpreter too rather than whatever python3 comes first on PATH.
     */
    private static String jupyter() {
        return require("/usr/bin/jupyter");
    }

    private static String python() {
        return require("/usr/bin/python3");
    }

    private static String require(String program) {
        if (!Files.isExecutable(Path.of(program))) {
            fail(program + " is missing: deploy/bin/run-tests installs the notebook prerequisites (apt-get install"
                    + " jupyter-nbconvert python3-ipykernel python3-matplotlib python3-pandas)");
        }
        return program;
    }

    private static void deleteContents(Path dir) throws IOException {
        Files.createDirectories(dir);
        List<Path> old = new ArrayList<>();
        try (Stream<Path> s = Files.list(dir)) {
            s.forEach(old::add);
        }
        for (Path p : old) {
            Files.delete(p);
        }
    }
}
