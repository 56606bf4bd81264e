package io.c2spark.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.c2spark.cli.ProveCommandTest.Run;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** One scheme for every command: its help states its exit statuses; a bad argument is one line and status 2. */
class ExitStatusTest {
    @Test
    void everyCommandsHelpStatesItsExitStatuses() {
        CommandLine root = new CommandLine(new C2SparkCli());
        for (CommandLine command : commands(root)) {
            String name = command.getCommandSpec().qualifiedName();
            if (name.equals("c2spark") || name.equals("c2spark help") || name.equals("c2spark groth16")) {
                continue;
            }
            String help = command.getUsageMessage().replaceAll("\\s+", " ");
            assertTrue(help.contains("Exit status: 0") || help.contains("Exit 0"), name + ": " + help);
            assertTrue(help.contains(" 2 "), name + ": " + help);
        }
    }

    private static java.util.List<CommandLine> commands(CommandLine c) {
        java.util.List<CommandLine> all = new java.util.ArrayList<>();
        all.add(c);
        for (CommandLine sub : c.getSubcommands().values()) {
            all.addAll(commands(sub));
        }
        return all;
    }

    /** Commands that print their refusals on System.err: captured around the call. */
    private static Run runCapturingStderr(String... args) {
        PrintStream saved = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setErr(new PrintStream(captured, true));
        try {
            Run r = ProveCommandTest.run(args);
            return new Run(r.exit(), r.out(), r.err() + captured);
        } finally {
            System.setErr(saved);
        }
    }

    @Test
    void aBadArgumentIsOneLineWithStatusTwo(@TempDir Path dir) {
        String[][] calls = {
            {"circuit-info", "--sector-size", "3KiB"},
            {"params", "--sector-size", "3KiB", "--out", dir.toString()},
            {"sdr-graph", "--sector-size", "3KiB"},
            {"bench", "--only", "no-such-benchmark"},
        };
        for (String[] call : calls) {
            Run r = runCapturingStderr(call);
            assertEquals(ExitStatus.BAD_INPUT, r.exit(), () -> String.join(" ", call) + ": " + r);
            String line = r.err().strip();
            assertTrue(line.startsWith("c2spark " + call[0] + ": "), line);
            assertFalse(line.contains("\n") || line.contains("Exception"), line);
        }
    }
}
