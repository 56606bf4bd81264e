package io.c2spark.spark.job;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.c2spark.spark.testing.JobHarness;
import io.c2spark.spark.testing.LauncherLayout;
import io.c2spark.spark.testing.TestSectors;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What an operator does, the way deploy/README.md says it, on this machine: `c2spark cluster
 * start-master` and two `start-worker`s (separate JVMs from c2spark's own Spark jars, no Spark
 * installation; their GPU discovery finds none), then `c2spark submit --properties-file deploy/conf/...`.
 * A job asking for GPUs stops, naming them, instead of waiting for ever; the CPU configuration proves
 * a batch while one executor is killed (SIGKILL) mid-run: every sector is proven once and verified,
 * the loss is in the report, and a history server started with `c2spark cluster start-history`
 * replays the run from its event log. The test workload (BigInteger-checked field powers).
 */
class StandaloneClusterTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration COMMAND_BOUND = Duration.ofMinutes(4);

    @TempDir
    static Path tmp;

    private static LauncherLayout layout;
    private static Path cluster;
    private static String master;
    private static FileSystem fs;

    @BeforeAll
    static void startCluster() throws Exception {
        fs = FileSystem.getLocal(new Configuration());
        layout = LauncherLayout.create(tmp.resolve("job"));
        cluster = tmp.resolve("cluster");
        int port = freePort();
        Result m = launch("start-master", Map.of(), "cluster", "start-master", "--host", "127.0.0.1", "--port",
                Integer.toString(port), "--webui-port", "0", "--daemon-memory", "256m");
        master = "spark://127.0.0.1:" + port;
        assertEquals(0, m.status, m.output);
        assertTrue(m.output.contains("c2spark cluster: master " + master), m.output);
        // Both workers at once, as on two machines. GPU discovery (deploy/bin/discover-gpus, whose variable
        // stands for nvidia-smi here) finds none on the first and two on the second; Spark's worker runs the
        // script itself and refuses to start when it finds fewer than it is told to offer.
        String[] gpuAddresses = {"", "0,1"};
        List<Process> workers = new ArrayList<>();
        List<Path> logs = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            Path log = tmp.resolve("start-worker-" + i + ".log");
            logs.add(log);
            workers.add(layout.launcher(cluster, log, Map.of("C2SPARK_GPU_ADDRESSES", gpuAddresses[i]), "cluster",
                    "start-worker", master, "--host", "127.0.0.1", "--cores", "2", "--memory", "1g", "--gpus", "auto",
                    "--webui-port", "0", "--daemon-memory", "256m").start());
        }
        Set<String> names = new HashSet<>();
        for (int i = 0; i < 2; i++) {
            Result w = finish(workers.get(i), logs.get(i));
            assertEquals(0, w.status, w.output);
            Matcher registered = Pattern.compile("(worker-\\d) registered with " + Pattern.quote(master) + ": 2 cores, 1g, "
                    + (i == 0 ? "0 GPUs" : "2 GPUs")).matcher(w.output);
            assertTrue(registered.find(), w.output);
            names.add(registered.group(1));
        }
        assertEquals(Set.of("worker-1", "worker-2"), names, "two starts at once get two names");
    }

    @AfterAll
    static void stopCluster() throws Exception {
        Result r = launch("stop", Map.of(), "cluster", "stop");
        assertEquals(0, r.status, r.output);
        assertTrue(r.output.contains("worker-1") && r.output.contains("worker-2") && r.output.contains("master"),
                r.output);
    }

    /**
     * The GPU configuration asking for more GPUs per executor than any worker offers (three; the workers
     * have none and two): Spark alone would wait for ever; the driver stops after
     * c2spark.executors.waitSeconds with what an executor asks for, on the console, in the run row and
     * on every sector row, and exits 1.
     */
    @Test
    void aJobAskingForGpusStopsWhenNoWorkerOffersThem() throws Exception {
        Path in = tmp.resolve("in-gpu");
        Path out = tmp.resolve("out-gpu");
        for (int i = 0; i < 2; i++) {
            TestSectors.write(fs, new org.apache.hadoop.fs.Path(in.toString(), "g" + i + ".json"), 2, 10);
        }
        Result r = launch("submit-gpu", Map.of(), "submit", "--master", master,
                "--properties-file", conf("spark-defaults-standalone.conf"),
                "--conf", "spark.executor.memory=512m", "--conf", "spark.executor.memoryOverhead=256m",
                "--conf", "spark.executor.resource.gpu.amount=3",
                "--conf", "spark.eventLog.dir=file:" + tmp.resolve("events-gpu"), "--conf", "spark.ui.enabled=false",
                "--", "c2spark.workload=test-field-power", "c2spark.input=" + in, "c2spark.output=" + out,
                "c2spark.params.preload=", "c2spark.executors.waitSeconds=8", "c2spark.progress.intervalSeconds=5");
        assertEquals(1, r.status, r.output);
        String reason = "no executor for 8 s: no registered worker offers what an executor asks for"
                + " (spark.executor.cores=2, spark.executor.memory=512m, spark.executor.memoryOverhead=256m,"
                + " spark.executor.resource.gpu.amount=3)";
        assertTrue(r.output.contains("c2spark: stopping the run: " + reason), r.output);
        List<JsonNode> rows = report(out);
        JsonNode run = rows.stream().filter(x -> x.get("type").asText().equals("run")).findFirst().orElseThrow();
        assertEquals(reason, run.get("stopped").asText());
        List<JsonNode> sectors = rows.stream().filter(x -> x.get("type").asText().equals("sector")).toList();
        assertEquals(2, sectors.size());
        for (JsonNode s : sectors) {
            assertEquals("failed", s.get("result").asText());
            assertEquals(reason, s.get("reason").asText(), s.toString());
        }
    }

    /**
     * The CPU configuration, submitted with c2spark's own jars: one executor killed while it proves;
     * every sector's proof equals the BigInteger recomputation, each partition is reported proven once,
     * the killed executor's lost attempts and its loss are in the report, the driver logged as `run`
     * does (no INFO lines), and a history server replays the run under the name c2spark.
     */
    @Test
    void anOperatorsRunSurvivesAnExecutorKilledMidRun() throws Exception {
        Path in = tmp.resolve("in");
        Path out = tmp.resolve("out");
        Path events = tmp.resolve("events");
        int sectors = 6;
        int partitions = 4;
        int rounds = 20000;
        Map<String, byte[]> seeds = new HashMap<>();
        for (int i = 0; i < sectors; i++) {
            // Each prove task lasts at least a second, so that the 1 s progress lines see two of them
            // running even on a loaded machine, where the whole batch could otherwise fall between two lines.
            seeds.put("s" + i, TestSectors.write(fs, new org.apache.hadoop.fs.Path(in.toString(), "s" + i + ".json"),
                    partitions, rounds, "prove-ms 1000"));
        }
        Path log = tmp.resolve("submit-cpu.log");
        Process submit = layout.launcher(cluster, log, Map.of(), "submit", "--master", master,
                "--properties-file", conf("spark-defaults-standalone-cpu.conf"),
                "--conf", "spark.executor.memory=512m", "--conf", "spark.eventLog.dir=file:" + events,
                "--conf", "spark.ui.port=" + freePort(),
                // Both executors registered before the first task, so that the one killed is proving
                // even where a slow machine starts the second executor's JVM late.
                "--conf", "spark.cores.max=4", "--conf", "spark.scheduler.minRegisteredResourcesRatio=1.0",
                "--", "c2spark.workload=test-field-power", "c2spark.input=" + in, "c2spark.output=" + out,
                "c2spark.progress.intervalSeconds=1").start();
        String killed = killAnExecutorOnceProving(submit, log);
        Result r = finish(submit, log);
        assertEquals(0, r.status, r.output);
        assertTrue(r.output.contains(sectors + " sectors proven and verified"), r.output);
        assertFalse(Pattern.compile("^\\S+ INFO ", Pattern.MULTILINE).matcher(r.output).find(),
                "the driver logs at WARN as `c2spark run` does: " + r.output);

        for (Map.Entry<String, byte[]> e : seeds.entrySet()) {
            assertArrayEquals(TestSectors.expectedProofFile(e.getValue(), partitions, rounds),
                    Files.readAllBytes(out.resolve(e.getKey() + ".proof")), e.getKey());
        }
        Set<String> files = new HashSet<>();
        try (Stream<Path> s = Files.list(out)) {
            s.map(p -> p.getFileName().toString()).filter(n -> !n.startsWith("report-")).forEach(files::add);
        }
        assertEquals(seeds.keySet().stream().map(k -> k + ".proof").collect(java.util.stream.Collectors.toSet()), files,
                "each proof once, nothing partial, no work left");

        List<JsonNode> rows = report(out);
        Set<String> proven = new HashSet<>();
        for (JsonNode p : rows) {
            if (p.get("type").asText().equals("partition")) {
                assertTrue(proven.add(p.get("sector").asText() + "/" + p.get("partition").asInt()),
                        "reported proven twice: " + p);
            }
        }
        assertEquals(sectors * partitions, proven.size());
        long verified = rows.stream().filter(x -> x.get("type").asText().equals("sector")
                && x.get("result").asText().equals("verified")).count();
        assertEquals(sectors, verified);
        List<JsonNode> lostAttempts = rows.stream().filter(x -> x.get("type").asText().equals("attempt")
                && x.get("executor").asText().equals(killed)).toList();
        assertFalse(lostAttempts.isEmpty(), "the killed executor's attempts are in the report: " + rows);
        for (JsonNode a : lostAttempts) {
            assertEquals("failed", a.get("result").asText(), a.toString());
            assertTrue(a.get("reason").asText().startsWith("ExecutorLostFailure (executor " + killed + " exited"),
                    a.toString());
        }
        JsonNode run = rows.stream().filter(x -> x.get("type").asText().equals("run")).findFirst().orElseThrow();
        assertTrue(run.get("executorsLost").toString().contains("executor " + killed + " on 127.0.0.1"), run.toString());
        assertEquals(master, run.get("master").asText());

        replayInHistoryServer(events, sectors);
    }

    /** Waits for a progress line with prove tasks running and sectors left, then SIGKILLs one worker's executor; returns its id. */
    private static String killAnExecutorOnceProving(Process submit, Path log) throws Exception {
        Pattern progress = Pattern.compile("c2spark: sectors (\\d+)/(\\d+) .*?, (\\d+) proving");
        long deadline = System.nanoTime() + COMMAND_BOUND.toNanos();
        while (System.nanoTime() < deadline) {
            assertTrue(submit.isAlive(), "the run ended before an executor could be killed:\n" + read(log));
            Matcher m = progress.matcher(read(log));
            int proving = 0;
            boolean left = true;
            while (m.find()) {
                proving = Integer.parseInt(m.group(3));
                left = !m.group(1).equals(m.group(2));
            }
            if (proving >= 2 && left) {
                for (ProcessHandle e : executors()) {
                    Matcher id = Pattern.compile("--executor-id (\\S+)").matcher(e.info().commandLine().orElse(""));
                    if (id.find()) {
                        e.destroyForcibly();
                        e.onExit().get(30, TimeUnit.SECONDS);
                        return id.group(1);
                    }
                }
            }
            Thread.sleep(200);
        }
        throw new AssertionError("no prove task within " + COMMAND_BOUND + ":\n" + read(log));
    }

    /** The executor JVMs the workers launched. */
    private static List<ProcessHandle> executors() throws IOException {
        List<ProcessHandle> l = new ArrayList<>();
        try (Stream<Path> s = Files.list(cluster.resolve("pids"))) {
            for (Path f : s.filter(p -> p.getFileName().toString().startsWith("worker-")).sorted().toList()) {
                ProcessHandle.of(Long.parseLong(Files.readString(f).trim())).ifPresent(w -> w.descendants()
                        .filter(d -> d.info().commandLine().orElse("").contains("CoarseGrainedExecutorBackend"))
                        .forEach(l::add));
            }
        }
        return l;
    }

    /** A history server over the event log folder lists the run as c2spark, its sectors' prove jobs all succeeded. */
    private static void replayInHistoryServer(Path events, int sectors) throws Exception {
        int port = freePort();
        Result h = launch("start-history", Map.of(), "cluster", "start-history", "--events", "file:" + events,
                "--port", Integer.toString(port), "--daemon-memory", "256m");
        assertEquals(0, h.status, h.output);
        HttpClient http = HttpClient.newHttpClient();
        String api = "http://127.0.0.1:" + port + "/api/v1/applications";
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        JsonNode app = null;
        while (app == null && System.nanoTime() < deadline) {
            for (JsonNode a : JSON.readTree(get(http, api))) {
                if (a.get("name").asText().equals(C2SparkJob.APP_NAME)
                        && a.get("attempts").get(0).get("completed").asBoolean()) {
                    app = a;
                }
            }
            if (app == null) {
                Thread.sleep(500);
            }
        }
        assertTrue(app != null, "the history server did not list the run: " + get(http, api));
        int prove = 0;
        for (JsonNode j : JSON.readTree(get(http, api + "/" + app.get("id").asText() + "/jobs"))) {
            if (j.path("description").asText().startsWith("c2spark prove ")) {
                assertEquals("SUCCEEDED", j.get("status").asText(), j.toString());
                prove++;
            }
        }
        assertEquals(sectors, prove);
    }

    private static String get(HttpClient http, String url) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create(url)).build(), HttpResponse.BodyHandlers.ofString()).body();
    }

    private static List<JsonNode> report(Path out) throws IOException {
        try (Stream<Path> s = Files.list(out)) {
            Path report = s.filter(p -> p.getFileName().toString().startsWith("report-")).findFirst().orElseThrow();
            return JobHarness.readReport(fs, new org.apache.hadoop.fs.Path(report.toString()));
        }
    }

    private static String conf(String name) {
        return layout.repo().resolve("deploy/conf").resolve(name).toString();
    }

    /** The launcher's exit status and output. */
    private static final class Result {
        final int status;
        final String output;

        Result(int status, String output) {
            this.status = status;
            this.output = output;
        }
    }

    private static Result launch(String name, Map<String, String> env, String... args) throws Exception {
        Path log = tmp.resolve(name + ".log");
        return finish(layout.launcher(cluster, log, env, args).start(), log);
    }

    private static Result finish(Process p, Path log) throws Exception {
        if (!p.waitFor(COMMAND_BOUND.toSeconds(), TimeUnit.SECONDS)) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            throw new AssertionError("the command did not end within " + COMMAND_BOUND + ":\n" + read(log));
        }
        String output = read(log);
        System.out.print(output);
        return new Result(p.exitValue(), output);
    }

    private static String read(Path log) throws IOException {
        return Files.readString(log, StandardCharsets.UTF_8);
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }
}
