package io.c2spark.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.c2spark.core.field.Fr;
import io.c2spark.core.groth16.ParameterFiles;
import io.c2spark.core.groth16.ProofEncoding;
import io.c2spark.core.groth16.VerifyingKey;
import io.c2spark.core.porep.RegisteredSealProof;
import io.c2spark.core.porep.SectorShape;
import io.c2spark.core.porep.c1.C1Output;
import io.c2spark.core.porep.c1.C1Writer;
import io.c2spark.core.porep.c2.PorepParameters;
import io.c2spark.core.porep.c2.SealVerifier;
import io.c2spark.core.porep.seal.Challenges;
import io.c2spark.core.porep.seal.Fr32;
import io.c2spark.core.porep.seal.SealedSector;
import io.c2spark.core.porep.seal.Sealer;
import io.c2spark.core.porep.seal.VanillaProver;
import io.c2spark.core.r1cs.R1csShape;
import io.c2spark.core.r1cs.ShapeFiles;
import io.c2spark.core.snarkjs.SnarkjsJson;
import io.c2spark.core.testing.NodeOracle;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * C2 of a really sealed 2KiB sector as a user runs it: {@code c2spark params}, {@code c2spark prove
 * --snarkjs-out}, {@code c2spark verify}, and snarkjs's own {@code groth16 verify} on the exported
 * JSON; a tampered proof, a wrong seed and a changed public input are refused by both; prove reads
 * the circuit from the shape file {@code params} wrote, and with a shape file of another circuit its
 * proof does not verify and nothing is written.
 *
 * <p>Slow: a 2KiB partition's parameters take about 1.5 minutes to generate on two cores and each CPU
 * proof about 40 s. The parameters are kept under target/ (PorepParameters keeps existing files), so a
 * rerun in the same build tree skips their generation. The fast part, a corrupted C1 refused before
 * proving, is ProveCommandTest.
 */
@Tag("slow")
class SealProofEndToEndTest {
    private static final Path PARAMS = Path.of("target", "test-params");

