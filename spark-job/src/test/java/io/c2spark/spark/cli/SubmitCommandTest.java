package io.c2spark.spark.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What `c2spark submit` hands spark-submit, and which masters c2spark's own Spark jars can reach. */
class SubmitCommandTest {
    @Test
    void theJobsClassJarsAndSettingsGoWhereSparkSubmitWantsThem(@TempDir Path job) throws Exception {
        Files.createDirectories(job.resolve("lib"));
        Files.write(job.resolve("lib/b.jar"), new byte[0]);
        Files.write(job.resolve("lib/a.jar"), new byte[0]);
        List<String> args = SubmitCommand.sparkSubmitArguments(job, List.of("--master", "spark://m:7077",
                "--jars", "/x/extra.jar", "--conf", "spark.a=b", "--", "c2spark.input=/in", "c2spark.output=/out"));
        assertEquals(List.of("--class", "io.c2spark.spark.job.C2SparkJob", "--jars",
                job.resolve("lib/a.jar") + "," + job.resolve("lib/b.jar") + ",/x/extra.jar",
                "--master", "spark://m:7077", "--conf", "spark.a=b", job.resolve("spark-job.jar").toString(),
                "c2spark.input=/in", "c2spark.output=/out"), args);
    }

    /** c2spark's own Spark jars reach standalone, local and YARN masters; Kubernetes needs a Spark installation. */
    @Test
    void onlyKubernetesNeedsASparkInstallation() {
        assertEquals(Optional.empty(), SubmitCommand.missingModule(List.of("--master", "spark://m:7077")));
        assertEquals(Optional.empty(), SubmitCommand.missingModule(List.of("--master", "local[2]", "--", "c2spark.x=k8s://")));
        assertEquals(Optional.empty(), SubmitCommand.missingModule(List.of("--master", "yarn", "--deploy-mode", "client")));
        Optional<String> k8s = SubmitCommand.missingModule(List.of("--master=k8s://https://api:6443"));
        assertEquals(Optional.of("--master k8s://https://api:6443 needs Spark's module spark-kubernetes_2.13, which"
                + " c2spark's own Spark jars do not have; set SPARK_HOME to a Spark 4.2 installation (Scala 2.13) to"
                + " submit there"), k8s);
    }

    @Test
    void theMasterIsTheLastOneBeforeTheSettings() {
        assertEquals("yarn", SubmitCommand.master(List.of("--master", "local[2]", "--master=yarn", "--", "--master", "x")));
        assertEquals("", SubmitCommand.master(List.of("--conf", "a=b", "--", "--master", "yarn")));
    }

    /** picocli hands submit every argument, the -- that splits them included. */
    @Test
    void theCommandLinePassesDashDashThrough() {
        picocli.CommandLine cl = C2SparkMain.commandLine();
        picocli.CommandLine.ParseResult r = cl.parseArgs("submit", "--master", "spark://m:7077", "--conf", "a=b", "--",
                "c2spark.input=/in");
        SubmitCommand submit = (SubmitCommand) r.subcommand().commandSpec().userObject();
        assertEquals(List.of("--master", "spark://m:7077", "--conf", "a=b", "--", "c2spark.input=/in"), submit.args);
    }

    /**
     * With SPARK_HOME: its bin/spark-submit gets the job's class, jars and settings, and the driver's
     * logging configuration is deploy/conf/log4j2.properties (Log4j reads LOG4J_CONFIGURATION_FILE), as
     * for `c2spark run`. A stand-in spark-submit records what it was given.
     */
    @Test
    void withSparkHomeItsSparkSubmitRunsTheJobLoggingAsRunDoes(@TempDir Path tmp) throws Exception {
        io.c2spark.spark.testing.LauncherLayout layout = io.c2spark.spark.testing.LauncherLayout.create(tmp.resolve("job"));
        Path home = tmp.resolve("spark-home");
        Path script = Files.createDirectories(home.resolve("bin")).resolve("spark-submit");
        Files.writeString(script, "#!/bin/sh\necho \"log4j: $LOG4J_CONFIGURATION_FILE\"\necho \"args: $*\"\nexit 1\n");
        script.toFile().setExecutable(true);
        Path log = tmp.resolve("submit.log");
        Process p = layout.launcher(tmp.resolve("cluster"), log, java.util.Map.of("SPARK_HOME", home.toString()),
                "submit", "--master", "spark://m:7077", "--", "c2spark.input=/in").start();
        assertTrue(p.waitFor(2, java.util.concurrent.TimeUnit.MINUTES));
        String out = Files.readString(log);
        assertEquals(1, p.exitValue(), "spark-submit's status is submit's: " + out);
        assertTrue(out.contains("log4j: " + layout.repo().resolve("deploy/conf/log4j2.properties")), out);
        assertTrue(out.matches("(?s).*args: --class io.c2spark.spark.job.C2SparkJob --jars \\S+c2spark-tests.jar\\S* "
                + "--master spark://m:7077 \\S+/spark-job.jar c2spark.input=/in\n.*"), out);
    }
}
