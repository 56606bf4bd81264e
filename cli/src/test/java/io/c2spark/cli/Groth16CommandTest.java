package io.c2spark.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.c2spark.core.field.Fp;
import io.c2spark.core.snarkjs.SnarkjsFixture;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine;

import org.junit.jupiter.api.Test;

/** {@code c2spark groth16 prove|verify} with snarkjs's files, both directions. */
class Groth16CommandTest {
    /** Runs the command line as main does (the file error handler installed). */
    private static int run(StringWriter err, String... args) {
        CommandLine cli = FileErrorHandler.install(new CommandLine(new C2SparkCli()));
        cli.setOut(new PrintWriter(new StringWriter()));
        cli.setErr(new PrintWriter(err, true));
        return cli.execute(args);
    }

    /** What one prove call returned and printed, through picocli or snarkjs's plain call. */
    private record Outcome(int exit, String err) {
    }

    private static Outcome prove(boolean plain, Path zkey, Path wtns, Path proof, Path pub, String... options) {
        StringWriter err = new StringWriter();
        String[] args = new String[6 + options.length];
        String[] files = {"groth16", "prove", zkey.toString(), wtns.toString(), proof.toString(), pub.toString()};
        System.arraycopy(files, 0, args, 0, 6);
        System.arraycopy(options, 0, args, 6, options.length);
        if (!plain) {
            return new Outcome(run(err, args), err.toString());
        }
        java.io.PrintStream saved = System.err;
        java.io.ByteArrayOutputStream captured = new java.io.ByteArrayOutputStream();
        System.setErr(new java.io.PrintStream(captured, true));
        try {
            int status = Groth16Command.runPlainProve(args);
            assertTrue(status >= 0, "the plain call did not take " + String.join(" ", args));
            return new Outcome(status, captured.toString());
        } finally {
            System.setErr(saved);
        }
    }

    /** Where the data of the section of this type starts in a snarkjs binary file. */
    private static int sectionData(byte[] file, int type) {
        ByteBuffer b = ByteBuffer.wrap(file).order(ByteOrder.LITTLE_ENDIAN);
        int pos = 12;
        while (pos < file.length) {
            int t = b.getInt(pos);
            long size = b.getLong(pos + 4);
            if (t == type) {
                return pos + 12;
            }
            pos += 12 + (int) size;
        }
        throw new AssertionError("no section " + type);
    }

    /** A copy of file with byte `at` flipped (xor 0x5A). */
    private static Path flipped(SnarkjsFixture fx, Path file, String name, java.util.function.ToIntFunction<byte[]> at)
            throws IOException {
        byte[] bytes = Files.readAllBytes(file);
        bytes[at.applyAsInt(bytes)] ^= 0x5A;
        Path out = fx.dir.resolve(name);
        Files.write(out, bytes);
        return out;
    }

    /** Refused with this status, the message naming each part, and no file written; by both entry points. */
    private static void assertRefused(SnarkjsFixture fx, Path zkey, Path wtns, int status, String... parts) {
        for (boolean plain : new boolean[] {true, false}) {
            Path proof = fx.dir.resolve("refused_proof.json");
            Path pub = fx.dir.resolve("refused_public.json");
            Outcome o = prove(plain, zkey, wtns, proof, pub);
            assertEquals(status, o.exit(), () -> "plain " + plain + ": " + o.err());
            for (String part : parts) {
                assertTrue(o.err().contains(part), () -> "plain " + plain + ": expected '" + part + "' in: " + o.err());
            }
            assertFalse(o.err().contains("Exception"), o::err);
            assertFalse(Files.exists(proof), "proof written");
            assertFalse(Files.exists(pub), "public signals written");
        }
    }

    /** beta_1 is the second point of the header section (section 2): after the field sizes, primes, counts and alpha_1. */
    @Test
    void aZkeyWithAFlippedByteInBeta1IsRefusedNamingThePoint() throws IOException {
        SnarkjsFixture fx = SnarkjsFixture.get();
        Path zkey = flipped(fx, fx.zkey(), "beta1.zkey", zk -> sectionData(zk, 2) + 4 + 48 + 4 + 32 + 12 + 96 + 10);
        assertRefused(fx, zkey, fx.wtns(), 2, zkey.toString(), "beta_1", "not on the curve");
    }

    /** A query point the proof sums: the proof would not verify; the point is found and named. */
    @Test
    void aZkeyWithAFlippedByteInAnHPointIsRefusedNamingThePoint() throws IOException {
        SnarkjsFixture fx = SnarkjsFixture.get();
        Path zkey = flipped(fx, fx.zkey(), "h3.zkey", zk -> sectionData(zk, 9) + 96 * 3 + 10);
        assertRefused(fx, zkey, fx.wtns(), 2, zkey.toString(), "H point 3", "not on the curve");
    }

