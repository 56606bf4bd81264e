package io.c2spark.gpu.prover;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * This process's peak resident set (Linux's VmHWM in /proc/self/status): what a key's load and the
 * proofs took of host memory, heap, pinned buffers and native code together, for the load line and
 * the benchmarks.
 */
public final class PeakRss {
    private static final Path STATUS = Path.of("/proc/self/status");

    private PeakRss() {
    }

    /** Peak resident bytes so far, or -1 where /proc/self/status has no VmHWM (not Linux). */
    public static long bytes() {
        return status("VmHWM:");
    }

    /** Resident bytes now (VmRSS), or -1 where there is no such line. */
    public static long currentBytes() {
        return status("VmRSS:");
    }

    private static long status(String key) {
        try {
            for (String line : Files.readAllLines(STATUS)) {
                if (line.startsWith(key)) {
                    String[] f = line.substring(key.length()).trim().split("\\s+");
                    return Long.parseLong(f[0]) * (f.length > 1 && f[1].equalsIgnoreCase("kB") ? 1024 : 1);
                }
            }
        } catch (IOException | RuntimeException e) {
            return -1;
        }
        return -1;
    }

    /** "peak RSS 5.21 GiB", or "peak RSS unknown". */
    public static String describe() {
        long b = bytes();
        return b < 0 ? "peak RSS unknown" : String.format("peak RSS %.2f GiB", b / (double) (1L << 30));
    }
}
