package io.c2spark.spark.cli;

import io.c2spark.spark.settings.SettingsTable;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code c2spark settings}: prints the settings table, or rewrites the README's. */
@Command(name = "settings", mixinStandardHelpOptions = true,
        description = "Print every c2spark.* setting (key, type, default, start-up only, meaning).",
        exitCodeListHeading = "Exit status:%n",
        exitCodeList = {"0:printed, or the README rewritten",
            "2:the README cannot be read or written, or has no settings table markers"})
public final class SettingsCommand implements Callable<Integer> {
    @Option(names = "--write-readme", paramLabel = "README",
            description = "Rewrite the settings table between the markers of this README instead of printing it.")
    Path readme;

    @Override
    public Integer call() throws Exception {
        if (readme != null) {
            SettingsTable.rewrite(readme);
            System.out.println("c2spark: settings table written to " + readme);
        } else {
            System.out.print(SettingsTable.markdown());
        }
        return 0;
    }
}
