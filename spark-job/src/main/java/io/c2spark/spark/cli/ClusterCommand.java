package io.c2spark.spark.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.c2spark.cli.ExitStatus;
import io.c2spark.spark.cluster.SparkDaemons;
import java.io.IOException;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code c2spark cluster}: a Spark standalone cluster from the project's own Spark jars, no Spark
 * installation needed: a master on one machine, workers on each machine (GPUs found by
 * deploy/bin/discover-gpus), an optional history server, and stop. The launcher names the jars
 * (system property c2spark.sparkJars) and the checkout (c2spark.home).
 */
@Command(name = "cluster", mixinStandardHelpOptions = true,
        description = {"Start or stop a Spark standalone cluster (master, workers with GPU discovery, history server)"
                + " from c2spark's own Spark jars.",
            "Run start-master on one machine and start-worker on every machine with the master's URL; each daemon"
                + " runs on after the command returns, its log, pid and work folder under --dir."},
        exitCodeListHeading = "Exit status:%n",
        exitCodeList = {"0:the daemons started (or stopped)",
            "1:a daemon did not start (the end of its log is printed)",
            "2:a bad argument, or no Spark jars (run through deploy/bin/c2spark)"},
        subcommands = {ClusterCommand.StartMaster.class, ClusterCommand.StartWorker.class,
            ClusterCommand.StartHistory.class, ClusterCommand.Stop.class, ClusterCommand.Status.class})
