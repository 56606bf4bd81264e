package io.c2spark.cli;

import java.io.PrintWriter;

/**
 * The exit statuses of every command: 0 done, 1 a proof that does not verify or work that failed,
 * 2 input that is malformed or cannot be read (or an output that cannot be written), said in one
 * line naming the file.
 */
public final class ExitStatus {
    public static final int OK = 0;
    public static final int FAILED = 1;
    public static final int BAD_INPUT = 2;

    private ExitStatus() {
    }

    /** Says line on err, flushed before the command returns, and gives BAD_INPUT. */
    static int badInput(PrintWriter err, String line) {
        err.println(line);
        err.flush();
        return BAD_INPUT;
    }
}
