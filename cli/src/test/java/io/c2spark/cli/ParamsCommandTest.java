package io.c2spark.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.c2spark.core.groth16.CpuParameterBackend;
import io.c2spark.core.groth16.ParameterBackends;
import io.c2spark.core.groth16.ParameterFileWriter;
import io.c2spark.core.groth16.ParameterGenerator;
import io.c2spark.core.r1cs.R1csShape;
import io.c2spark.core.r1cs.ShapeFiles;
import io.c2spark.core.r1cs.ShapeSystem;
import io.c2spark.gpu.runtime.GpuDevice;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code c2spark params} refuses a bad seed, an unknown backend and, on a machine without a GPU, the
 * GPU backend, with one line and exit 2, writing nothing; auto falls back to the CPU saying so.
 * (Without gpu-executor on the class path: prover-core's ParameterBackendsTest.)
 * {@code c2spark params-check} passes a good file (exit 0), lists a changed point (exit 1) and
 * refuses a file from another seed (exit 2). (Whole 2KiB files: the slow PorepParameterDigestsTest.)
 */
class ParamsCommandTest {
    private static void assertNothingIn(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            assertEquals(List.of(), s.toList());
        }
    }

    @Test
    void refusalsWriteNothing(@TempDir Path dir) throws IOException {
        ProveCommandTest.Run badSeed = ProveCommandTest.run("params", "--sector-size", "2KiB", "--out", dir.toString(),
                "--seed", "12z4");
        assertEquals(2, badSeed.exit());
        assertEquals("c2spark params: --seed is not hex (an even number of hex digits): 12z4", badSeed.err().trim());
        ProveCommandTest.Run other = ProveCommandTest.run("params", "--sector-size", "2KiB", "--out", dir.toString(),
                "--backend", "tpu");
        assertEquals(2, other.exit());
        assertEquals("c2spark params --backend tpu: unknown backend 'tpu' (cpu, gpu or auto)", other.err().trim());
        ProveCommandTest.Run size = ProveCommandTest.run("params", "--sector-size", "1GiB", "--out", dir.toString());
        assertEquals(2, size.exit());
        assertTrue(size.err().contains("unknown sector size '1GiB'"), size.err());
        assertNothingIn(dir);
    }

    @Test
    void gpuBackendWithoutAGpuIsRefused(@TempDir Path dir) throws IOException {
        assumeTrue(GpuDevice.count() == 0, "this machine has a GPU");
        ProveCommandTest.Run gpu = ProveCommandTest.run("params", "--sector-size", "2KiB", "--out", dir.toString(),
                "--backend", "gpu");
        assertEquals(2, gpu.exit());
        assertEquals("c2spark params --backend gpu: no CUDA device is visible here (no NVIDIA driver library, or no GPU)",
                gpu.err().trim());
        assertNothingIn(dir);
    }

    @Test
    void autoWithoutAGpuFallsBackToTheCpuSayingWhy() {
        assumeTrue(GpuDevice.count() == 0, "this machine has a GPU");
        List<String> notes = new ArrayList<>();
        assertEquals("cpu", ParameterBackends.choose("auto", notes::add).name());
        assertEquals(List.of("--backend auto: no GPU (no CUDA device is visible here (no NVIDIA driver library, or no GPU)); "
                + "making the parameters on the CPU"), notes);
    }

    @Test
    void helpTellsSizesBackendsSeedAndCost() {
        String help = ProveCommandTest.run("params", "--help").out().replaceAll("\\s+", " ");
        for (String s : new String[] {"2KiB, 8MiB, 512MiB, 32GiB or 64GiB", "--seed", "cpu|gpu|auto", "47 GB"}) {
            assertTrue(help.contains(s), s + " in " + help);
        }
    }

    /** x, then squares v_(i+1) = v_i * v_i with bits b_i * b_i = b_i on the side: every aux constrained. */
    private static R1csShape squares(int n) {
        return ShapeSystem.of(cs -> {
            int x = cs.allocateInput(null, 0);
            int v = x;
            for (int i = 0; i < n; i++) {
                int prev = v;
                v = cs.allocate(null, 0);
                int next = v;
                int bit = cs.allocateBit(false);
                cs.enforce(() -> "square", a -> a.add(prev), b -> b.add(prev), c -> c.add(next));
                cs.enforce(() -> "bit", a -> a.add(bit), b -> b.add(bit), c -> c.add(bit));
            }
        }, true);
    }

    @Test
    void paramsCheckPassesFindsAndRefuses(@TempDir Path dir) throws IOException {
        R1csShape shape = squares(12);
        Path shapeFile = dir.resolve("t.shape");
        ShapeFiles.write(shape, "squares", shapeFile);
        Path params = dir.resolve("t.params");
        try (ParameterFileWriter w = new ParameterFileWriter(params, dir.resolve("t.vk"), line -> { })) {
            ParameterGenerator.generate(shape, ParameterGenerator.ToxicWaste.fromSeed(new byte[] {(byte) 0xab, 0x01}),
                    new CpuParameterBackend(), w, line -> { });
            w.commit();
        }
        String[] args = {"params-check", "--params", params.toString(), "--shape", shapeFile.toString(), "--seed",
            "ab01", "--samples", "3", "--at", "h:5"};
        ProveCommandTest.Run good = ProveCommandTest.run(args);
        assertEquals(0, good.exit(), good.toString());
        // ic has 2 points (ONE and x), so 2 + 5 x 3 random ones and h[5].
        assertTrue(good.out().contains("all 18 points right"), good.out());
        args[8] = "0";

        // h[5] is after the key, ic's count and its 2 points, and h's count.
        long at = 864 + 4 + 2 * 96 + 4 + 5 * 96;
        try (FileChannel ch = FileChannel.open(params, StandardOpenOption.WRITE)) {
            ch.write(ByteBuffer.wrap(new byte[] {0x11}), at + 50);
        }
        ProveCommandTest.Run bad = ProveCommandTest.run(args);
        assertEquals(1, bad.exit(), bad.toString());
        assertTrue(bad.out().contains("WRONG h[5]: expected ") && bad.out().contains("1 of 1 points wrong"), bad.out());

        args[6] = "ab02";
        ProveCommandTest.Run otherSeed = ProveCommandTest.run(args);
        assertEquals(2, otherSeed.exit(), otherSeed.toString());
        assertTrue(otherSeed.err().startsWith("c2spark params-check: refused: " + params + ": alpha_g1 is not the "
                + "toxic waste's"), otherSeed.err());
    }
}
