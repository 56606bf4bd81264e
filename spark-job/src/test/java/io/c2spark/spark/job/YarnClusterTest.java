package io.c2spark.spark.job;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.c2spark.spark.testing.LauncherLayout;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.apache.hadoop.yarn.server.MiniYARNCluster;
import org.apache.hadoop.yarn.util.resource.ResourceUtils;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * YARN as far as it can be exercised here: Hadoop's MiniYARNCluster (hadoop-client-minicluster, with
 * Bouncy Castle and JAXB added for Java 17) runs a resource manager with the dominant-resource
 * calculator and a node manager offering two yarn.io/gpu, the resource spark-defaults-yarn.conf's
 * executors ask for; and `c2spark submit --master yarn --properties-file spark-defaults-yarn.conf`
 * against it, with c2spark's own Spark jars, is refused at once with one line saying what is missing:
 * Spark's YARN module, spark-yarn_2.13, which those jars do not hold.
 */
@Tag("slow")
class YarnClusterTest {
    @TempDir
    static Path tmp;

    private static MiniYARNCluster yarn;
    private static Path confDir;
    private static LauncherLayout layout;

    @BeforeAll
    static void startYarn() throws Exception {
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
        conf.set("yarn.nodemanager.resource-type.yarn.io/gpu", "2");
        conf.setBoolean(YarnConfiguration.NM_VMEM_CHECK_ENABLED, false);
        conf.setBoolean(YarnConfiguration.NM_PMEM_CHECK_ENABLED, false);
        conf.setInt(YarnConfiguration.RM_SCHEDULER_MINIMUM_ALLOCATION_MB, 64);
        conf.set(YarnConfiguration.NM_ADMIN_USER_ENV, "JAVA_HOME=" + System.getProperty("java.home"));
        conf.set("fs.defaultFS", "file:///");
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
        }
    }

    /** The node manager offers the GPUs as YARN's GPU plugin would, and the scheduler counts them. */
    @Test
    void theMiniClusterOffersYarnGpus() {
        long gpus = 0;
        for (var node : yarn.getResourceManager().getRMContext().getRMNodes().values()) {
            gpus += node.getTotalCapability().getResourceValue("yarn.io/gpu");
        }
        assertEquals(2, gpus);
        assertTrue(yarn.getResourceManager().getResourceScheduler().getClusterResource()
                .getResourceValue("yarn.io/gpu") >= 2);
    }

    /** Submitting to YARN with c2spark's own Spark jars: one line naming the module, exit 2, nothing started. */
    @Test
    void submittingWithoutSparksYarnModuleSaysWhatIsMissing() throws Exception {
        Path log = tmp.resolve("submit-yarn.log");
        Process submit = layout.launcher(tmp.resolve("cluster"), log, Map.of("HADOOP_CONF_DIR", confDir.toString()),
                "submit", "--master", "yarn", "--deploy-mode", "client",
                "--properties-file", layout.repo().resolve("deploy/conf/spark-defaults-yarn.conf").toString(),
                "--", "c2spark.input=" + tmp.resolve("in"), "c2spark.output=" + tmp.resolve("out")).start();
        assertTrue(submit.waitFor(2, TimeUnit.MINUTES));
        String output = Files.readString(log, StandardCharsets.UTF_8);
        assertEquals(2, submit.exitValue(), output);
        assertTrue(output.contains("c2spark submit: --master yarn needs Spark's module spark-yarn_2.13, which c2spark's"
                + " own Spark jars do not have; set SPARK_HOME to a Spark 4.2 installation (Scala 2.13) to submit"
                + " there"), output);
        assertEquals(0, yarn.getResourceManager().getRMContext().getRMApps().size(), "no application reached YARN");
    }
}
