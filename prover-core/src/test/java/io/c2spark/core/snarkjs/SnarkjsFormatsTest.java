package io.c2spark.core.snarkjs;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.c2spark.core.field.Fp;
import io.c2spark.core.field.Fp2;
import io.c2spark.core.field.Fr;
import io.c2spark.core.groth16.Proof;
import io.c2spark.core.groth16.VerifyingKey;
import io.c2spark.core.r1cs.CheckSystem;
import io.c2spark.core.r1cs.R1csShape;
import io.c2spark.core.r1cs.ShapeSystem;
import io.c2spark.core.r1cs.SparseMatrix;
import io.c2spark.core.r1cs.Variable;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Our .r1cs, .wtns and .zkey readers and JSON writers against files circom2 and snarkjs make for a
 * small circuit, set up afresh each run ({@link SnarkjsFixture}).
 */
class SnarkjsFormatsTest {
    private static final int CHAIN = SnarkjsFixture.CHAIN;
    private static final int POWER = SnarkjsFixture.POWER;

    static SnarkjsFixture fx;
    static Path dir;
    static BigInteger a;
    static BigInteger b;
    static BigInteger c;
    static R1csFile r1cs;
    static long[] wtns;
    static ZkeyFile zkey;

    @BeforeAll
    static void setUp() throws IOException {
        fx = SnarkjsFixture.get();
        dir = fx.dir;
        a = fx.a;
        b = fx.b;
        c = fx.c;
        r1cs = R1csFile.read(fx.r1cs());
        wtns = WtnsFile.read(fx.wtns());
        zkey = ZkeyFile.read(fx.zkey());
    }

    private static BigInteger wire(int w) {
        return Fr.toBigInteger(wtns, w * Fr.LIMBS);
    }

    @Test
    void witnessHoldsTheCircuitsValues() {
        assertEquals(1, r1cs.numOutputs);
        assertEquals(2, r1cs.numPublicInputs);
        assertEquals(1, r1cs.numPrivateInputs);
        assertEquals(r1cs.numWires * Fr.LIMBS, wtns.length);
        BigInteger r = Fr.MODULUS;
        BigInteger x = a.multiply(b).mod(r);
        for (int i = 1; i < CHAIN; i++) {
            x = x.multiply(x.add(BigInteger.valueOf(i))).mod(r);
        }
        assertEquals(BigInteger.ONE, wire(0));
        assertEquals(x.multiply(b.add(c)).mod(r), wire(1));
        assertEquals(a, wire(2));
        assertEquals(c, wire(3));
        assertEquals(b, wire(4));
    }

    @Test
    void witnessSatisfiesTheR1csInCheckMode() {
        CheckSystem check = CheckSystem.of(r1cs.asCircuit(wtns));
        assertTrue(check.isSatisfied(), check::firstFailure);
        assertEquals(r1cs.numConstraints, check.numConstraints());
        assertEquals(1 + r1cs.numPublic(), check.numInputs());
        assertEquals(r1cs.numWires - 1 - r1cs.numPublic(), check.numAux());
        assertEquals(CHAIN + 1 + 16 + 1, r1cs.numConstraints);

        long[] tampered = wtns.clone();
        int w = 5 + new Random().nextInt(r1cs.numWires - 5);
        Fr.add(tampered, w * Fr.LIMBS, Fr.of(1), 0, tampered, w * Fr.LIMBS);
        CheckSystem bad = CheckSystem.of(r1cs.asCircuit(tampered));
        assertFalse(bad.isSatisfied(), "wire " + w);
        assertTrue(bad.firstFailure().startsWith("constraint "), bad.firstFailure());
    }

    @Test
    void zkeySizesMatchTheR1cs() {
        assertEquals(r1cs.numWires, zkey.numVars);
        assertEquals(r1cs.numPublic(), zkey.numPublic);
        assertEquals(1 << POWER, zkey.domainSize);
        assertTrue(zkey.domainSize >= r1cs.numConstraints + r1cs.numPublic() + 1);
        assertEquals(12 * (zkey.numPublic + 1), zkey.ic.length);
        assertEquals(12 * zkey.numVars, zkey.a.length);
        assertEquals(12 * zkey.numVars, zkey.b1.length);
        assertEquals(24 * zkey.numVars, zkey.b2.length);
        assertEquals(12 * (zkey.numVars - zkey.numPublic - 1), zkey.c.length);
        assertEquals(12 * zkey.domainSize, zkey.h.length);
    }

