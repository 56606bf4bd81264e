package io.c2spark.core.groth16;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.c2spark.core.r1cs.R1csShape;
import io.c2spark.core.r1cs.ShapeSystem;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The spot checker passes every point of a file the CPU backend made from a seed, and finds a single
 * changed point in any section (another valid point in its place, or a flipped byte); a file from
 * another seed, for another circuit, or cut short is refused when opened.
 */
class ParameterSpotCheckTest {
    private static final long SEED = new Random().nextLong();
    private static final byte[] WASTE_SEED = {0x5e, 0x3d};

    private static R1csShape shape(long seed) {
        return ShapeSystem.of(ProvingCircuits.mixed(seed, 20), true);
    }

    /** The parameters of shape from WASTE_SEED in dir/t.params. */
    private static Path made(R1csShape shape, Path dir) throws IOException {
        Path params = dir.resolve("t.params");
        try (ParameterFileWriter w = new ParameterFileWriter(params, dir.resolve("t.vk"), line -> { })) {
            ParameterGenerator.generate(shape, ParameterGenerator.ToxicWaste.fromSeed(WASTE_SEED),
                    new CpuParameterBackend(), w, line -> { });
            w.commit();
        }
        return params;
    }

    private static ParameterSpotCheck open(Path params, R1csShape shape) throws IOException {
        return ParameterSpotCheck.open(params, shape, ParameterGenerator.ToxicWaste.fromSeed(WASTE_SEED));
    }

    /** Every point of every section. */
    private static List<ParameterSpotCheck.Position> all(ParameterSpotCheck check) {
        return check.sample(Integer.MAX_VALUE, new Random(SEED));
    }

    private static long offset(ParameterSpotCheck check, ParameterSection section, long index) {
        return check.offset(new ParameterSpotCheck.Position(section, index));
    }

    private static byte[] read(Path file, long at, int n) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            ByteBuffer b = ByteBuffer.allocate(n);
            ch.read(b, at);
            return b.array();
        }
    }

    private static void write(Path file, long at, byte[] bytes) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
            ch.write(ByteBuffer.wrap(bytes), at);
        }
    }

    @Test
    void everyPointOfAGoodFilePassesAndOneChangedPointIsFound(@TempDir Path dir) throws IOException {
        R1csShape shape = shape(SEED);
        Path params = made(shape, dir);
        ParameterSpotCheck check = open(params, shape);
        List<ParameterSpotCheck.Position> positions = all(check);
        long total = 0;
        for (ParameterSection s : ParameterSection.values()) {
            total += check.count(s);
        }
        ParameterSpotCheck.Result good = check.check(positions, line -> { });
        assertEquals(total, good.checked());
        assertTrue(good.ok(), "seed " + SEED + ": " + good.mismatches());

        Random rnd = new Random(SEED);
        for (ParameterSection s : ParameterSection.values()) {
            long n = check.count(s);
            long victim = rnd.nextLong(n - 1);
            int len = s.pointBytes();
            byte[] original = read(params, offset(check, s, victim), len);
            // Another valid point of the same section (a different one) in its place, then one flipped bit of its x.
            long other = victim + 1;
            while (java.util.Arrays.equals(original, read(params, offset(check, s, other), len))) {
                other++;
            }
            write(params, offset(check, s, victim), read(params, offset(check, s, other), len));
            assertOneWrong(check, positions, s, victim);
            byte[] flipped = original.clone();
            flipped[len / 2] ^= 0x10;
            write(params, offset(check, s, victim), flipped);
            assertOneWrong(check, positions, s, victim);
            write(params, offset(check, s, victim), original);
        }
    }

    /** Checking every point of the section finds exactly the changed one. */
    private static void assertOneWrong(ParameterSpotCheck check, List<ParameterSpotCheck.Position> positions,
            ParameterSection s, long victim) throws IOException {
        ParameterSpotCheck.Result r = check.check(positions.stream().filter(p -> p.section() == s).toList(), line -> { });
        assertEquals(1, r.mismatches().size(), "seed " + SEED + " " + s.label() + "[" + victim + "]: " + r.mismatches());
        assertEquals(new ParameterSpotCheck.Position(s, victim), r.mismatches().get(0).position());
    }

    @Test
    void aFileFromAnotherSeedCircuitOrCutShortIsRefused(@TempDir Path dir) throws IOException {
        R1csShape shape = shape(SEED);
        Path params = made(shape, dir);
        ParameterFileException seed = assertThrows(ParameterFileException.class,
                () -> ParameterSpotCheck.open(params, shape, ParameterGenerator.ToxicWaste.fromSeed(new byte[] {1})));
        assertTrue(seed.getMessage().startsWith(params + ": alpha_g1 is not the toxic waste's"), seed.getMessage());

        R1csShape other = ShapeSystem.of(ProvingCircuits.mixed(SEED, 19), true);
        ParameterFileException circuit = assertThrows(ParameterFileException.class, () -> open(params, other));
        assertTrue(circuit.getMessage().startsWith(params + ": section "), circuit.getMessage());

        Path cut = dir.resolve("cut.params");
        byte[] bytes = Files.readAllBytes(params);
        Files.write(cut, java.util.Arrays.copyOf(bytes, bytes.length - 1));
        ParameterFileException shortFile = assertThrows(ParameterFileException.class, () -> open(cut, shape));
        assertTrue(shortFile.getMessage().contains("sections end at byte " + bytes.length), shortFile.getMessage());
    }
}
