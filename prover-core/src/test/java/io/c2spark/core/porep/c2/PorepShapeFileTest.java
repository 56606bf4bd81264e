package io.c2spark.core.porep.c2;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.c2spark.core.porep.SectorShape;
import io.c2spark.core.r1cs.R1csShape;
import io.c2spark.core.r1cs.SparseMatrix;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Parameters made before shape files existed get one from {@code PorepParameters.ensure}, without
 * new parameters; the shape read back from it is the synthesised 2KiB partition circuit, term for
 * term.
 */
class PorepShapeFileTest {
    private static void assertSameMatrix(String name, SparseMatrix want, SparseMatrix got) {
        assertEquals(want.rows(), got.rows(), name);
        assertEquals(want.nonZeros(), got.nonZeros(), name);
        for (int r = 0; r < want.rows(); r++) {
            assertEquals(want.rowStart(r), got.rowStart(r), name + " row " + r);
        }
        for (int p = 0; p < want.nonZeros(); p++) {
            if (want.var(p) != got.var(p) || want.coeffIndex(p) != got.coeffIndex(p)) {
                throw new AssertionError(name + " term " + p + " differs");
            }
        }
    }

    @Test
    void existingParametersGetTheirShapeFile(@TempDir Path dir) throws IOException {
        SectorShape shape = SectorShape.SIZE_2KIB;
        Files.writeString(PorepParameters.paramsFile(dir, shape), "stand-in parameters");
        Files.writeString(PorepParameters.vkFile(dir, shape), "stand-in verifying key");
        List<String> progress = new ArrayList<>();
        assertFalse(PorepParameters.ensure(shape, dir, progress::add), "no new parameters");
        Path file = PorepParameters.shapeFile(dir, shape);
        assertTrue(Files.isRegularFile(file), String.join("\n", progress));
        assertEquals("stand-in parameters", Files.readString(PorepParameters.paramsFile(dir, shape)));

        R1csShape want = PorepParameters.circuitShape(shape);
        R1csShape got = PorepParameters.circuitShape(shape, dir);
        assertEquals(want.numInputs(), got.numInputs());
        assertEquals(want.numAux(), got.numAux());
        assertSameMatrix("A", want.a(), got.a());
        assertSameMatrix("B", want.b(), got.b());
        assertSameMatrix("C", want.c(), got.c());
        assertArrayEquals(want.coefficients(), got.coefficients());
        assertArrayEquals(want.auxBits(), got.auxBits());
        assertArrayEquals(want.aAuxDensity(), got.aAuxDensity());
        assertArrayEquals(want.bAuxDensity(), got.bAuxDensity());

        progress.clear();
        assertFalse(PorepParameters.ensure(shape, dir, progress::add));
        assertEquals(List.of("parameters for 2KiB already in " + dir), progress, "nothing is made twice");
    }
}
