package io.c2spark.core.porep.c2;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.c2spark.core.porep.SectorShape;
import io.c2spark.core.porep.circuit.StackedCircuit;
import io.c2spark.core.r1cs.R1csShape;
import io.c2spark.core.r1cs.ShapeFiles;
import io.c2spark.core.r1cs.ShapeSystem;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The partition circuit's shape synthesised with its challenges in parallel
 * ({@link PorepParameters#circuitShape}) is the sequential system's, shape file byte for byte.
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
}
