package io.c2spark.spark.cluster;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * A Spark standalone cluster's daemons (master, workers, history server) started from the project's
 * own Spark jars, without a Spark installation: each is {@code java -cp <jars>/* <Spark's main
 * class>} in a session of its own, so it outlives the command that started it. Everything lives in
 * one folder:
 * <pre>
 * DIR/spark-home/jars   a link to the Spark jars: the SPARK_HOME a worker launches executors from
 * DIR/logs/NAME.log     each daemon's output (Spark's INFO log)
 * DIR/pids/NAME.pid     each daemon's process id, for stop
 * DIR/work/NAME         a worker's work folder (executors' stdout and stderr, fetched jars)
 * </pre>
 * A start returns once the daemon says it is ready (the master elected, the worker registered, the
 * history server bound), or fails with the end of its log.
 */
public final class SparkDaemons {
    /** What Spark needs opened on Java 17; Spark's own launcher adds the same for its daemons. */
    public static final List<String> ADD_OPENS = List.of("java.lang", "java.lang.invoke", "java.nio", "sun.nio.ch",
            "java.util", "java.util.concurrent", "java.net", "java.io", "sun.nio.cs", "sun.security.action",
            "sun.util.calendar");
    static final String MASTER_CLASS = "org.apache.spark.deploy.master.Master";
    static final String WORKER_CLASS = "org.apache.spark.deploy.worker.Worker";
    static final String HISTORY_CLASS = "org.apache.spark.deploy.history.HistoryServer";
    private static final long READY_TIMEOUT_MILLIS = 120_000;

    private final Path dir;
    private final Path sparkJars;

    /** {@code dir}: the cluster's folder; {@code sparkJars}: a folder of Spark's jars (and its dependencies'). */
    public SparkDaemons(Path dir, Path sparkJars) {
        this.dir = dir.toAbsolutePath();
        this.sparkJars = sparkJars.toAbsolutePath();
    }

    /** A started daemon: its name and process. */
    public record Started(String name, long pid) {
    }

    /** The master's URL and web UI address, as it printed them, and its process. */
    public record Master(String url, String webUi, long pid) {
    }

    public Master startMaster(String host, int port, int webUiPort, String heap) throws IOException {
        reserveOrRefuse("master");
        List<String> args = List.of("--host", host, "--port", Integer.toString(port),
                "--webui-port", Integer.toString(webUiPort));
        Started s = start("master", MASTER_CLASS, heap, List.of(), args, Map.of(),
                Pattern.compile("I have been elected leader|New state: ALIVE"));
        String log = Files.readString(logOf("master"), StandardCharsets.UTF_8);
        String url = find(log, "Starting Spark master at (spark://\\S+)").orElse("spark://" + host + ":" + port);
        String ui = find(log, "MasterWebUI.* started at (http://\\S+)").orElse("");
        return new Master(url, ui, s.pid());
    }

    /**
     * A worker of {@code master} offering {@code gpus} GPUs (0: none) found by {@code discoveryScript};
     * named worker-1, worker-2, ... in the order started.
     */
    public Started startWorker(String master, String host, int cores, String memory, int webUiPort, int gpus,
                               Path discoveryScript, String heap) throws IOException {
        checkJars();
        String name = nextName("worker");
        Path work;
        Path home;
        try {
            work = Files.createDirectories(dir.resolve("work").resolve(name));
            home = sparkHome();
        } catch (IOException e) {
            Files.deleteIfExists(dir.resolve("pids").resolve(name + ".pid"));
            throw e;
        }
        List<String> props = new ArrayList<>();
        if (gpus > 0) {
            props.add("-Dspark.worker.resource.gpu.amount=" + gpus);
            props.add("-Dspark.worker.resource.gpu.discoveryScript=" + discoveryScript.toAbsolutePath());
        }
        List<String> args = new ArrayList<>(List.of("--work-dir", work.toString(), "--cores", Integer.toString(cores),
                "--memory", memory, "--webui-port", Integer.toString(webUiPort)));
        if (host != null) {
            args.add("--host");
            args.add(host);
        }
        args.add(master);
        return start(name, WORKER_CLASS, heap, props, args, Map.of("SPARK_HOME", home.toString(),
                "SPARK_SCALA_VERSION", "2.13"), Pattern.compile("Successfully registered with master"));
    }

    /** A history server replaying the event logs in {@code eventLogDir} (created when missing). */
    public Started startHistory(String eventLogDir, int port, String heap) throws IOException {
        reserveOrRefuse("history");
        if (!eventLogDir.contains("://") || eventLogDir.startsWith("file:")) {
            Files.createDirectories(Path.of(eventLogDir.replaceFirst("^file:(//)?", "")));
        }
        return start("history", HISTORY_CLASS, heap, List.of("-Dspark.history.fs.logDirectory=" + eventLogDir,
                "-Dspark.history.ui.port=" + port), List.of(), Map.of(), Pattern.compile("Bound HistoryServer to"));
    }

    /**
     * Stops the named daemons, or all of them (workers first, so they do not try to reach a master that
     * is gone): SIGTERM, then SIGKILL after 15 s. A worker ends its executors as it stops.
     */
    public List<String> stop(List<String> names) throws IOException {
        List<String> stopped = new ArrayList<>();
        Path pids = dir.resolve("pids");
        if (!Files.isDirectory(pids)) {
            return stopped;
        }
        List<Path> files;
        try (Stream<Path> s = Files.list(pids)) {
            files = new ArrayList<>(s.filter(p -> p.toString().endsWith(".pid")).toList());
        }
        files.sort(Comparator.comparing((Path p) -> !nameOf(p).startsWith("worker")).thenComparing(Path::toString));
        for (Path f : files) {
            String name = nameOf(f);
            if (!names.isEmpty() && !names.contains(name)) {
                continue;
            }
            Optional<ProcessHandle> h = live(f);
            if (h.isPresent()) {
                ProcessHandle p = h.get();
                p.destroy();
                try {
                    p.onExit().get(15, TimeUnit.SECONDS);
                } catch (Exception slow) {
                    p.destroyForcibly();
                }
                stopped.add(name + " (pid " + p.pid() + ")");
            }
            Files.deleteIfExists(f);
        }
        return stopped;
    }

    /** The daemons whose process is alive, by name. */
    public List<String> running() throws IOException {
        List<String> l = new ArrayList<>();
        Path pids = dir.resolve("pids");
        if (!Files.isDirectory(pids)) {
            return l;
        }
        try (Stream<Path> s = Files.list(pids)) {
            for (Path f : s.sorted().toList()) {
                live(f).ifPresent(p -> l.add(nameOf(f) + " (pid " + p.pid() + ")"));
            }
        }
        return l;
    }

    public Path logOf(String name) {
        return dir.resolve("logs").resolve(name + ".log");
    }

    /** The SPARK_HOME workers launch executors from: its jars folder is a link to the Spark jars. */
    Path sparkHome() throws IOException {
        Path home = Files.createDirectories(dir.resolve("spark-home"));
        Path jars = home.resolve("jars");
        if (Files.isSymbolicLink(jars) && !Files.readSymbolicLink(jars).equals(sparkJars)) {
            Files.delete(jars);
        }
        if (!Files.exists(jars, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            try {
                Files.createSymbolicLink(jars, sparkJars);
            } catch (java.nio.file.FileAlreadyExistsException anotherStart) {
                // A worker starting at the same time made it.
            }
        }
        return home;
    }

    private Started start(String name, String mainClass, String heap, List<String> props, List<String> args,
                          Map<String, String> env, Pattern ready) throws IOException {
        Path pidFile = dir.resolve("pids").resolve(name + ".pid");
        Path log = logOf(name);
        Files.createDirectories(log.getParent());
        List<String> cmd = new ArrayList<>();
        if (new File("/usr/bin/setsid").canExecute()) {
            cmd.add("/usr/bin/setsid");
        }
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("-Xmx" + heap);
        for (String p : ADD_OPENS) {
            cmd.add("--add-opens=java.base/" + p + "=ALL-UNNAMED");
        }
        cmd.addAll(props);
        cmd.add("-cp");
        cmd.add(sparkJars + File.separator + "*");
        cmd.add(mainClass);
        cmd.addAll(args);
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true)
                .redirectOutput(log.toFile()).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        pb.environment().putAll(env);
        Process process;
        try {
            process = pb.start();
        } catch (IOException e) {
            Files.deleteIfExists(pidFile);
            throw e;
        }
        Files.writeString(pidFile, process.pid() + "\n");
        long deadline = System.currentTimeMillis() + READY_TIMEOUT_MILLIS;
        while (true) {
            if (ready.matcher(Files.readString(log, StandardCharsets.UTF_8)).find()) {
                return new Started(name, process.pid());
            }
            boolean alive = process.isAlive();
            if (!alive || System.currentTimeMillis() > deadline) {
                process.destroyForcibly();
                Files.deleteIfExists(pidFile);
                throw new IllegalStateException(name + " did not start" + (alive ? " in " + READY_TIMEOUT_MILLIS / 1000
                        + " s" : "") + "; the end of " + log + ":\n" + tail(log, 15));
            }
            try {
                Thread.sleep(200);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted while starting " + name, e);
            }
        }
    }

    private static boolean hasSparkCore(Path jars) throws IOException {
        if (!Files.isDirectory(jars)) {
            return false;
        }
        try (Stream<Path> s = Files.list(jars)) {
            return s.anyMatch(p -> p.getFileName().toString().startsWith("spark-core_2.13-"));
        }
    }

    private void checkJars() throws IOException {
        if (!hasSparkCore(sparkJars)) {
            throw new IllegalArgumentException("no Spark jars (spark-core_2.13-*.jar) in " + sparkJars);
        }
    }

    private void reserveOrRefuse(String name) throws IOException {
        checkJars();
        Path pidFile = dir.resolve("pids").resolve(name + ".pid");
        if (!reserve(pidFile)) {
            String pid = Files.readString(pidFile).trim();
            throw new IllegalArgumentException(name + " is already " + (pid.isEmpty() ? "starting" : "running (pid " + pid
                    + "); `c2spark cluster stop " + name + "` first"));
        }
    }

    /** worker-1, worker-2, ...: the first not taken, reserved for this start (two starts at once get two names). */
    private String nextName(String kind) throws IOException {
        for (int i = 1; ; i++) {
            if (reserve(dir.resolve("pids").resolve(kind + "-" + i + ".pid"))) {
                return kind + "-" + i;
            }
        }
    }

    /**
     * Takes a pid file for a daemon about to start: created empty, atomically; one left by a daemon
     * that is gone is taken over. False when it belongs to a live daemon or to another start under way.
     */
    private static boolean reserve(Path pidFile) throws IOException {
        Files.createDirectories(pidFile.getParent());
        try {
            Files.createFile(pidFile);
            return true;
        } catch (java.nio.file.FileAlreadyExistsException taken) {
            String content = Files.readString(pidFile).trim();
            boolean startingNow = content.isEmpty()
                    && Files.getLastModifiedTime(pidFile).toMillis() > System.currentTimeMillis() - READY_TIMEOUT_MILLIS;
            if (startingNow || live(pidFile).isPresent()) {
                return false;
            }
            Files.writeString(pidFile, "");
            return true;
        }
    }

    /** The process in a pid file, if it is alive and is one of Spark's daemons (pids are reused). */
    private static Optional<ProcessHandle> live(Path pidFile) {
        try {
            long pid = Long.parseLong(Files.readString(pidFile).trim());
            return ProcessHandle.of(pid).filter(ProcessHandle::isAlive).filter(p -> p.info().commandLine()
                    .map(c -> c.contains("org.apache.spark.deploy.")).orElse(true));
        } catch (IOException | NumberFormatException e) {
            return Optional.empty();
        }
    }

    private static String nameOf(Path pidFile) {
        String f = pidFile.getFileName().toString();
        return f.substring(0, f.length() - ".pid".length());
    }

    private static Optional<String> find(String text, String regex) {
        Matcher m = Pattern.compile(regex).matcher(text);
        return m.find() ? Optional.of(m.group(1).trim()) : Optional.empty();
    }

    private static String tail(Path log, int lines) throws IOException {
        List<String> all = Files.readAllLines(log, StandardCharsets.UTF_8);
        return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
    }
}
