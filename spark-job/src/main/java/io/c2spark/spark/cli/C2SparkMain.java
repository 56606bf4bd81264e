package io.c2spark.spark.cli;

import io.c2spark.cli.C2SparkCli;
import io.c2spark.cli.FileErrorHandler;
import picocli.CommandLine;

/**
 * The full {@code c2spark} command line: C2SparkCli's subcommands plus those that need Spark
 * ({@code run}, {@code settings}). The launcher runs this class with spark-job's classpath.
 */
public final class C2SparkMain {
    private C2SparkMain() {
    }

    /** Turns off picocli's end-of-options delimiter for submit, which passes {@code --} on to split its arguments. */
    private static final String NO_DELIMITER = "--c2spark-submit-takes-every-argument";

    public static CommandLine commandLine() {
        CommandLine cl = FileErrorHandler.install(new CommandLine(new C2SparkCli())
                .addSubcommand("run", new RunCommand())
                .addSubcommand("submit", new SubmitCommand())
                .addSubcommand("cluster", new ClusterCommand())
                .addSubcommand("settings", new SettingsCommand()));
        cl.getSubcommands().get("submit").setEndOfOptionsDelimiter(NO_DELIMITER);
        return cl;
    }

    public static void main(String[] args) {
        System.exit(commandLine().execute(args));
    }
}
