package io.c2spark.spark.job;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.c2spark.spark.testing.JobHarness;
import io.c2spark.spark.testing.LauncherLayout;
import io.c2spark.spark.testing.TestSectors;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.FileUtil;
import org.apache.hadoop.yarn.api.records.FinalApplicationStatus;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.apache.hadoop.yarn.server.MiniYARNCluster;
import org.apache.hadoop.yarn.server.resourcemanager.rmapp.RMApp;
import org.apache.hadoop.yarn.util.resource.ResourceUtils;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * YARN on this machine: Hadoop's MiniYARNCluster (hadoop-client-minicluster, with Bouncy Castle and
 * JAXB added for Java 17) runs a resource manager with the dominant-resource calculator and a node
 * manager offering two yarn.io/gpu, the resource spark-defaults-yarn.conf's executors ask for. A batch
 * is submitted the way deploy/README.md says, `c2spark submit --master yarn --properties-file
 * spark-defaults-yarn.conf` with c2spark's own Spark jars (client mode, no Spark installation): the
 * application master and the executors run in YARN containers started from those jars, each executor
 * holding one yarn.io/gpu and finding its address with deploy/bin/discover-gpus (whose variable stands
 * for nvidia-smi here). The test workload (BigInteger-checked field powers).
 */
@Tag("slow")
class YarnClusterTest {
    private static final int NODE_GPUS = 2;

    @TempDir
    static Path tmp;

    private static MiniYARNCluster yarn;
    private static Path confDir;
    private static LauncherLayout layout;
    private static FileSystem fs;

    @BeforeAll
    static void startYarn() throws Exception {
        fs = FileSystem.getLocal(new Configuration());
        layout = LauncherLayout.create(tmp.resolve("job"));
        YarnConfiguration conf = new YarnConfiguration();
        conf.set("yarn.resource-types", "yarn.io/gpu");
        ResourceUtils.resetResourceTypes(conf);
        // Only the dominant-resource calculator schedules resource types beyond memory.
        conf.set("yarn.scheduler.capacity.resource-calculator",
                "org.apache.hadoop.yarn.util.resource.DominantResourceCalculator");
        conf.set("yarn.scheduler.capacity.root.queues", "default");
        conf.set("yarn.scheduler.capacity.root.default.capacity", "100");
        conf.set("yarn.scheduler.capacity.root.default.maximum-capacity", "100");
        conf.setInt(YarnConfiguration.NM_PMEM_MB, 6144);
        conf.setInt(YarnConfiguration.NM_VCORES, 8);
        conf.set("yarn.nodemanager.resource-type.yarn.io/gpu", Integer.toString(NODE_GPUS));
        conf.setBoolean(YarnConfiguration.NM_VMEM_CHECK_ENABLED, false);
        conf.setBoolean(YarnConfiguration.NM_PMEM_CHECK_ENABLED, false);
        conf.setInt(YarnConfiguration.RM_SCHEDULER_MINIMUM_ALLOCATION_MB, 64);
        conf.set(YarnConfiguration.NM_ADMIN_USER_ENV, "JAVA_HOME=" + System.getProperty("java.home"));
        conf.set("fs.defaultFS", "file:///");
        // The web apps' signing secret: from here rather than the default ~/hadoop-http-auth-signature-secret.
        Path secret = Files.writeString(tmp.resolve("http-auth-secret"), "c2spark-test-secret", StandardCharsets.UTF_8);
        conf.set("hadoop.http.authentication.signature.secret.file", secret.toString());
        yarn = new MiniYARNCluster("c2spark", 1, 1, 1);
        yarn.init(conf);
        yarn.start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (yarn.getResourceManager().getRMContext().getRMNodes().isEmpty()) {
            assertTrue(System.nanoTime() < deadline, "no node manager registered");
            Thread.sleep(200);
        }
        confDir = Files.createDirectories(tmp.resolve("hadoop-conf"));
        Configuration site = new Configuration(false);
        yarn.getConfig().forEach(e -> site.set(e.getKey(), e.getValue()));
        try (OutputStream out = Files.newOutputStream(confDir.resolve("yarn-site.xml"))) {
            site.writeXml(out);
        }
        Files.writeString(confDir.resolve("resource-types.xml"), "<configuration><property><name>yarn.resource-types"
                + "</name><value>yarn.io/gpu</value></property></configuration>\n", StandardCharsets.UTF_8);
    }