    /**
     * The zkey's A and B coefficients equal our shape of the r1cs with bellperson's input
     * constraints: same rows, same values, so the c * R^2 decoding and the extra rows are right.
     */
    @Test
    void zkeyCoefficientsEqualOurShapeWithInputConstraints() {
        R1csShape shape = ShapeSystem.of(r1cs.asCircuit(null), true);
        assertEquals(r1cs.numConstraints + zkey.numPublic + 1, shape.numConstraints());
        Map<String, BigInteger> fromZkey = new HashMap<>();
        for (int k = 0; k < zkey.numCoefficients(); k++) {
            BigInteger v = Fr.toBigInteger(zkey.coefValue, k * Fr.LIMBS);
            String key = zkey.coefMatrix[k] + ":" + zkey.coefConstraint[k] + ":" + zkey.coefSignal[k];
            fromZkey.merge(key, v, (x, y) -> x.add(y).mod(Fr.MODULUS));
        }
        fromZkey.values().removeIf(v -> v.signum() == 0);
        Map<String, BigInteger> ours = new HashMap<>();
        SparseMatrix[] ms = {shape.a(), shape.b()};
        for (int m = 0; m < 2; m++) {
            for (int r = 0; r < shape.numConstraints(); r++) {
                for (int p = ms[m].rowStart(r); p < ms[m].rowEnd(r); p++) {
                    int v = ms[m].var(p);
                    int signal = Variable.isInput(v) ? Variable.index(v) : shape.numInputs() + v;
                    ours.put(m + ":" + r + ":" + signal,
                            Fr.toBigInteger(shape.coefficients(), ms[m].coeffIndex(p) * Fr.LIMBS));
                }
            }
        }
        assertFalse(ours.isEmpty());
        assertEquals(ours, fromZkey);
    }

    @Test
    void zkeyPointsAreOnTheCurve() {
        assertOnG1(zkey.alpha1, 1);
        assertOnG1(zkey.beta1, 1);
        assertOnG1(zkey.delta1, 1);
        assertOnG1(zkey.ic, zkey.numPublic + 1);
        assertOnG1(zkey.a, zkey.numVars);
        assertOnG1(zkey.b1, zkey.numVars);
        assertOnG1(zkey.c, zkey.numVars - zkey.numPublic - 1);
        assertOnG1(zkey.h, zkey.domainSize);
        assertOnG2(zkey.beta2, 1);
        assertOnG2(zkey.gamma2, 1);
        assertOnG2(zkey.delta2, 1);
        assertOnG2(zkey.b2, zkey.numVars);
    }

    private static boolean isZero(long[] p, int off, int len) {
        for (int i = 0; i < len; i++) {
            if (p[off + i] != 0) {
                return false;
            }
        }
        return true;
    }

    /** y^2 = x^3 + 4, or the all-zero identity. */
    private static void assertOnG1(long[] points, int n) {
        int nonIdentity = 0;
        for (int i = 0; i < n; i++) {
            int off = 12 * i;
            if (isZero(points, off, 12)) {
                continue;
            }
            nonIdentity++;
            BigInteger p = Fp.MODULUS;
            BigInteger x = Fp.toBigInteger(points, off);
            BigInteger y = Fp.toBigInteger(points, off + 6);
            assertEquals(x.pow(3).add(BigInteger.valueOf(4)).mod(p), y.pow(2).mod(p), "G1 point " + i);
        }
        assertTrue(nonIdentity > 0);
    }

    /** y^2 = x^3 + 4(1 + u) in Fp2, or the all-zero identity. */
    private static void assertOnG2(long[] points, int n) {
        long[] four = new long[12];
        System.arraycopy(Fp.of(BigInteger.valueOf(4)), 0, four, 0, 6);
        System.arraycopy(Fp.of(BigInteger.valueOf(4)), 0, four, 6, 6);
        long[] lhs = new long[12];
        long[] rhs = new long[12];
        for (int i = 0; i < n; i++) {
            int off = 24 * i;
            if (isZero(points, off, 24)) {
                continue;
            }
            Fp2.sqr(points, off + 12, lhs, 0);
            Fp2.sqr(points, off, rhs, 0);
            Fp2.mul(rhs, 0, points, off, rhs, 0);
            Fp2.add(rhs, 0, four, 0, rhs, 0);
            assertArrayEquals(rhs, lhs, "G2 point " + i);
        }
    }

