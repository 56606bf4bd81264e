package io.c2spark.core.porep.c2;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.c2spark.core.porep.SectorShape;
import io.c2spark.core.porep.circuit.StackedCircuit;
import io.c2spark.core.r1cs.R1csShape;
import io.c2spark.core.r1cs.ShapeFiles;
import io.c2spark.core.r1cs.ShapeSystem;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The partition circuit's shape synthesised with its challenges in parallel
 * ({@link PorepParameters#circuitShape}) is the sequential system's, shape file byte for byte: at
 * 2KiB, and in the slow run at 8MiB and 32GiB.
 */
class PartitionShapeSynthesisTest {
    static void assertSameFile(SectorShape size, Path dir) throws IOException {
        long t0 = System.nanoTime();
        R1csShape sequential = ShapeSystem.of(StackedCircuit.blank(size, size.challengesPerPartition()), true);
        long t1 = System.nanoTime();
        R1csShape parallel = PorepParameters.circuitShape(size);
        long t2 = System.nanoTime();
        System.out.printf("%s shape: sequential %.2f s, parallel %.2f s%n", size.label(), (t1 - t0) / 1e9, (t2 - t1) / 1e9);
        Path a = dir.resolve("sequential.shape");
        Path b = dir.resolve("parallel.shape");
        ShapeFiles.write(sequential, PorepParameters.circuitName(size), a);
        ShapeFiles.write(parallel, PorepParameters.circuitName(size), b);
        assertEquals(Files.size(a), Files.size(b));
        assertArrayEquals(Files.readAllBytes(a), Files.readAllBytes(b), size.label());
    }

    @Test
    void twoKib(@TempDir Path dir) throws IOException {
        assertSameFile(SectorShape.SIZE_2KIB, dir);
    }

    @Test
    @Tag("slow")
    void eightMib(@TempDir Path dir) throws IOException {
        assertSameFile(SectorShape.SIZE_8MIB, dir);
    }

    /**
     * 32GiB, in a JVM of its own with a 14 GB heap (the shape alone is 7.3 GB): each way's file is
     * written, hashed and deleted before the other is made, and the digests compared.
     */
    @Test
    @Tag("slow")
    void thirtyTwoGib(@TempDir Path dir) throws IOException, InterruptedException {
        String launcher = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String classPath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        Process p = new ProcessBuilder(launcher, "-Xmx14g", "-Xss8m", "--add-modules=jdk.incubator.vector", "-cp", classPath,
                ShapeDigests.class.getName(), SectorShape.SIZE_32GIB.label(), dir.toString())
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), out);
        System.out.print(out);
        String[] digests = out.lines().filter(l -> l.startsWith("sha256 ")).map(l -> l.split(" ")[2]).toArray(String[]::new);
        assertEquals(2, digests.length, out);
        assertEquals(digests[0], digests[1], out);
    }

    /** Writes a sector size's shape made each way, one at a time, and prints each file's SHA-256 and times. */
    public static final class ShapeDigests {
        public static void main(String[] args) throws IOException {
            SectorShape size = SectorShape.parse(args[0]);
            Path file = Path.of(args[1]).resolve("circuit.shape");
            for (String way : new String[] {"parallel", "sequential"}) {
                long t0 = System.nanoTime();
                R1csShape shape = way.equals("parallel") ? PorepParameters.circuitShape(size)
                        : ShapeSystem.of(StackedCircuit.blank(size, size.challengesPerPartition()), true);
                long t1 = System.nanoTime();
                ShapeFiles.write(shape, PorepParameters.circuitName(size), file);
                String digest = InsecureParameterDigests.sha256(file);
                Files.delete(file);
                System.out.printf("sha256 %s %s (synthesis %.1f s, file and digest %.1f s)%n", way, digest,
                        (t1 - t0) / 1e9, (System.nanoTime() - t1) / 1e9);
            }
        }
    }
}
