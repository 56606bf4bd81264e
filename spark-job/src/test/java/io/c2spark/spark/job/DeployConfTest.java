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

/**
 * The spark-defaults files in deploy/conf: valid c2spark settings, the GPU (or CPU), exclusion and
 * speculation choices, the exclusion trade-off told beside the settings, and the UI, event logs and
 * Prometheus endpoint on.
 */
class DeployConfTest {
    private static final Path CONF = Path.of(System.getProperty("c2spark.repo"), "deploy", "conf");
    private static final List<String> ALL = List.of("spark-defaults-standalone.conf",
            "spark-defaults-standalone-cpu.conf", "spark-defaults-yarn.conf", "spark-defaults-kubernetes.conf");

    private static Map<String, String> load(String name) throws IOException {
        Properties p = new Properties();
        try (Reader r = Files.newBufferedReader(CONF.resolve(name))) {
            p.load(r);
        }
        Map<String, String> m = new HashMap<>();
        p.stringPropertyNames().forEach(k -> m.put(k, p.getProperty(k).trim()));
        return m;
    }

    @Test
    void everyClusterConfigSchedulesGpusExcludesFailingExecutorsAndDisablesSpeculation() throws IOException {
        for (String name : List.of("spark-defaults-standalone.conf", "spark-defaults-yarn.conf",
                "spark-defaults-kubernetes.conf")) {
            Map<String, String> m = load(name);
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

    /** Workers without GPUs: the executors ask for none and prove on the CPU, with as many tasks as cores. */
    @Test
    void theCpuConfigAsksForNoGpu() throws IOException {
        Map<String, String> m = load("spark-defaults-standalone-cpu.conf");
        assertEquals("none", Settings.of(m).get(C2SparkSettings.LOCAL_GPUS));
        assertTrue(m.keySet().stream().noneMatch(k -> k.contains(".resource.gpu.")), m.toString());
        assertEquals("1", m.get("spark.task.cpus"));
        assertEquals("true", m.get("spark.excludeOnFailure.enabled"));
        assertEquals("false", m.get("spark.speculation"));
        assertTrue(m.getOrDefault("spark.executor.defaultJavaOptions", "").contains("--add-modules=jdk.incubator.vector"));
    }

    /** Every configuration turns on the UI, event logs and the Prometheus servlet, and tells the exclusion trade-off. */
    @Test
    void everyConfigLetsAnOperatorWatchAndExplainsExclusion() throws IOException {
        for (String name : ALL) {
            Map<String, String> m = load(name);
            assertEquals("true", m.get("spark.ui.enabled"), name);
            assertEquals("true", m.get("spark.eventLog.enabled"), name);
            assertTrue(m.containsKey("spark.eventLog.dir"), name);
            assertEquals("org.apache.spark.metrics.sink.PrometheusServlet",
                    m.get("spark.metrics.conf.*.sink.prometheusServlet.class"), name);
            assertEquals("/metrics/prometheus", m.get("spark.metrics.conf.*.sink.prometheusServlet.path"), name);
            assertEquals("c2spark", m.get("spark.metrics.namespace"), name);
            String text = Files.readString(CONF.resolve(name));
            assertTrue(text.contains("all the executors of one machine are one node"), name);
        }
    }
}