    /** Our verification_key.json equals snarkjs's export byte for byte, e(alpha, beta) included. */
    @Test
    void verificationKeyJsonEqualsSnarkjsExport() throws IOException {
        JsonNode theirs = SnarkjsJson.parse(fx.verificationKey());
        assertNotNull(theirs.get("vk_alphabeta_12"));
        Path ours = dir.resolve("our_vk.json");
        SnarkjsJson.write(ours, SnarkjsJson.verificationKey(zkey.verifyingKey()));
        assertEquals(Files.readString(fx.verificationKey()), Files.readString(ours));

        VerifyingKey read = SnarkjsJson.readVerificationKey(dir.resolve("vk.json"));
        assertArrayEquals(zkey.alpha1, read.alpha1());
        assertArrayEquals(zkey.beta2, read.beta2());
        assertArrayEquals(zkey.gamma2, read.gamma2());
        assertArrayEquals(zkey.delta2, read.delta2());
        assertArrayEquals(zkey.ic, read.ic());
    }

    /** snarkjs's proof and public signals read back and rewritten by us: the same bytes, and they verify in snarkjs. */
    @Test
    void proofAndPublicJsonRoundTripThroughSnarkjs() throws IOException {
        Proof proof = SnarkjsJson.readProof(dir.resolve("proof.json"));
        long[] pub = SnarkjsJson.readPublicSignals(dir.resolve("public.json"));
        assertEquals(zkey.numPublic * Fr.LIMBS, pub.length);
        for (int i = 0; i < zkey.numPublic; i++) {
            assertEquals(wire(i + 1), Fr.toBigInteger(pub, i * Fr.LIMBS));
        }
        assertOnG1(proof.a(), 1);
        assertOnG2(proof.b(), 1);
        assertOnG1(proof.c(), 1);
        SnarkjsJson.write(dir.resolve("our_proof.json"), SnarkjsJson.proof(proof));
        SnarkjsJson.write(dir.resolve("our_public.json"), SnarkjsJson.publicSignals(pub));
        assertEquals(Files.readString(dir.resolve("proof.json")), Files.readString(dir.resolve("our_proof.json")));
        assertEquals(Files.readString(dir.resolve("public.json")), Files.readString(dir.resolve("our_public.json")));
        String out = fx.snarkjs("groth16", "verify", "vk.json", "our_public.json", "our_proof.json");
        assertTrue(out.contains("OK"), out);
    }

    @Test
    void badFilesAreRejectedWithTheirName() throws IOException {
        byte[] zk = Files.readAllBytes(dir.resolve("chain.zkey"));
        Path truncated = dir.resolve("truncated.zkey");
        Files.write(truncated, Arrays.copyOf(zk, zk.length / 2));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ZkeyFile.read(truncated));
        assertTrue(e.getMessage().startsWith(truncated.toString()), e.getMessage());

        // Values out of range, found by the side-by-side reading and reported as plainly as before.
        byte[] badCoefficient = zk.clone();
        Arrays.fill(badCoefficient, sectionData(zk, 4) + 4 + 44 * 5 + 12, sectionData(zk, 4) + 4 + 44 * 5 + 44, (byte) 0xFF);
        Path coefficient = dir.resolve("coefficient.zkey");
        Files.write(coefficient, badCoefficient);
        e = assertThrows(IllegalArgumentException.class, () -> ZkeyFile.read(coefficient));
        assertEquals(coefficient + ": coefficient 5 value is not below r", e.getMessage());
        byte[] badPoint = zk.clone();
        Arrays.fill(badPoint, sectionData(zk, 9) + 96, sectionData(zk, 9) + 144, (byte) 0xFF);
        Path point = dir.resolve("point.zkey");
        Files.write(point, badPoint);
        e = assertThrows(IllegalArgumentException.class, () -> ZkeyFile.read(point));
        assertEquals(point + ": H point 1 has a coordinate not below p", e.getMessage());

