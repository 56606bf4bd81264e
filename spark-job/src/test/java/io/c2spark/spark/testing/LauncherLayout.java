package io.c2spark.spark.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;

/**
 * The folder deploy/bin/c2spark runs from (C2SPARK_JOB_DIR) while the tests run, before Maven's
 * package phase has made spark-job/target's: spark-job.jar from the module's classes, lib/ with
 * c2spark's runtime jars and a jar of the test classes (the test workload), spark-jars/ a link to
 * target/spark-home/jars. The launcher is then run as an operator runs it.
 */
public final class LauncherLayout {
    private final Path dir;
    private final Path repo;

    private LauncherLayout(Path dir, Path repo) {
        this.dir = dir;
        this.repo = repo;
    }

    public static LauncherLayout create(Path dir) throws IOException {
        Path repo = Path.of(System.getProperty("c2spark.repo"));
        String[] classes = System.getProperty("c2spark.test.classes").split(java.io.File.pathSeparator);
        Path sparkJars = Path.of(System.getenv("SPARK_HOME"), "jars");
        Files.createDirectories(dir.resolve("lib"));
        jar(Path.of(classes[0]), dir.resolve("spark-job.jar"));
        jar(Path.of(classes[1]), dir.resolve("lib").resolve("c2spark-tests.jar"));
        try (Stream<Path> s = Files.list(sparkJars)) {
            for (Path j : s.toList()) {
                String n = j.getFileName().toString();
                boolean ours = n.matches("(prover-core|gpu-executor|native-cuda)-[0-9.]+(-SNAPSHOT)?\\.jar")
                        || n.startsWith("jcuda-") || n.startsWith("picocli-");
                if (ours) {
                    Files.copy(j, dir.resolve("lib").resolve(n));
                }
            }
        }
        Files.createSymbolicLink(dir.resolve("spark-jars"), sparkJars);
        return new LauncherLayout(dir, repo);
    }

    public Path repo() {
        return repo;
    }

    /**
     * deploy/bin/c2spark with these arguments, its output to {@code log}; no SPARK_HOME (the Spark jars
     * are c2spark's own), the cluster's folder {@code clusterDir}.
     */
    public ProcessBuilder launcher(Path clusterDir, Path log, Map<String, String> env, String... args) {
        List<String> cmd = new ArrayList<>();
        cmd.add(repo.resolve("deploy/bin/c2spark").toString());
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile());
        pb.environment().remove("SPARK_HOME");
        pb.environment().put("C2SPARK_JOB_DIR", dir.toString());
        pb.environment().put("C2SPARK_CLUSTER_DIR", clusterDir.toString());
        pb.environment().put("C2SPARK_JAVA_OPTS", "-Xss8m -Xmx768m");
        // Every daemon, driver and executor binds and advertises the loopback address only.
        pb.environment().put("SPARK_LOCAL_IP", "127.0.0.1");
        pb.environment().putAll(env);
        return pb;
    }

    /** A jar of a class folder, as Maven's package phase would make it. */
    static void jar(Path classes, Path jar) throws IOException {
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar)); Stream<Path> s = Files.walk(classes)) {
            for (Path p : s.filter(Files::isRegularFile).sorted().toList()) {
                out.putNextEntry(new JarEntry(classes.relativize(p).toString().replace('\\', '/')));
                Files.copy(p, out);
                out.closeEntry();
            }
        }
    }
}
