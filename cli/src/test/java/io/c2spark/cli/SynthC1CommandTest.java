package io.c2spark.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.c2spark.core.porep.RegisteredSealProof;
import io.c2spark.core.porep.c1.C1Output;
import io.c2spark.core.porep.c1.C1Reader;
import io.c2spark.core.porep.seal.ReplicaId;
import io.c2spark.core.porep.seal.SyntheticInputs;
import io.c2spark.core.porep.seal.VanillaVerifier;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.bouncycastle.crypto.digests.SHA256Digest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code c2spark synth-c1 --seed HEX} writes the same file for the same seed and options, a
 * different one for another seed, and without --seed prints the random seed it drew, with which
 * the file can be made again. Every file is read back and its vanilla proofs verified natively.
 */
class SynthC1CommandTest {
    private static final Pattern SEED = Pattern.compile(", seed ([0-9a-f]{64})\n");

    private static byte[] synth(Path file, String size, String... seedArgs) throws Exception {
        String[] args = {"synth-c1", "--sector-size", size, "--out", file.toString()};
        ProveCommandTest.Run r = ProveCommandTest.run(concat(args, seedArgs));
        assertEquals(0, r.exit(), r::toString);
        C1Output c1 = C1Reader.read(file);
        VanillaVerifier.verify(c1.registeredProof(), c1.replicaId(), c1.commD(), c1.commR(), c1.seed(),
                c1.vanillaProofs());
        Matcher m = SEED.matcher(r.out());
        assertTrue(m.find(), r.out());
        int seedAt = Arrays.asList(seedArgs).indexOf("--seed");
        if (seedAt >= 0) {
            assertEquals(seedArgs[seedAt + 1].toLowerCase(), m.group(1), "the seed printed is the one given");
        }
        return Files.readAllBytes(file);
    }

    private static String[] concat(String[] a, String[] b) {
        String[] all = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        return all;
    }

    private static void sameSeedSameFileOtherSeedOtherFile(Path dir, String size) throws Exception {
        String seed = "5eed" + "00".repeat(28) + "0001";
        byte[] first = synth(dir.resolve("a.json"), size, "--seed", seed);
        byte[] again = synth(dir.resolve("b.json"), size, "--seed", seed.toUpperCase());
        assertArrayEquals(first, again, size + ": two runs with one seed");
        byte[] other = synth(dir.resolve("c.json"), size, "--seed", "5eed" + "00".repeat(28) + "0002");
        assertFalse(Arrays.equals(first, other), size + ": another seed, another C1");
    }

    @Test
    void sameSeedGivesTheSameC1At2KiBAnd8MiB(@TempDir Path dir) throws Exception {
        sameSeedSameFileOtherSeedOtherFile(dir, "2KiB");
        sameSeedSameFileOtherSeedOtherFile(dir, "8MiB");
    }

    @Test
    void aRandomRunPrintsTheSeedThatRepeatsIt(@TempDir Path dir) throws Exception {
        Path first = dir.resolve("random.json");
        ProveCommandTest.Run r = ProveCommandTest.run("synth-c1", "--sector-size", "2KiB", "--legacy", "--out",
                first.toString());
        assertEquals(0, r.exit(), r::toString);
        Matcher m = SEED.matcher(r.out());
        assertTrue(m.find(), r.out());
        byte[] again = synth(dir.resolve("again.json"), "2KiB", "--legacy", "--seed", m.group(1));
        assertArrayEquals(Files.readAllBytes(first), again);
        assertEquals(RegisteredSealProof.STACKED_DRG_2KIB_V1, C1Reader.read(first).registeredProof());
    }

    @Test
    void theValuesAreDerivedAsDocumented(@TempDir Path dir) throws Exception {
        byte[] generator = new byte[32];
        Arrays.fill(generator, (byte) 0xA7);
        SyntheticInputs in = SyntheticInputs.fromSeed(generator);
        for (String name : new String[] {"prover_id", "ticket", "seed"}) {
            SHA256Digest sha = new SHA256Digest();
            byte[] tag = ("c2spark synthetic sector/" + name).getBytes(StandardCharsets.US_ASCII);
            sha.update(tag, 0, tag.length);
            sha.update(generator, 0, 32);
            byte[] expected = new byte[32];
            sha.doFinal(expected, 0);
            expected[31] &= 0x3F;
            byte[] actual = switch (name) {
                case "prover_id" -> in.proverId();
                case "ticket" -> in.ticket();
                default -> in.seed();
            };
            assertArrayEquals(expected, actual, name);
        }
        assertEquals(HexFormat.of().formatHex(generator), in.seedHex());
        Path file = dir.resolve("c1.json");
        synth(file, "2KiB", "--sector-id", "9", "--seed", in.seedHex());
        C1Output c1 = C1Reader.read(file);
        assertArrayEquals(in.ticket(), c1.ticket());
        assertArrayEquals(in.seed(), c1.seed());
        assertArrayEquals(ReplicaId.compute(in.proverId(), 9, in.ticket(), c1.commD(),
                RegisteredSealProof.STACKED_DRG_2KIB_V1_1.porepId()), c1.replicaId());
    }

    @Test
    void aBadSeedIsRefusedNamingTheOptionAndNothingIsWritten(@TempDir Path dir) {
        Path file = dir.resolve("c1.json");
        ProveCommandTest.Run shortSeed = ProveCommandTest.run("synth-c1", "--sector-size", "2KiB", "--out",
                file.toString(), "--seed", "abcd");
        assertEquals(2, shortSeed.exit());
        assertTrue(shortSeed.err().contains("--seed: the seed must be 32 bytes (64 hex digits), got 2"),
                shortSeed.err());
        ProveCommandTest.Run notHex = ProveCommandTest.run("synth-c1", "--sector-size", "2KiB", "--out",
                file.toString(), "--seed", "zz".repeat(32));
        assertEquals(2, notHex.exit());
        assertTrue(notHex.err().contains("--seed: the seed is not hex"), notHex.err());
        assertFalse(Files.exists(file));
    }

    @Tag("slow")
    @Test
    void sameSeedGivesTheSameC1At32GiB(@TempDir Path dir) throws Exception {
        sameSeedSameFileOtherSeedOtherFile(dir, "32GiB");
    }
}