    @AfterAll
    static void stopYarn() {
        if (yarn != null) {
            yarn.stop();
            // The node manager's folders under target/: the Spark jars localized for the containers (220 MB).
            FileUtil.fullyDelete(yarn.getTestWorkDir());
        }
    }

    /** The node manager offers the GPUs as YARN's GPU plugin would, and the scheduler counts them. */
    @Test
    void theMiniClusterOffersYarnGpus() {
        long gpus = 0;
        for (var node : yarn.getResourceManager().getRMContext().getRMNodes().values()) {
            gpus += node.getTotalCapability().getResourceValue("yarn.io/gpu");
        }
        assertEquals(NODE_GPUS, gpus);
        assertTrue(yarn.getResourceManager().getResourceScheduler().getClusterResource()
                .getResourceValue("yarn.io/gpu") >= NODE_GPUS);
    }

    /**
     * The shipped YARN configuration, its sizes scaled to this machine (executors of 512m; the shipped
     * four executors, of which the node's two GPUs let two run): every sector's proof equals the
     * BigInteger recomputation, each partition is reported proven once, by an executor whose YARN
     * container ran it, on the GPU address Spark's scheduling gave it; the application finished as
     * SUCCEEDED in YARN, having held yarn.io/gpu.
     */
    @Test
    void aBatchSubmittedToYarnIsProvenByExecutorsInYarnContainers() throws Exception {
        Path in = tmp.resolve("in");
        Path out = tmp.resolve("out");
        int sectors = 4;
        int partitions = 3;
        int rounds = 3000;
        Map<String, byte[]> seeds = new HashMap<>();
        for (int i = 0; i < sectors; i++) {
            seeds.put("y" + i, TestSectors.write(fs, new org.apache.hadoop.fs.Path(in.toString(), "y" + i + ".json"),
                    partitions, rounds));
        }
        Path log = tmp.resolve("submit-yarn.log");
        Process submit = layout.launcher(tmp.resolve("cluster"), log, Map.of("HADOOP_CONF_DIR", confDir.toString()),
                "submit", "--master", "yarn", "--deploy-mode", "client",
                "--properties-file", layout.repo().resolve("deploy/conf/spark-defaults-yarn.conf").toString(),
                "--conf", "spark.executor.memory=512m", "--conf", "spark.executor.memoryOverhead=256m",
                "--conf", "spark.yarn.am.memory=384m",
                "--conf", "spark.yarn.dist.files=" + layout.repo().resolve("deploy/bin/discover-gpus"),
                "--conf", "spark.executorEnv.C2SPARK_GPU_ADDRESSES=0",
                "--conf", "spark.yarn.appMasterEnv.SPARK_LOCAL_IP=127.0.0.1",
                "--conf", "spark.executorEnv.SPARK_LOCAL_IP=127.0.0.1",
                "--conf", "spark.yarn.stagingDir=file:" + tmp.resolve("staging"),
                "--conf", "spark.eventLog.dir=file:" + tmp.resolve("events"), "--conf", "spark.ui.enabled=false",
                "--", "c2spark.workload=test-field-power", "c2spark.input=" + in, "c2spark.output=" + out,
                "c2spark.params.preload=", "c2spark.progress.intervalSeconds=5",
                // The containers' first start here (the Spark jars localized, then the application master and
                // the executors on 2 shared cores) takes about 45 s, near the default wait of 60.
                "c2spark.executors.waitSeconds=180").start();
        if (!submit.waitFor(4, TimeUnit.MINUTES)) {
            submit.descendants().forEach(ProcessHandle::destroyForcibly);
            submit.destroyForcibly();
            throw new AssertionError("the YARN run did not end within 4 minutes:\n" + read(log));
        }
        String output = read(log);
        System.out.print(output);
        assertEquals(0, submit.exitValue(), output);
        assertTrue(output.contains(sectors + " sectors proven and verified"), output);
        assertFalse(Pattern.compile("^\\S+ INFO ", Pattern.MULTILINE).matcher(output).find(),
                "the driver logs at WARN as `c2spark run` does: " + output);

        for (Map.Entry<String, byte[]> e : seeds.entrySet()) {
            assertArrayEquals(TestSectors.expectedProofFile(e.getValue(), partitions, rounds),
                    Files.readAllBytes(out.resolve(e.getKey() + ".proof")), e.getKey());
        }
        Set<String> files;
        try (Stream<Path> s = Files.list(out)) {
            files = s.map(p -> p.getFileName().toString()).filter(n -> !n.startsWith("report-"))
                    .collect(Collectors.toSet());
        }
        assertEquals(seeds.keySet().stream().map(k -> k + ".proof").collect(Collectors.toSet()), files,
                "each proof once, nothing partial, no work left");

        RMApp app = theApplication();
        assertEquals(C2SparkJob.APP_NAME, app.getName());
        assertEquals("SPARK", app.getApplicationType());
        assertEquals(FinalApplicationStatus.SUCCEEDED, app.getFinalApplicationStatus());
        Map<String, Long> held = app.getRMAppMetrics().getResourceSecondsMap();
        assertTrue(held.getOrDefault("yarn.io/gpu", 0L) > 0, "the executors' containers held GPUs: " + held);

        List<JsonNode> rows = report(out);
        JsonNode run = rows.stream().filter(x -> x.get("type").asText().equals("run")).findFirst().orElseThrow();
        assertEquals("yarn", run.get("master").asText());
        assertEquals(sectors, run.get("verified").asInt(), run.toString());
        assertEquals(0, run.get("failed").asInt(), run.toString());
        Set<String> proven = new HashSet<>();
        Set<String> executors = new HashSet<>();
        for (JsonNode p : rows) {
            if (p.get("type").asText().equals("partition")) {
                assertTrue(proven.add(p.get("sector").asText() + "/" + p.get("partition").asInt()),
                        "reported proven twice: " + p);
                assertEquals("gpu:0", p.get("device").asText(), p.toString());
                assertEquals("spark", p.get("deviceSource").asText(), p.toString());
                executors.add(p.get("executor").asText());
            }
        }
        assertEquals(sectors * partitions, proven.size());
        assertEquals(sectors, rows.stream().filter(x -> x.get("type").asText().equals("sector")
                && x.get("result").asText().equals("verified")).count());
        Set<String> launched = executorsLaunchedInContainers(app);
        assertTrue(!executors.isEmpty() && launched.containsAll(executors),
                "executors " + executors + " proved; YARN's containers ran " + launched);
        assertTrue(launched.size() <= NODE_GPUS, "one executor per yarn.io/gpu: " + launched);
    }

