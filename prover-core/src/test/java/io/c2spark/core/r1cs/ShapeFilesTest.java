package io.c2spark.core.r1cs;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A shape written by {@link ShapeFiles} reads back equal, array for array; every kind of damage is
 * refused with a {@link ShapeFileException} that names the file and the field.
 */
class ShapeFilesTest {
    private static final long SEED = new Random().nextLong();
    private static final String NAME = "random test circuit";

    static R1csShape shape(long seed) {
        return ShapeSystem.of(TestCircuits.random(seed, 300, -1), true);
    }

    static void assertSameShape(R1csShape want, R1csShape got) {
        assertEquals(want.numInputs(), got.numInputs());
        assertEquals(want.numAux(), got.numAux());
        assertEquals(want.numConstraints(), got.numConstraints());
        SparseMatrix[] w = {want.a(), want.b(), want.c()};
        SparseMatrix[] g = {got.a(), got.b(), got.c()};
        for (int k = 0; k < 3; k++) {
            assertArrayEquals(w[k].rowStarts(), g[k].rowStarts(), "matrix " + k + " row starts");
            assertArrayEquals(w[k].vars(), g[k].vars(), "matrix " + k + " variables");
            assertArrayEquals(w[k].coeffs(), g[k].coeffs(), "matrix " + k + " coefficients");
        }
        assertArrayEquals(want.coefficients(), got.coefficients());
        assertArrayEquals(want.aInputDensity(), got.aInputDensity());
        assertArrayEquals(want.aAuxDensity(), got.aAuxDensity());
        assertArrayEquals(want.bInputDensity(), got.bInputDensity());
        assertArrayEquals(want.bAuxDensity(), got.bAuxDensity());
        assertArrayEquals(want.auxBits(), got.auxBits());
    }

    private static Path written(Path dir) throws IOException {
        Path file = dir.resolve("circuit.shape");
        ShapeFiles.write(shape(SEED), NAME, file);
        return file;
    }

    private static ShapeFileException refused(Path file, String name) {
        ShapeFileException e = assertThrows(ShapeFileException.class, () -> ShapeFiles.read(file, name),
                "seed " + SEED);
        assertTrue(e.getMessage().startsWith(file + ": "), e.getMessage());
        return e;
    }

    @Test
    void readsBackWhatItWrote(@TempDir Path dir) throws IOException {
        Path file = written(dir);
        assertSameShape(shape(SEED), ShapeFiles.read(file, NAME));
        try (var files = Files.list(dir)) {
            assertEquals(1, files.count(), "a temporary file was left");
        }
    }

    @Test
    void anotherCircuitsFileIsRefused(@TempDir Path dir) throws IOException {
        Path file = written(dir);
        String m = refused(file, "another circuit").getMessage();
        assertTrue(m.contains("circuit name is \"" + NAME + "\", expected \"another circuit\""), m);
    }

    @Test
    void aFileCutShortIsRefused(@TempDir Path dir) throws IOException {
        Path file = written(dir);
        byte[] all = Files.readAllBytes(file);
        Random rnd = new Random(SEED);
        for (int t = 0; t < 20; t++) {
            int cut = rnd.nextInt(all.length);
            Files.write(file, Arrays.copyOf(all, cut));
            String m = refused(file, NAME).getMessage();
            assertTrue(m.contains("cut short") || m.contains("counts call for"), "cut at " + cut + ": " + m);
        }
    }

    @Test
    void everyFlippedBitIsCaught(@TempDir Path dir) throws IOException {
        Path file = written(dir);
        byte[] all = Files.readAllBytes(file);
        Random rnd = new Random(SEED);
        for (int t = 0; t < 50; t++) {
            byte[] bad = all.clone();
            int at = rnd.nextInt(all.length);
            bad[at] ^= (byte) (1 << rnd.nextInt(8));
            Files.write(file, bad);
            refused(file, NAME);
        }
    }

    @Test
    void aCorruptedArrayIsNamedByItsChecksum(@TempDir Path dir) throws IOException {
        Path file = written(dir);
        byte[] all = Files.readAllBytes(file);
        // The low limb of the table's last coefficient: flipping its low bit keeps every index valid
        // and the coefficient below the modulus.
        R1csShape s = shape(SEED);
        int bitmapBytes = 0;
        for (long[] b : new long[][] {s.aInputDensity(), s.aAuxDensity(), s.bInputDensity(), s.bAuxDensity(),
            s.auxBits()}) {
            bitmapBytes += 4 + 8 * b.length;
        }
        all[all.length - 8 - bitmapBytes - 32] ^= 1;
        Files.write(file, all);
        String m = refused(file, NAME).getMessage();
        assertTrue(m.contains("checksum is") && m.contains("corrupt"), m);
    }

    @Test
    void trailingBytesAndForeignFilesAreRefused(@TempDir Path dir) throws IOException {
        Path file = written(dir);
        byte[] all = Files.readAllBytes(file);
        Files.write(file, Arrays.copyOf(all, all.length + 3));
        assertTrue(refused(file, NAME).getMessage().contains("the file has " + (all.length + 3)));
        byte[] foreign = all.clone();
        foreign[0] = 'X';
        Files.write(file, foreign);
        assertTrue(refused(file, NAME).getMessage().contains("magic is not a c2spark circuit shape file"));
        assertFalse(Files.exists(dir.resolve("circuit.shape.tmp")));
    }
}
