package io.c2spark.cli;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import picocli.CommandLine;

/**
 * A command run in-process the way {@link C2SparkCli#main} runs it (snarkjs's plain four-file
 * {@code groth16 prove} first, else picocli with the file error handler), its exit status returned
 * instead of exiting and everything it printed captured: picocli's out and err, and System.out and
 * System.err, which the plain path and any stray print use. An exception that main would let
 * escape ends as the JVM ends it: its stack trace on err and exit status 1 (an OutOfMemoryError is
 * rethrown, for the caller to see). One run at a time per JVM.
 */
public final class MainEntry {
    /** What a command printed and returned; out and err each hold both channels' text. */
    public record Result(int exit, String out, String err) {
    }

    private MainEntry() {
    }

    public static synchronized Result run(String... args) {
        PrintStream stdout = System.out;
        PrintStream stderr = System.err;
        ByteArrayOutputStream sysOut = new ByteArrayOutputStream();
        ByteArrayOutputStream sysErr = new ByteArrayOutputStream();
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit;
        try {
            System.setOut(new PrintStream(sysOut, true, StandardCharsets.UTF_8));
            System.setErr(new PrintStream(sysErr, true, StandardCharsets.UTF_8));
            try {
                exit = Groth16Command.runPlainProve(args);
            } catch (OutOfMemoryError e) {
                throw e;
            } catch (RuntimeException | Error e) {
                e.printStackTrace(System.err);
                exit = 1;
            }
            if (exit < 0) {
                CommandLine cli = FileErrorHandler.install(new CommandLine(new C2SparkCli()));
                cli.setOut(new PrintWriter(out, true));
                cli.setErr(new PrintWriter(err, true));
                exit = cli.execute(args);
            }
        } finally {
            System.out.flush();
            System.err.flush();
            System.setOut(stdout);
            System.setErr(stderr);
        }
        return new Result(exit, sysOut.toString(StandardCharsets.UTF_8) + out,
                sysErr.toString(StandardCharsets.UTF_8) + err);
    }
}
