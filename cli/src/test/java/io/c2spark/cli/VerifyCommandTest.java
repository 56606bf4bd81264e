package io.c2spark.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.c2spark.cli.ProveCommandTest.Run;
import io.c2spark.core.curve.G1;
import io.c2spark.core.curve.G2;
import io.c2spark.core.field.Fp;
import io.c2spark.core.field.Fr;
import io.c2spark.core.groth16.ParameterFiles;
import io.c2spark.core.groth16.Proof;
import io.c2spark.core.groth16.ProofEncoding;
import io.c2spark.core.groth16.VerifyingKey;
import io.c2spark.core.porep.RegisteredSealProof;
import io.c2spark.core.porep.c1.C1Output;
import io.c2spark.core.porep.c1.C1Samples;
import io.c2spark.core.porep.c1.C1Writer;
import io.c2spark.core.porep.circuit.PublicInputs;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code c2spark verify} on a 2KiB sector's C1 file and a verifying key of the right size: a
 * well-formed proof that does not verify exits 1; a proof file that is not a proof (wrong length,
 * a point that does not decode) exits 2 with one line naming the file and the fault.
 */
class VerifyCommandTest {
    private static final BigInteger P = Fp.MODULUS;

    @TempDir
    Path dir;
    private Path c1File;
    private Path vkFile;
    private Path proofFile;
    /** A proof whose points are all valid; it does not verify against the key. */
    private byte[] wellFormed;

    private static long[] g1(long k) {
        long[] j = new long[G1.JACOBIAN];
        G1.LAW.fromAffine(G1.generator(), 0, j, 0);
        G1.LAW.mul(j, 0, BigInteger.valueOf(k), j, 0);
        long[] a = new long[G1.AFFINE];
        G1.LAW.toAffine(j, 0, a, 0);
        return a;
    }

    private static long[] g2(long k) {
        long[] j = new long[G2.JACOBIAN];
        G2.LAW.fromAffine(G2.generator(), 0, j, 0);
        G2.LAW.mul(j, 0, BigInteger.valueOf(k), j, 0);
        long[] a = new long[G2.AFFINE];
        G2.LAW.toAffine(j, 0, a, 0);
        return a;
    }

    @BeforeEach
    void files() throws IOException {
        C1Output c1 = C1Samples.random(RegisteredSealProof.STACKED_DRG_2KIB_V1_1, new Random());
        c1File = dir.resolve("c1.json");
        C1Writer.write(c1, c1File);
        int inputs = PublicInputs.forPartition(c1.registeredProof(), c1.replicaId(), c1.commD(), c1.commR(), c1.seed(),
                0).length / Fr.LIMBS;
        long[] ic = new long[(inputs + 1) * G1.AFFINE];
        for (int i = 0; i <= inputs; i++) {
            System.arraycopy(g1(11 + i), 0, ic, i * G1.AFFINE, G1.AFFINE);
        }
        vkFile = dir.resolve("2KiB.vk");
        ParameterFiles.writeVk(new VerifyingKey(g1(2), g1(3), g2(3), g2(5), g1(7), g2(7), ic), vkFile);
        proofFile = dir.resolve("sector.proof");
        wellFormed = ProofEncoding.encode(new Proof(g1(13), g2(17), g1(19)));
    }

    private Run verify(byte[] proof) throws IOException {
        Files.write(proofFile, proof);
        return ProveCommandTest.run("verify", "--c1", c1File.toString(), "--vk", vkFile.toString(), "--proof",
                proofFile.toString());
    }

    /** Exit 2 and one line: the command, the proof file, then the fault. */
    private void assertMalformed(Run r, String... parts) {
        assertEquals(FileErrorHandler.EXIT_CODE, r.exit(), r::toString);
        String line = r.err().strip();
        assertFalse(line.contains("\n"), () -> "more than one line: " + r.err());
        assertTrue(line.startsWith("c2spark verify: " + proofFile + ": "), line);
        assertFalse(line.contains("Exception"), line);
        for (String part : parts) {
            assertTrue(line.contains(part), () -> "expected '" + part + "' in: " + line);
        }
        assertEquals("", r.out(), r::toString);
    }

    /** A compressed G1 encoding of x with the flag set; not checked. */
    private static byte[] compressedG1(BigInteger x) {
        byte[] raw = x.toByteArray();
        byte[] out = new byte[48];
        int n = Math.min(raw.length, 48);
        System.arraycopy(raw, raw.length - n, out, 48 - n, n);
        out[0] |= (byte) 0x80;
        return out;
    }

    /** The least x >= from for which x^3 + 4 is (square true) or is not a square mod p. */
    private static BigInteger x(long from, boolean square) {
        for (BigInteger x = BigInteger.valueOf(from); ; x = x.add(BigInteger.ONE)) {
            BigInteger rhs = x.pow(3).add(BigInteger.valueOf(4)).mod(P);
            boolean isSquare = rhs.modPow(P.subtract(BigInteger.ONE).shiftRight(1), P).equals(BigInteger.ONE);
            if (isSquare == square) {
                return x;
            }
        }
    }