    @Test
    void aWitnessWithAFlippedValueIsRefused() throws IOException {
        SnarkjsFixture fx = SnarkjsFixture.get();
        byte[] w = Files.readAllBytes(fx.wtns());
        int values = (w.length - sectionData(w, 2)) / 32;
        Path wtns = flipped(fx, fx.wtns(), "flipped.wtns", bytes -> sectionData(bytes, 2) + 32 * (values - 1) + 3);
        assertRefused(fx, fx.zkey(), wtns, 1, "does not verify", "nothing written");

        StringWriter err = new StringWriter();
        Path proof = fx.dir.resolve("r1cs_proof.json");
        assertEquals(1, run(err, "groth16", "prove", "--r1cs", fx.r1cs().toString(), fx.zkey().toString(),
                wtns.toString(), proof.toString(), fx.dir.resolve("r1cs_public.json").toString()), err::toString);
        assertTrue(err.toString().contains(wtns + ": the witness does not satisfy constraint "), err::toString);
        assertFalse(Files.exists(proof));

        err = new StringWriter();
        assertEquals(0, run(err, "groth16", "prove", "--r1cs", fx.r1cs().toString(), fx.zkey().toString(),
                fx.wtns().toString(), proof.toString(), fx.dir.resolve("r1cs_public.json").toString()), err::toString);
    }

    /**
     * A coefficient of ONE's signal changed (still below r): every point is sound, the witness
     * satisfies the circuit, and the proof does not verify. With the circuit given, the zkey is named.
     */
    @Test
    void aZkeyWithADamagedCoefficientIsRefused() throws IOException {
        SnarkjsFixture fx = SnarkjsFixture.get();
        Path zkey = flipped(fx, fx.zkey(), "coefficient.zkey", zk -> {
            ByteBuffer b = ByteBuffer.wrap(zk).order(ByteOrder.LITTLE_ENDIAN);
            int first = sectionData(zk, 4) + 4;
            for (int k = 0; ; k++) {
                if (b.getInt(first + 44 * k + 8) == 0) {
                    return first + 44 * k + 12 + 1;
                }
            }
        });
        assertRefused(fx, zkey, fx.wtns(), 1, "does not verify", "coefficients are damaged", "nothing written");
        StringWriter err = new StringWriter();
        Path proof = fx.dir.resolve("coefficient_proof.json");
        assertEquals(1, run(err, "groth16", "prove", "--r1cs", fx.r1cs().toString(), zkey.toString(),
                fx.wtns().toString(), proof.toString(), fx.dir.resolve("coefficient_public.json").toString()), err::toString);
        assertTrue(err.toString().contains("although " + fx.wtns() + " satisfies " + fx.r1cs()), err::toString);
        assertFalse(Files.exists(proof));
    }

    /** snarkjs's proof.json with the first number of a point replaced. */
    private static Path proofWith(SnarkjsFixture fx, String name, String point, String... values) throws IOException {
        String json = Files.readString(fx.proof());
        Matcher m = Pattern.compile("\"" + point + "\": \\[\\s*\"(\\d+)\",\\s*\"(\\d+)\"").matcher(json);
        assertTrue(m.find(), json);
        String changed = json.substring(0, m.start(1)) + values[0] + json.substring(m.end(1), m.start(2))
                + (values.length > 1 ? values[1] : m.group(2)) + json.substring(m.end(2));
        Path out = fx.dir.resolve(name);
        Files.writeString(out, changed);
        return out;
    }

    @Test
    void verifyTellsAMalformedInputFromAnInvalidProof() throws IOException {
        SnarkjsFixture fx = SnarkjsFixture.get();
        BigInteger p = Fp.MODULUS;
        String vk = fx.verificationKey().toString();
        String pub = fx.publicSignals().toString();
        // x = 4: 64 + 4 = 68 is a square mod p (p = 3 mod 4: its root is 68^((p+1)/4)); (4, y) is on the
        // curve but, but for a chance of 2^-126, outside the order-r subgroup.
        BigInteger y = BigInteger.valueOf(68).modPow(p.add(BigInteger.ONE).shiftRight(2), p);
        assertEquals(BigInteger.valueOf(68), y.pow(2).mod(p));
        Object[][] cases = {
            {proofWith(fx, "x_above_p.json", "pi_a", p.toString()), "pi_a[0] is not below p"},
            {proofWith(fx, "off_curve.json", "pi_a", "1", "2"), "pi_a is not on the curve"},
            {proofWith(fx, "off_subgroup.json", "pi_c", "4", y.toString()), "pi_c is not in the prime-order subgroup"},
        };
        for (Object[] c : cases) {
            StringWriter err = new StringWriter();
            assertEquals(2, run(err, "groth16", "verify", vk, pub, c[0].toString()), err::toString);
            assertTrue(err.toString().contains(c[0] + ": " + c[1]), err::toString);
            assertFalse(err.toString().contains("Exception"), err::toString);
        }

        Path fewer = fx.dir.resolve("fewer_public.json");
        Files.writeString(fewer, Files.readString(fx.publicSignals()).replaceFirst("\"\\d+\",", ""));
        StringWriter err = new StringWriter();
        assertEquals(2, run(err, "groth16", "verify", vk, fewer.toString(), fx.proof().toString()), err::toString);
        assertTrue(err.toString().contains(fewer.toString()), err::toString);

        Path badKey = fx.dir.resolve("bad_vk.json");
        Files.writeString(badKey, Files.readString(fx.verificationKey())
                .replaceFirst("(?<head>\"vk_alpha_1\": \\[\\s*\")\\d+", "${head}1"));
        err = new StringWriter();
        assertEquals(2, run(err, "groth16", "verify", badKey.toString(), pub, fx.proof().toString()), err::toString);
        assertTrue(err.toString().contains(badKey + ": vk_alpha_1 is not on the curve"), err::toString);
    }

