package io.c2spark.spark.job;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.c2spark.spark.settings.C2SparkSettings;
import io.c2spark.spark.settings.Settings;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/** The spark-defaults files in deploy/conf: valid c2spark settings and the GPU, exclusion and speculation choices. */
class DeployConfTest {
    private static final Path CONF = Path.of(System.getProperty("c2spark.repo"), "deploy", "conf");

    @Test
    void everyClusterConfigSchedulesGpusExcludesFailingExecutorsAndDisablesSpeculation() throws IOException {
        for (String name : List.of("spark-defaults-standalone.conf", "spark-defaults-yarn.conf",
                "spark-defaults-kubernetes.conf")) {
            Properties p = new Properties();
            try (Reader r = Files.newBufferedReader(CONF.resolve(name))) {
                p.load(r);
            }
            Map<String, String> m = new HashMap<>();
            p.stringPropertyNames().forEach(k -> m.put(k, p.getProperty(k).trim()));
            Settings s = Settings.of(m);
            assertEquals("/var/tmp/filecoin-proof-parameters", s.get(C2SparkSettings.PARAMS_DIR), name);
            assertEquals("1", m.get("spark.executor.resource.gpu.amount"), name);
            assertTrue(m.get("spark.executor.resource.gpu.discoveryScript").endsWith("discover-gpus"), name);
            double perTask = Double.parseDouble(m.get("spark.task.resource.gpu.amount"));
            int cores = Integer.parseInt(m.get("spark.executor.cores"));
            assertTrue(cores >= Math.round(1 / perTask), name + ": executor cores must cover the workers per GPU");
            assertEquals("true", m.get("spark.excludeOnFailure.enabled"), name);
            assertEquals("false", m.get("spark.speculation"), name);
            assertTrue(m.containsKey("spark.executor.memoryOverhead"), name);
            for (String jvm : new String[] {"driver", "executor"}) {
                assertTrue(m.getOrDefault("spark." + jvm + ".defaultJavaOptions", "").contains("--add-modules=jdk.incubator.vector"),
                        name + ": the " + jvm + " JVMs need the Vector API module for the CPU MSM's SIMD lanes");
            }
        }
        assertTrue(Files.readString(CONF.resolve("executor-pod-template.yaml")).contains("nvidia.com/gpu: 1"));
    }
}