    private byte[] withA(byte[] a) {
        byte[] proof = wellFormed.clone();
        System.arraycopy(a, 0, proof, 0, 48);
        return proof;
    }

    @Test
    void aWellFormedProofThatDoesNotVerifyExitsOne() throws IOException {
        Run r = verify(wellFormed);
        assertEquals(1, r.exit(), r::toString);
        assertTrue(r.out().contains("INVALID: partition 0 of " + proofFile + " does not verify"), r::toString);
    }

    @Test
    void aProofOfTheWrongLengthIsOneLineWithStatusTwo() throws IOException {
        for (int length : new int[] {0, 191, 193, 384}) {
            assertMalformed(verify(Arrays.copyOf(wellFormed, length)), "192 bytes", "got " + length);
        }
    }

    @Test
    void eachDecodingFaultIsNamed() throws IOException {
        byte[] xAboveP = compressedG1(P.add(BigInteger.valueOf(5)));
        assertMalformed(verify(withA(xAboveP)), "partition 0", "proof point A", "not below the field modulus p");

        assertMalformed(verify(withA(compressedG1(x(1, false)))), "proof point A",
                "not the x-coordinate of a point on the curve");

        // x^3 + 4 a square: a point on the curve, and outside the order-r subgroup but for a chance of 2^-126.
        assertMalformed(verify(withA(compressedG1(x(1, true)))), "proof point A", "not in the prime-order subgroup");

        byte[] noFlag = wellFormed.clone();
        noFlag[48] &= 0x7F;
        assertMalformed(verify(noFlag), "proof point B", "compression flag");

        byte[] infinity = new byte[48];
        infinity[0] = (byte) 0xC0;
        byte[] atInfinity = wellFormed.clone();
        System.arraycopy(infinity, 0, atInfinity, 144, 48);
        assertMalformed(verify(atInfinity), "proof point C", "infinity");
    }

    /** A key with an IC point fewer or more than the sector's public inputs take: refused naming the key file. */
    @Test
    void aVerifyingKeyForAnotherNumberOfInputsIsOneLineWithStatusTwo() throws IOException {
        VerifyingKey vk = ParameterFiles.readVk(vkFile);
        int inputs = vk.numPublic();
        for (int points : new int[] {inputs, inputs + 2, 1}) {
            Path other = dir.resolve("other-" + points + ".vk");
            ParameterFiles.writeVk(new VerifyingKey(vk.alpha1(), vk.beta1(), vk.beta2(), vk.gamma2(), vk.delta1(),
                    vk.delta2(), Arrays.copyOf(points <= inputs ? vk.ic() : concat(vk.ic(), g1(5)), points * G1.AFFINE)),
                    other);
            Files.write(proofFile, wellFormed);
            Run r = ProveCommandTest.run("verify", "--c1", c1File.toString(), "--vk", other.toString(), "--proof",
                    proofFile.toString());
            assertEquals(FileErrorHandler.EXIT_CODE, r.exit(), r::toString);
            assertEquals("c2spark verify: " + other + ": the verifying key takes " + (points - 1) + " public inputs, a "
                    + "2KiB partition has " + inputs + " (a key of another circuit or sector size?)", r.err().strip());
            assertEquals("", r.out());
        }
    }

    private static long[] concat(long[] a, long[] b) {
        long[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    /** A C1 file of synthetic PoRep, whose challenges c2spark does not derive: refused naming the file. */
    @Test
    void aSyntheticPoRepFileIsOneLineWithStatusTwo() throws IOException {
        Path synthetic = dir.resolve("synthetic.json");
        C1Writer.write(C1Samples.random(RegisteredSealProof.STACKED_DRG_2KIB_V1_1_SYNTHETIC, new Random()), synthetic);
        Files.write(proofFile, wellFormed);
        Run r = ProveCommandTest.run("verify", "--c1", synthetic.toString(), "--vk", vkFile.toString(), "--proof",
                proofFile.toString());
        assertEquals(FileErrorHandler.EXIT_CODE, r.exit(), r::toString);
        assertEquals("c2spark verify: " + synthetic + ": registered proof StackedDrg2KiBV1_1_Feat_SyntheticPoRep (id 10)"
                + " uses synthetic PoRep challenge selection, which c2spark does not implement; only interactive"
                + " StackedDrg*V1 and V1_1 (ids 0..9) are supported", r.err().strip());
    }

    @Test
    void helpStatesTheExitStatuses() {
        Run r = ProveCommandTest.run("verify", "--help");
        assertEquals(0, r.exit());
        assertTrue(r.out().replaceAll("\\s+", " ").contains("Exit status: 0 every partition verifies 1 one does not 2 an"
                + " input is malformed"), r::toString);
    }
}
