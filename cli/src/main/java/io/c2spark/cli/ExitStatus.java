package io.c2spark.cli;

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
}
