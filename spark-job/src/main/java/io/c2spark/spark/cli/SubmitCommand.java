package io.c2spark.spark.cli;

import io.c2spark.cli.ExitStatus;
import io.c2spark.spark.job.C2SparkJob;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Unmatched;

/**
 * {@code c2spark submit [spark-submit options] -- [c2spark.key=value ...]}: the batch job on a cluster.
 * With SPARK_HOME set to a Spark installation, through its bin/spark-submit; without one, through
 * Spark's SparkSubmit from the project's own jars, in this JVM (the driver of a client-mode run).
 * Either way the c2spark jars (the launcher's c2spark.jobDir: spark-job.jar and lib/) go with the job,
 * and the driver logs as {@code c2spark run} does (deploy/conf/log4j2.properties, c2spark.log4j).
 */
@Command(name = "submit", mixinStandardHelpOptions = true,
        description = {"Submit the batch job to a cluster (standalone, YARN, Kubernetes) through spark-submit.",
            "Options before -- go to spark-submit (--master, --properties-file deploy/conf/spark-defaults-*.conf,"
                + " --conf ...), c2spark.key=value settings after it go to the job. Spark comes from $SPARK_HOME when"
                + " it is set, else from c2spark's own Spark jars (client mode: the driver runs in this process)."},
        exitCodeListHeading = "Exit status:%n",
        exitCodeList = {"0:every sector was proven and verified, or skipped because its proof exists",
            "1:some sector failed, or the run stopped (the report says why)",
            "2:the batch could not start (a bad setting, no input, an output that cannot be written)",
            "other:spark-submit's own (a bad spark-submit option, say)"})
public final class SubmitCommand implements Callable<Integer> {
    private static final String YARN_JARS = "spark.yarn.jars";

    /** Everything after `submit`, `--` included: picocli's end-of-options delimiter is turned off for it. */
    @Unmatched
    List<String> args = new ArrayList<>();

    @Override
    public Integer call() throws Exception {
        String jobDir = System.getProperty("c2spark.jobDir");
        if (jobDir == null) {
            System.err.println("c2spark submit: no job jars: run this through deploy/bin/c2spark");
            return ExitStatus.BAD_INPUT;
        }
        List<String> submitArgs = sparkSubmitArguments(Path.of(jobDir), args);
        String sparkHome = System.getenv("SPARK_HOME");
        if (sparkHome != null && !sparkHome.isEmpty()) {
            Path script = Path.of(sparkHome, "bin", "spark-submit");
            if (!Files.isExecutable(script)) {
                System.err.println("c2spark submit: SPARK_HOME=" + sparkHome + " has no bin/spark-submit; unset it to"
                        + " submit with c2spark's own Spark jars");
                return ExitStatus.BAD_INPUT;
            }
            List<String> cmd = new ArrayList<>();
            cmd.add(script.toString());
            cmd.addAll(submitArgs);
            ProcessBuilder pb = new ProcessBuilder(cmd).inheritIO();
            String log4j = System.getProperty("c2spark.log4j");
            if (log4j != null) {
                // spark-submit's JVM is the driver in client mode; Log4j reads this variable as log4j2.configurationFile.
                pb.environment().putIfAbsent("LOG4J_CONFIGURATION_FILE", log4j);
            }
            return pb.start().waitFor();
        }
        Optional<String> missing = missingModule(args);
        if (missing.isPresent()) {
            System.err.println("c2spark submit: " + missing.get());
            return ExitStatus.BAD_INPUT;
        }
        String sparkJars = System.getProperty("c2spark.sparkJars");
        if (master(args).equals("yarn") && sparkJars != null && System.getProperty(YARN_JARS) == null) {
            // YARN starts the application master and the executors from the Spark jars spark.yarn.jars
            // names, uploaded with the application; unset, Spark's client would look for SPARK_HOME's.
            // As a system property it is a default: spark.yarn.jars given with --conf or in the properties
            // file wins, and so does spark.yarn.archive.
            System.setProperty(YARN_JARS, Path.of(sparkJars).toAbsolutePath() + "/*");
        }
        org.apache.spark.deploy.SparkSubmit.main(submitArgs.toArray(new String[0]));
        return ExitStatus.OK;
    }

    /** The master the options before {@code --} name, "" when none does. */
    static String master(List<String> args) {
        String master = "";
        for (int i = 0; i < args.size() && !args.get(i).equals("--"); i++) {
            if (args.get(i).equals("--master") && i + 1 < args.size()) {
                master = args.get(i + 1);
            } else if (args.get(i).startsWith("--master=")) {
                master = args.get(i).substring("--master=".length());
            }
        }
        return master;
    }

    /**
     * c2spark's own Spark jars hold Spark's core and its YARN module, which run standalone, local and
     * YARN masters; Kubernetes needs a Spark module that only a Spark installation brings. Why this
     * submission cannot go through them, if it cannot.
     */
    static Optional<String> missingModule(List<String> args) {
        String master = master(args);
        if (master.startsWith("k8s://") && !loadable("org.apache.spark.deploy.k8s.submit.KubernetesClientApplication")) {
            return Optional.of("--master " + master + " needs Spark's module spark-kubernetes_2.13, which c2spark's own"
                    + " Spark jars do not have; set SPARK_HOME to a Spark 4.2 installation (Scala 2.13) to submit"
                    + " there");
        }
        return Optional.empty();
    }

    private static boolean loadable(String className) {
        try {
            Class.forName(className, false, SubmitCommand.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException e) {
            return false;
        }
    }

    /**
     * spark-submit's arguments: the job's class and jars, the options given before {@code --}, the
     * application jar and the settings after it.
     */
    static List<String> sparkSubmitArguments(Path jobDir, List<String> args) throws IOException {
        int sep = args.indexOf("--");
        List<String> spark = new ArrayList<>(sep < 0 ? args : args.subList(0, sep));
        List<String> settings = sep < 0 ? List.of() : args.subList(sep + 1, args.size());
        List<String> jars = new ArrayList<>();
        Path lib = jobDir.resolve("lib");
        if (Files.isDirectory(lib)) {
            try (Stream<Path> s = Files.list(lib)) {
                s.filter(p -> p.toString().endsWith(".jar")).map(Path::toString).sorted().forEach(jars::add);
            }
        }
        // spark-submit keeps the last --jars only: the operator's go with c2spark's.
        for (int i = 0; i < spark.size(); i++) {
            if (spark.get(i).equals("--jars") && i + 1 < spark.size()) {
                jars.add(spark.remove(i + 1));
                spark.remove(i--);
            } else if (spark.get(i).startsWith("--jars=")) {
                jars.add(spark.remove(i--).substring("--jars=".length()));
            }
        }
        List<String> l = new ArrayList<>(List.of("--class", C2SparkJob.class.getName()));
        if (!jars.isEmpty()) {
            l.add("--jars");
            l.add(String.join(",", jars));
        }
        l.addAll(spark);
        l.add(jobDir.resolve("spark-job.jar").toString());
        l.addAll(settings);
        return l;
    }
}
