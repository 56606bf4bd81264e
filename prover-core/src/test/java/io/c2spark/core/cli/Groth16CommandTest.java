package io.c2spark.core.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.c2spark.core.snarkjs.SnarkjsFixture;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine;

import org.junit.jupiter.api.Test;

/** {@code c2spark groth16 prove|verify} with snarkjs's files, both directions. */
class Groth16CommandTest {
    private static int run(StringWriter err, String... args) {
        CommandLine cli = new CommandLine(new C2SparkCli());
        cli.setOut(new PrintWriter(new StringWriter()));
        cli.setErr(new PrintWriter(err, true));
        return cli.execute(args);
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
        assertEquals(1, run(missing, "groth16", "verify", fx.verificationKey().toString(), fx.dir.resolve("nope.json").toString(), fx.proof().toString()));
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
