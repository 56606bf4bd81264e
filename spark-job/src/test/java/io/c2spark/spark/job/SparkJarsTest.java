package io.c2spark.spark.job;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apache.spark.package$;
import org.junit.jupiter.api.Test;

/**
 * The Spark jars the build resolves (target/spark-home/jars, resolved as target/spark-jars is) are one
 * Spark and one Jackson: Spark's modules at Spark's version, Jackson's core, databind and Scala module
 * at one version, as a Spark distribution ships them; each jar once, whatever an earlier build of
 * another version left there. Maven's nearest-wins once put prover-core's jackson-core 2.18.2 beside
 * Spark's databind 2.20.0, and copy-dependencies, which only adds, kept a replaced version's jars.
 */
class SparkJarsTest {
    /** A jar's version: the first dash-separated number in its name ("spark-core_2.13-4.2.0.jar"). */
    private static final Pattern VERSION = Pattern.compile("-(\\d+(?:\\.\\d+)*)");

    /** Each jar by its name without its version (artifact, classifier): its version. */
    private static Map<String, String> versions() throws IOException {
        Map<String, String> m = new TreeMap<>();
        try (Stream<Path> s = Files.list(Path.of(System.getenv("SPARK_HOME"), "jars"))) {
            for (Path p : s.toList()) {
                String name = p.getFileName().toString();
                Matcher v = VERSION.matcher(name);
                if (name.endsWith(".jar") && v.find()) {
                    String jar = name.substring(0, v.start()) + name.substring(v.end(), name.length() - ".jar".length());
                    String other = m.put(jar, v.group(1));
                    assertTrue(other == null, jar + " twice: " + other + " and " + v.group(1));
                }
            }
        }
        return m;
    }

    @Test
    void sparksModulesAreAtSparksVersionWithItsYarnModuleEachJarOnce() throws IOException {
        Map<String, String> v = versions();
        String spark = package$.MODULE$.SPARK_VERSION();
        for (String module : new String[] {"spark-core_2.13", "spark-launcher_2.13", "spark-yarn_2.13"}) {
            assertEquals(spark, v.get(module), module + " in " + v);
        }
    }

    @Test
    void jacksonsCoreDatabindAndScalaModuleAreOneVersion() throws IOException {
        Map<String, String> v = versions();
        String databind = v.get("jackson-databind");
        assertTrue(databind != null, "no jackson-databind: " + v);
        assertEquals(databind, v.get("jackson-core"), "jackson-core beside jackson-databind " + databind);
        assertEquals(databind, v.get("jackson-module-scala_2.13"), "jackson-module-scala beside databind " + databind);
    }
}
