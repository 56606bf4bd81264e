package io.c2spark.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import picocli.CommandLine;

/**
 * Turns a file a command could not read or write into one line naming the command, the file and
 * what went wrong, with exit code 2, instead of a stack trace. Any other exception is a defect and
 * keeps picocli's default report.
 */
public final class FileErrorHandler implements CommandLine.IExecutionExceptionHandler {
    public static final int EXIT_CODE = ExitStatus.BAD_INPUT;

    /** The command line with this handler installed. */
    public static CommandLine install(CommandLine commandLine) {
        return commandLine.setExecutionExceptionHandler(new FileErrorHandler());
    }

    @Override
    public int handleExecutionException(Exception ex, CommandLine commandLine, CommandLine.ParseResult parseResult)
            throws Exception {
        IOException io = ex instanceof UncheckedIOException u ? u.getCause() : ex instanceof IOException e ? e : null;
        if (io == null) {
            throw ex;
        }
        commandLine.getErr().println(commandLine.getCommandSpec().qualifiedName() + ": " + describe(io));
        commandLine.getErr().flush();
        return EXIT_CODE;
    }

    static String describe(IOException e) {
        if (e instanceof NoSuchFileException f) {
            return "no such file: " + f.getFile();
        }
        if (e instanceof AccessDeniedException f) {
            return "permission denied: " + f.getFile();
        }
        if (e instanceof FileSystemException f) {
            return f.getFile() + ": " + (f.getReason() != null ? f.getReason() : e.getClass().getSimpleName());
        }
        return e.getMessage() != null ? e.getMessage() : e.toString();
    }
}
