package io.c2spark.spark.cli;

import io.c2spark.core.cli.C2SparkCli;
import io.c2spark.core.cli.FileErrorHandler;
import picocli.CommandLine;

/**
 * The full {@code c2spark} command line: prover-core's subcommands plus those that need Spark
 * ({@code run}, {@code settings}). The launcher runs this class with spark-job's classpath.
 */
public final class C2SparkMain {
    private C2SparkMain() {
    }

    public static CommandLine commandLine() {
        return FileErrorHandler.install(new CommandLine(new C2SparkCli())
                .addSubcommand("run", new RunCommand())
                .addSubcommand("settings", new SettingsCommand()));
    }

    public static void main(String[] args) {
        System.exit(commandLine().execute(args));
    }
}