    private static String run(int expectedExit, String... args) {
        StringWriter out = new StringWriter();
        CommandLine cli = new CommandLine(new C2SparkCli());
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(out, true));
        int exit = cli.execute(args);
        assertEquals(expectedExit, exit, () -> String.join(" ", args) + ":\n" + out);
        return out.toString();
    }

    private static String snarkjsVerify(Path dir, String vk, String pub, String proof) {
        return NodeOracle.runBin("snarkjs", dir, "groth16", "verify", vk, pub, proof);
    }

    /**
     * Parameters beside a shape file of another circuit (one coefficient changed, every count and
     * index still valid): the proof does not verify, prove exits 1 and writes nothing.
     */
    private static void proveWithAForeignShapeWritesNothing(Path dir, Path c1File) throws IOException {
        SectorShape size = SectorShape.SIZE_2KIB;
        Path other = Files.createDirectories(dir.resolve("foreign-shape"));
        Files.createSymbolicLink(PorepParameters.paramsFile(other, size),
                PorepParameters.paramsFile(PARAMS, size).toAbsolutePath());
        Files.createSymbolicLink(PorepParameters.vkFile(other, size), PorepParameters.vkFile(PARAMS, size).toAbsolutePath());
        R1csShape shape = PorepParameters.circuitShape(size, PARAMS);
        shape.coefficients()[Fr.LIMBS] ^= 1;
        ShapeFiles.write(shape, PorepParameters.circuitName(size), PorepParameters.shapeFile(other, size));
        Path proofFile = dir.resolve("foreign.proof");
        String out = run(1, "prove", "--c1", c1File.toString(), "--params", other.toString(), "--out",
                proofFile.toString());
        assertTrue(out.contains("does not verify") && out.contains("nothing written"), out);
        assertFalse(Files.exists(proofFile));
        assertFalse(Files.exists(dir.resolve("foreign.proof.tmp")));
    }

    @Test
    void sealParamsProveVerifyWithC2sparkAndSnarkjs(@TempDir Path dir) throws Exception {
        Random rnd = new Random();
        RegisteredSealProof proof = RegisteredSealProof.STACKED_DRG_2KIB_V1_1;
        byte[] raw = new byte[2048 / 128 * 127];
        rnd.nextBytes(raw);
        byte[] proverId = new byte[32];
        byte[] ticket = new byte[32];
        byte[] seed = new byte[32];
        rnd.nextBytes(proverId);
        rnd.nextBytes(ticket);
        rnd.nextBytes(seed);
        ticket[31] &= 0x3F;
        SealedSector s = Sealer.seal(proof, Fr32.pad(raw), proverId, rnd.nextLong() >>> 1, ticket, null);
        C1Output c1 = new C1Output(proof, VanillaProver.prove(s, seed), s.commR(), s.commD(), s.replicaId(), seed,
                ticket);
        Path c1File = dir.resolve("c1.json");
        C1Writer.write(c1, c1File);

        run(0, "params", "--sector-size", "2KiB", "--out", PARAMS.toString());
        Path vkFile = PorepParameters.vkFile(PARAMS, SectorShape.SIZE_2KIB);
        assertTrue(vkFile.getFileName().toString().contains("insecure"));
        assertTrue(Files.isRegularFile(PorepParameters.shapeFile(PARAMS, SectorShape.SIZE_2KIB)));
        Path proofFile = dir.resolve("seal.proof");
        Path sj = dir.resolve("snarkjs");
        String proved = run(0, "prove", "--c1", c1File.toString(), "--params", PARAMS.toString(), "--out",
                proofFile.toString(), "--snarkjs-out", sj.toString());
        assertTrue(proved.contains("(read)") && proved.contains("verified"), proved);
        byte[] sealProof = Files.readAllBytes(proofFile);
        assertEquals(ProofEncoding.BYTES, sealProof.length);

        String ok = run(0, "verify", "--c1", c1File.toString(), "--vk", vkFile.toString(), "--proof",
                proofFile.toString());
        assertTrue(ok.startsWith("OK"), ok);
        String theirs = snarkjsVerify(sj, "verification_key.json", "public.json", "proof.json");
        assertTrue(theirs.contains("OK"), theirs);

        // The zcash sign flag of partition 0's A: -A, a well-formed point, and a proof that does not verify.
        byte[] tampered = sealProof.clone();
        tampered[0] ^= 0x20;
        Path tamperedFile = dir.resolve("tampered.proof");
        Files.write(tamperedFile, tampered);
        String bad = run(1, "verify", "--c1", c1File.toString(), "--vk", vkFile.toString(), "--proof",
                tamperedFile.toString());
        assertTrue(bad.startsWith("INVALID: partition 0"), bad);
        // A flipped bit of B's x: no longer a point of the group, so the file is malformed, not a wrong proof.
        byte[] malformed = sealProof.clone();
        malformed[100] ^= 4;
        Path malformedFile = dir.resolve("malformed.proof");
        Files.write(malformedFile, malformed);
        String refused = run(2, "verify", "--c1", c1File.toString(), "--vk", vkFile.toString(), "--proof",
                malformedFile.toString());
        assertTrue(refused.contains(malformedFile.toString()) && refused.contains("partition 0"), refused);

        VerifyingKey vk = ParameterFiles.readVk(vkFile);
        // Another seed that picks other challenges: with 63 challengeable nodes, a seed picks the same
        // two about once in 4,000, and the proof then rightly verifies.
        byte[] otherSeed = seed.clone();
        do {
            otherSeed[0]++;
        } while (Arrays.equals(Challenges.partition(proof, s.replicaId(), otherSeed, 0),
                Challenges.partition(proof, s.replicaId(), seed, 0)));
        assertEquals(0, SealVerifier.firstInvalidPartition(proof, s.replicaId(), s.commD(), s.commR(), otherSeed, vk,
                sealProof), "a proof for another seed must fail");

        proveWithAForeignShapeWritesNothing(dir, c1File);

        long[] signals = SnarkjsJson.readPublicSignals(sj.resolve("public.json"));
        int i = 3 + rnd.nextInt(signals.length / Fr.LIMBS - 3);
        Fr.add(signals, i * Fr.LIMBS, Fr.of(1), 0, signals, i * Fr.LIMBS);
        SnarkjsJson.write(sj.resolve("changed.json"), SnarkjsJson.publicSignals(signals));
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> snarkjsVerify(sj, "verification_key.json", "changed.json", "proof.json"));
        assertTrue(e.getMessage().contains("Invalid proof"), e.getMessage());
    }
}
