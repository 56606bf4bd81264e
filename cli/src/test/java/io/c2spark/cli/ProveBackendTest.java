package io.c2spark.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import io.c2spark.gpu.runtime.GpuDevice;

/**
 * {@code c2spark prove --backend} on a machine without a GPU (issue 7): gpu fails at once with a
 * clear message, before any file is read; auto says that it proves on the CPU and goes on.
 */
class ProveBackendTest {
    /** Exit code, stdout and stderr of one command line. */
    record Run(int code, String out, String err, long millis) {
    }

    static Run prove(Path dir, String backend) {
        PrintStream oldOut = System.out;
        PrintStream oldErr = System.err;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        long t0 = System.nanoTime();
        int code;
        try {
            System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
            System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
            code = new CommandLine(new C2SparkCli()).execute("prove", "--backend", backend, "--c1",
                    dir.resolve("missing-c1.json").toString(), "--params", dir.toString(), "--out", dir.resolve("proof").toString());
        } finally {
            System.setOut(oldOut);
            System.setErr(oldErr);
        }
        return new Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8),
                (System.nanoTime() - t0) / 1_000_000);
    }

    @Test
    void gpuBackendFailsAtOnceWithoutAGpu(@TempDir Path dir) {
        assumeTrue(GpuDevice.count() == 0, "this machine has a GPU");
        Run r = prove(dir, "gpu");
        assertEquals(2, r.code(), r.err());
        assertTrue(r.err().contains("--backend gpu: no CUDA device is visible here"), r.err());
        assertTrue(!r.err().contains("missing-c1.json"), "the GPU is checked before the C1 file is read: " + r.err());
        assertTrue(r.millis() < 10_000, "took " + r.millis() + " ms");
    }

    @Test
    void autoBackendSaysItProvesOnTheCpu(@TempDir Path dir) {
        assumeTrue(GpuDevice.count() == 0, "this machine has a GPU");
        Run r = prove(dir, "auto");
        assertTrue(r.out().contains("--backend auto: no GPU (no CUDA device is visible here"), r.out());
        assertTrue(r.out().contains("proving on the CPU"), r.out());
        assertNotEquals(0, r.code(), "the missing C1 file still fails the command");
    }
}