public final class ClusterCommand implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().usage(System.out);
        return ExitStatus.BAD_INPUT;
    }

    /** The cluster's folder, shared by every subcommand. */
    static final class Dir {
        @Option(names = "--dir", paramLabel = "DIR", defaultValue = "${env:C2SPARK_CLUSTER_DIR:-/var/tmp/c2spark-cluster}",
                description = "The cluster's folder on this machine: logs/, pids/, work/ (default: $C2SPARK_CLUSTER_DIR,"
                        + " else ${DEFAULT-VALUE}).")
        Path dir;

        SparkDaemons daemons() {
            String jars = System.getProperty("c2spark.sparkJars");
            if (jars == null) {
                throw new IllegalArgumentException("no Spark jars: run this through deploy/bin/c2spark");
            }
            return new SparkDaemons(dir, Path.of(jars));
        }
    }

    /** Runs a start, turning a daemon that did not start into exit status 1 with its log's end. */
    abstract static class Start implements Callable<Integer> {
        @Mixin
        Dir dir;

        @Option(names = "--daemon-memory", paramLabel = "SIZE", defaultValue = "1g",
                description = "The daemon's own heap (default: ${DEFAULT-VALUE}); executors are sized by the job.")
        String heap;

        @Override
        public Integer call() throws Exception {
            try {
                return start(dir.daemons());
            } catch (IllegalArgumentException e) {
                System.err.println("c2spark cluster: " + e.getMessage());
                return ExitStatus.BAD_INPUT;
            } catch (IllegalStateException e) {
                System.err.println("c2spark cluster: " + e.getMessage());
                return ExitStatus.FAILED;
            }
        }

        abstract int start(SparkDaemons daemons) throws IOException;
    }

    @Command(name = "start-master", mixinStandardHelpOptions = true,
            description = "Start the master and print its URL (spark://HOST:PORT), which workers and submit take.")
    static final class StartMaster extends Start {
        @Option(names = "--host", description = "The address to bind and advertise (default: this machine's name).")
        String host;

        @Option(names = "--port", defaultValue = "7077", description = "The master's port (default: ${DEFAULT-VALUE}).")
        int port;

        @Option(names = "--webui-port", defaultValue = "8080",
                description = "The master's web UI port (default: ${DEFAULT-VALUE}; 0: any free port).")
        int webUiPort;

        @Override
        int start(SparkDaemons daemons) throws IOException {
            String h = host != null ? host : InetAddress.getLocalHost().getHostName();
            SparkDaemons.Master m = daemons.startMaster(h, port, webUiPort, heap);
            System.out.println("c2spark cluster: master " + m.url() + " (web UI " + m.webUi() + ", pid " + m.pid() + ", log "
                    + daemons.logOf("master") + ")");
            return ExitStatus.OK;
        }
    }

    @Command(name = "start-worker", mixinStandardHelpOptions = true,
            description = {"Start a worker on this machine that offers its cores, memory and GPUs to the master.",
                "Several on one machine are named worker-1, worker-2, ...; each GPU should belong to one worker."})
    static final class StartWorker extends Start {
        @Parameters(index = "0", paramLabel = "MASTER", description = "The master's URL, spark://HOST:PORT.")
        String master;

        @Option(names = "--cores", description = "Cores to offer (default: all of this machine's).")
        Integer cores;

        @Option(names = "--memory", defaultValue = "8g",
                description = "Memory to offer to executors (default: ${DEFAULT-VALUE}).")
        String memory;

        @Option(names = "--gpus", defaultValue = "auto",
                description = "GPUs to offer: a count, or auto, every GPU the discovery script finds (default: ${DEFAULT-VALUE}).")
        String gpus;

        @Option(names = "--discovery-script", paramLabel = "FILE",
                description = "Spark's GPU discovery script (default: this checkout's deploy/bin/discover-gpus).")
        Path discoveryScript;

        @Option(names = "--host", description = "The address to bind and advertise (default: Spark's choice).")
        String host;

        @Option(names = "--webui-port", defaultValue = "8081",
                description = "The worker's web UI port (default: ${DEFAULT-VALUE}, the next free one when taken).")
        int webUiPort;

        @Override
        int start(SparkDaemons daemons) throws IOException {
            Path script = discoveryScript != null ? discoveryScript
                    : Path.of(System.getProperty("c2spark.home", "."), "deploy", "bin", "discover-gpus");
            int n = gpus.equals("auto") ? discover(script).size() : parseCount(gpus);
            int c = cores != null ? cores : Runtime.getRuntime().availableProcessors();
            SparkDaemons.Started s = daemons.startWorker(master, host, c, memory, webUiPort, n, script, heap);
            System.out.println("c2spark cluster: " + s.name() + " registered with " + master + ": " + c + " cores, "
                    + memory + ", " + n + " GPU" + (n == 1 ? "" : "s") + " (pid " + s.pid() + ", log "
                    + daemons.logOf(s.name()) + ")");
            return ExitStatus.OK;
        }

        private static int parseCount(String s) {
            try {
                int n = Integer.parseInt(s);
                if (n >= 0) {
                    return n;
                }
            } catch (NumberFormatException e) {
                // reported below
            }
            throw new IllegalArgumentException("--gpus: expected a count or auto, got '" + s + "'");
        }

        /** The addresses the discovery script prints ({"name":"gpu","addresses":[...]}). */
        static List<String> discover(Path script) throws IOException {
            Process p = new ProcessBuilder(script.toString()).redirectError(ProcessBuilder.Redirect.INHERIT).start();
            String json = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            try {
                if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
                    p.destroyForcibly();
                    throw new IllegalArgumentException(script + " failed (exit " + p.exitValue() + ")");
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted while running " + script, e);
            }
            JsonNode addresses = new ObjectMapper().readTree(json).path("addresses");
            if (!addresses.isArray()) {
                throw new IllegalArgumentException(script + " printed no addresses list: " + json.trim());
            }
            List<String> l = new ArrayList<>();
            addresses.forEach(a -> l.add(a.asText()));
            return l;
        }
    }

    @Command(name = "start-history", mixinStandardHelpOptions = true,
            description = "Start a history server that shows finished runs from their event logs (spark.eventLog.dir).")
    static final class StartHistory extends Start {
        @Option(names = "--events", paramLabel = "DIR", defaultValue = "file:/var/tmp/c2spark-events",
                description = "The event log directory the jobs write (default: ${DEFAULT-VALUE}, the shipped configurations').")
        String events;

        @Option(names = "--port", defaultValue = "18080", description = "The history server's port (default: ${DEFAULT-VALUE}).")
        int port;

        @Override
        int start(SparkDaemons daemons) throws IOException {
            SparkDaemons.Started s = daemons.startHistory(events, port, heap);
            System.out.println("c2spark cluster: history server of " + events + " on port " + port + " (pid " + s.pid()
                    + ", log " + daemons.logOf(s.name()) + ")");
            return ExitStatus.OK;
        }
    }

    @Command(name = "stop", mixinStandardHelpOptions = true,
            description = "Stop this machine's daemons (all, or those named: master, worker-1, history, ...).")
    static final class Stop implements Callable<Integer> {
        @Mixin
        Dir dir;

        @Parameters(arity = "0..*", paramLabel = "NAME", description = "Daemons to stop (default: all).")
        List<String> names = new ArrayList<>();

        @Override
        public Integer call() throws Exception {
            List<String> stopped = dir.daemons().stop(names);
            System.out.println("c2spark cluster: " + (stopped.isEmpty() ? "nothing running in " + dir.dir
                    : "stopped " + String.join(", ", stopped)));
            return ExitStatus.OK;
        }
    }

    @Command(name = "status", mixinStandardHelpOptions = true, description = "List this machine's running daemons.")
    static final class Status implements Callable<Integer> {
        @Mixin
        Dir dir;

        @Override
        public Integer call() throws Exception {
            List<String> running = dir.daemons().running();
            System.out.println("c2spark cluster: " + (running.isEmpty() ? "nothing running in " + dir.dir
                    : String.join(", ", running)));
            return ExitStatus.OK;
        }
    }
}