    private static RMApp theApplication() {
        var apps = yarn.getResourceManager().getRMContext().getRMApps().values();
        assertEquals(1, apps.size(), "one application reached YARN: " + apps);
        return apps.iterator().next();
    }

    /**
     * The executor ids of the application's containers, from their launch scripts in the node
     * manager's log folders (the command line YARN ran: YarnCoarseGrainedExecutorBackend --executor-id N).
     */
    private static Set<String> executorsLaunchedInContainers(RMApp app) throws IOException {
        Set<String> ids = new HashSet<>();
        Pattern executor = Pattern.compile("YarnCoarseGrainedExecutorBackend.*?--executor-id (\\S+)");
        for (String dir : yarn.getNodeManager(0).getConfig().getTrimmedStrings(YarnConfiguration.NM_LOG_DIRS)) {
            Path appLogs = Path.of(dir.replaceFirst("^file:", ""), app.getApplicationId().toString());
            if (!Files.isDirectory(appLogs)) {
                continue;
            }
            try (Stream<Path> s = Files.walk(appLogs)) {
                for (Path f : s.filter(p -> p.getFileName().toString().equals("launch_container.sh")).toList()) {
                    Matcher m = executor.matcher(Files.readString(f, StandardCharsets.UTF_8));
                    while (m.find()) {
                        ids.add(m.group(1));
                    }
                }
            }
        }
        return ids;
    }

    private static List<JsonNode> report(Path out) throws IOException {
        try (Stream<Path> s = Files.list(out)) {
            Path report = s.filter(p -> p.getFileName().toString().startsWith("report-")).findFirst().orElseThrow();
            return JobHarness.readReport(fs, new org.apache.hadoop.fs.Path(report.toString()));
        }
    }

    private static String read(Path log) throws IOException {
        return Files.readString(log, StandardCharsets.UTF_8);
    }
}