    @Test
    void helpStatesTheExitStatuses() {
        for (String command : new String[] {"prove", "verify"}) {
            StringWriter out = new StringWriter();
            CommandLine cli = new CommandLine(new C2SparkCli());
            cli.setOut(new PrintWriter(out, true));
            assertEquals(0, cli.execute("groth16", command, "--help"));
            String help = out.toString().replaceAll("\\s+", " ");
            assertTrue(help.contains("Exit status: 0 ") && help.contains(" 1 the proof does not verify")
                    && help.contains(" 2 an input is malformed"),
                    help);
        }
    }

    @Test
    void proveThenVerifyWithBothTools() throws IOException {
        SnarkjsFixture fx = SnarkjsFixture.get();
        Path proof = fx.dir.resolve("cli_proof.json");
        Path pub = fx.dir.resolve("cli_public.json");
        StringWriter err = new StringWriter();
        assertEquals(0, run(err, "groth16", "prove", fx.zkey().toString(), fx.wtns().toString(), proof.toString(), pub.toString()), err::toString);
        assertEquals(0, run(err, "groth16", "verify", fx.verificationKey().toString(), pub.toString(), proof.toString()), err::toString);
        String out = fx.snarkjs("groth16", "verify", "vk.json", "cli_public.json", "cli_proof.json");
        assertTrue(out.contains("OK"), out);

        assertEquals(0, run(err, "groth16", "verify", fx.verificationKey().toString(), fx.publicSignals().toString(), fx.proof().toString()), err::toString);

        Path tampered = fx.dir.resolve("cli_tampered.json");
        String signals = Files.readString(fx.publicSignals());
        Files.writeString(tampered, signals.replaceFirst("\"(\\d+)\"", "\"7\""));
        StringWriter bad = new StringWriter();
        assertEquals(1, run(bad, "groth16", "verify", fx.verificationKey().toString(), tampered.toString(), fx.proof().toString()));
        assertTrue(bad.toString().contains("Invalid proof"), bad::toString);

        StringWriter missing = new StringWriter();
        assertEquals(FileErrorHandler.EXIT_CODE, run(missing, "groth16", "verify", fx.verificationKey().toString(), fx.dir.resolve("nope.json").toString(), fx.proof().toString()));
    }

    /** snarkjs's plain call runs without picocli's model, with the same files and exit statuses; anything else goes to picocli. */
    @Test
    void plainProveRunsWithoutTheCommandLineModel() throws IOException {
        SnarkjsFixture fx = SnarkjsFixture.get();
        String zkey = fx.zkey().toString();
        String wtns = fx.wtns().toString();
        assertEquals(-1, Groth16Command.runPlainProve(new String[] {"groth16", "prove", "--help", zkey, wtns, "p.json"}));
        assertEquals(-1, Groth16Command.runPlainProve(new String[] {"groth16", "verify", zkey, wtns, "p.json", "q.json"}));
        assertEquals(-1, Groth16Command.runPlainProve(new String[] {"groth16", "prove", zkey, wtns}));

        assertEquals(0, Groth16Command.runPlainProve(new String[] {"groth16", "prove", zkey, wtns,
            fx.dir.resolve("plain_proof.json").toString(), fx.dir.resolve("plain_public.json").toString()}));
        String out = fx.snarkjs("groth16", "verify", "vk.json", "plain_public.json", "plain_proof.json");
        assertTrue(out.contains("OK"), out);

        Path missing = fx.dir.resolve("missing.zkey");
        assertEquals(FileErrorHandler.EXIT_CODE, Groth16Command.runPlainProve(new String[] {"groth16", "prove",
            missing.toString(), wtns, fx.dir.resolve("never.json").toString(), fx.dir.resolve("never_public.json").toString()}));
        assertFalse(Files.exists(fx.dir.resolve("never.json")));
    }
}
