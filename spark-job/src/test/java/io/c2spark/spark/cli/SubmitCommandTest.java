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

    @Test
    void yarnAndKubernetesNeedSparksOwnModules() {
        assertEquals(Optional.empty(), SubmitCommand.missingModule(List.of("--master", "spark://m:7077")));
        assertEquals(Optional.empty(), SubmitCommand.missingModule(List.of("--master", "local[2]", "--", "c2spark.x=yarn")));
        Optional<String> yarn = SubmitCommand.missingModule(List.of("--master", "yarn"));
        assertTrue(yarn.isPresent() && yarn.get().contains("spark-yarn_2.13"), yarn.toString());
        Optional<String> k8s = SubmitCommand.missingModule(List.of("--master=k8s://https://api:6443"));
        assertTrue(k8s.isPresent() && k8s.get().contains("spark-kubernetes_2.13"), k8s.toString());
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
}