        Path wrongMagic = dir.resolve("magic.r1cs");
        byte[] r = Files.readAllBytes(dir.resolve("multiplier_chain.r1cs"));
        r[0] = 'x';
        Files.write(wrongMagic, r);
        e = assertThrows(IllegalArgumentException.class, () -> R1csFile.read(wrongMagic));
        assertTrue(e.getMessage().contains("magic"), e.getMessage());

        Path badValue = dir.resolve("bad.wtns");
        byte[] w = Files.readAllBytes(dir.resolve("chain.wtns"));
        Arrays.fill(w, w.length - 32, w.length, (byte) 0xFF);
        Files.write(badValue, w);
        e = assertThrows(IllegalArgumentException.class, () -> WtnsFile.read(badValue));
        assertTrue(e.getMessage().contains("not below r"), e.getMessage());

        Path badJson = dir.resolve("bad_public.json");
        Files.writeString(badJson, "[\"12\", \"x\"]");
        e = assertThrows(IllegalArgumentException.class, () -> SnarkjsJson.readPublicSignals(badJson));
        assertTrue(e.getMessage().contains("[1]"), e.getMessage());
    }

    /**
     * An r1cs header whose constraint count the constraints section cannot hold is refused before
     * anything is allocated for it (a count of 2^31 - 1 asked for three arrays of 2^31 ints), and a
     * header section cut short is named.
     */
    @Test
    void r1csHeadersThatCannotBeRightAreRefusedWithTheirName() throws IOException {
        byte[] r = Files.readAllBytes(dir.resolve("multiplier_chain.r1cs"));
        int header = sectionData(r, 1);
        int constraintsSize = (int) ByteBuffer.wrap(r).order(ByteOrder.LITTLE_ENDIAN).getLong(sectionData(r, 2) - 8);
        for (int count : new int[] {Integer.MAX_VALUE, 203_392_485, constraintsSize / 12 + 1}) {
            byte[] bad = r.clone();
            ByteBuffer.wrap(bad).order(ByteOrder.LITTLE_ENDIAN).putInt(header + 60, count);
            Path file = dir.resolve("count-" + count + ".r1cs");
            Files.write(file, bad);
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> R1csFile.read(file));
            assertEquals(file + ": header says " + count + " constraints; the constraints section's " + constraintsSize
                    + " bytes hold at most " + constraintsSize / 12, e.getMessage());
        }
        // The header section cut to 40 of its 64 bytes, its size set to match.
        byte[] cut = new byte[r.length - 24];
        System.arraycopy(r, 0, cut, 0, header + 40);
        System.arraycopy(r, header + 64, cut, header + 40, r.length - header - 64);
        ByteBuffer.wrap(cut).order(ByteOrder.LITTLE_ENDIAN).putLong(header - 8, 40);
        Path file = dir.resolve("short-header.r1cs");
        Files.write(file, cut);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> R1csFile.read(file));
        assertEquals(file + ": header section is truncated", e.getMessage());
    }

    /** A section size so large that its end overflows a long is refused as running past the file, naming it. */
    @Test
    void aSectionSizeOfTwoToTheSixtyThreeIsRefusedWithTheFileNamed() throws IOException {
        byte[] w = Files.readAllBytes(dir.resolve("chain.wtns"));
        ByteBuffer.wrap(w).order(ByteOrder.LITTLE_ENDIAN).putLong(sectionData(w, 1) - 8, Long.MAX_VALUE);
        Path file = dir.resolve("huge-section.wtns");
        Files.write(file, w);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> WtnsFile.read(file));
        assertEquals(file + ": section 1 of " + Long.MAX_VALUE + " bytes runs past the end of the file", e.getMessage());
    }

    /** Where the data of the section of this type starts in a snarkjs binary file (12-byte header, then type and size per section). */
    private static int sectionData(byte[] file, int type) {
        ByteBuffer b = ByteBuffer.wrap(file).order(ByteOrder.LITTLE_ENDIAN);
        int pos = 12;
        for (int i = 0; i < b.getInt(8); i++) {
            if (b.getInt(pos) == type) {
                return pos + 12;
            }
            pos += 12 + (int) b.getLong(pos + 4);
        }
        throw new IllegalStateException("no section " + type);
    }
}
