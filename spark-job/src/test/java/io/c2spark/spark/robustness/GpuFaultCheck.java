package io.c2spark.spark.robustness;

import com.fasterxml.jackson.databind.JsonNode;
import io.c2spark.spark.porep.DemoBatch;
import io.c2spark.spark.testing.JobHarness;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaSparkContext;

/**
 * A CUDA error injected into one proof of a batch ({@link GpuFaultWorkload}) on a standalone worker
 * whose executors are separate JVMs (local-cluster, GPU 0 given to each executor by Spark, two tasks
 * at once on it): the device is marked unhealthy, the executor ends itself (exit code 20), the
 * worker starts a new one, the partitions are proven there, and nothing invalid is written: every
 * sector ends verified, each partition proven once, every proof verified again here.
 *
 * <p>{@code GpuFaultCheck PARAMS_DIR WORK_DIR SECTORS EXECUTOR_CLASSPATH} on a GPU machine
 * (deploy/gpu/run-robustness.sh), with SPARK_HOME holding the jars the executors start with; the
 * executors get EXECUTOR_CLASSPATH (the test classes) beside them and the JVM options of
 * -Dc2spark.executorJavaOptions. Seals the sectors (and makes the 2KiB test parameters) when they
 * are not there; exits 1 on any problem. {@code GpuFaultTest} runs the same under Maven.
 */
public final class GpuFaultCheck {
    private GpuFaultCheck() {
    }

    public static void main(String[] args) throws Exception {
        List<String> problems = run(Path.of(args[0]), Path.of(args[1]), Integer.parseInt(args[2]), args[3],
                System.getProperty("c2spark.executorJavaOptions", ""));
        problems.forEach(p -> System.out.println("[gpu fault] PROBLEM " + p));
        System.out.println("[gpu fault] " + (problems.isEmpty() ? "PASS: the faulted executor left, its partitions were"
                + " proven by a new one, every proof verified" : "FAIL: " + problems.size() + " problem(s)"));
        System.exit(problems.isEmpty() ? 0 : 1);
    }

    /** Runs the batch and returns everything wrong with how it ended. */
    static List<String> run(Path params, Path work, int sectors, String executorClassPath, String executorJavaOptions)
            throws Exception {
        Path c1 = DemoBatch.prepare(work.resolve("demo"), sectors, params, m -> System.out.println("[gpu fault] " + m));
        Path out = work.resolve("out");
        Path marker = work.resolve("fault-marker");
        Files.deleteIfExists(marker);
        Path repo = Path.of(System.getProperty("c2spark.repo", "."));
        Path script = work.resolve("discover-gpu-0.sh");
        Files.writeString(script, "#!/bin/sh\nC2SPARK_GPU_ADDRESSES=0 exec " + repo.toAbsolutePath()
                .resolve("deploy/bin/discover-gpus") + "\n");
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
        SparkConf conf = JobHarness.conf("local-cluster[1,4,12288]")
                .set("spark.worker.resource.gpu.amount", "1")
                .set("spark.worker.resource.gpu.discoveryScript", script.toString())
                .set("spark.executor.resource.gpu.amount", "1")
                .set("spark.executor.resource.gpu.discoveryScript", script.toString())
                .set("spark.task.resource.gpu.amount", "0.5")
                .set("spark.executor.memory", "8g")
                .set("spark.executor.extraClassPath", executorClassPath)
                .set("spark.executor.extraJavaOptions", executorJavaOptions + " -Xss8m -D" + GpuFaultWorkload.MARKER
                        + "=" + marker)
                .set("spark.c2spark.workload", GpuFaultWorkload.class.getName())
                .set("spark.c2spark.params.dir", params.toString())
                .set("spark.c2spark.params.preload", "2KiB")
                .set("spark.c2spark.local.gpus", "none");
        JobHarness.Run run;
        try (JavaSparkContext jsc = JobHarness.start(conf)) {
            run = JobHarness.run(jsc, Map.of("c2spark.input", c1.toString(), "c2spark.output", out.toString(),
                    "c2spark.progress.intervalSeconds", "5"));
        }
        List<String> problems = new ArrayList<>();
        if (!Files.exists(marker)) {
            problems.add("no fault was injected (no executor made its third GPU proof)");
            return problems;
        }
        String[] fault = Files.readString(marker).trim().split(" ");
        String sector = fault[0];
        int partition = Integer.parseInt(fault[1]);
        String faultedExecutor = fault[2];
        System.out.println("[gpu fault] injected into sector " + sector + " partition " + partition + " on executor "
                + faultedExecutor);
        FinishedBatch b = FinishedBatch.read(out);
        problems.addAll(b.problems(c1, params));
        boolean failedThere = false;
        for (JsonNode a : b.rows("attempt")) {
            System.out.println("[gpu fault] attempt: " + a);
            failedThere |= a.get("result").asText().equals("failed") && a.get("executor").asText().equals(faultedExecutor);
        }
        if (!failedThere) {
            problems.add("no failed attempt on executor " + faultedExecutor + " in the report");
        }
        Set<String> executors = new TreeSet<>();
        for (JsonNode p : b.rows("partition")) {
            executors.add(p.get("executor").asText());
            if (p.get("sector").asText().equals(sector) && p.get("partition").asInt() == partition
                    && p.get("executor").asText().equals(faultedExecutor)) {
                problems.add("the faulted partition's proof came from the executor whose device failed: " + p);
            }
        }
        if (executors.size() < 2 || !executors.contains(faultedExecutor)) {
            problems.add("partitions were proven on executors " + executors + "; expected the faulted one ("
                    + faultedExecutor + ") and a new one");
        }
        System.out.println("[gpu fault] " + b.figures());
        System.out.println("[gpu fault] partitions proven on executors " + executors + "; report " + b.report);
        return problems;
    }
}
