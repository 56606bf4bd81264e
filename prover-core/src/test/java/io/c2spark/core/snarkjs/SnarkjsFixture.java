package io.c2spark.core.snarkjs;

import io.c2spark.core.field.Fr;
import io.c2spark.core.testing.NodeOracle;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.Comparator;
import java.util.Random;
import java.util.stream.Stream;

/**
 * One circom2 + snarkjs Groth16 set-up per test JVM, shared by the test classes that need it: the
 * circuit src/test/resources/circom/multiplier_chain.circom compiled for BLS12-381, a fresh powers
 * of tau with a random contribution, the zkey, a witness for random inputs, snarkjs's verification
 * key, proof and public signals. Everything lives in a temporary directory removed at exit.
 */
public final class SnarkjsFixture {
    /** Length of the multiplication chain in the circuit. */
    public static final int CHAIN = 200;
    /** ptau power: the domain must hold the constraints plus one row per public signal and ONE. */
    public static final int POWER = 8;

    private static SnarkjsFixture instance;

    public final Path dir;
    public final BigInteger a;
    public final BigInteger b;
    public final BigInteger c;

    private SnarkjsFixture() throws IOException {
        dir = Files.createTempDirectory("c2spark-snarkjs");
        Runtime.getRuntime().addShutdownHook(new Thread(this::delete));
        Random rnd = new SecureRandom();
        a = new BigInteger(255, rnd).mod(Fr.MODULUS);
        b = new BigInteger(255, rnd).mod(Fr.MODULUS);
        c = BigInteger.valueOf(rnd.nextInt(1 << 16));
        try (InputStream in = SnarkjsFixture.class.getResourceAsStream("/circom/multiplier_chain.circom")) {
            Files.write(dir.resolve("multiplier_chain.circom"), in.readAllBytes());
        }
        NodeOracle.runBin("circom2", dir, "multiplier_chain.circom", "--r1cs", "--wasm", "--prime", "bls12381", "-o", ".");
        snarkjs("powersoftau", "new", "bls12381", String.valueOf(POWER), "pot0.ptau");
        snarkjs("powersoftau", "contribute", "pot0.ptau", "pot1.ptau", "--name=test", "-e=" + new BigInteger(128, rnd));
        snarkjs("powersoftau", "prepare", "phase2", "pot1.ptau", "pot.ptau");
        snarkjs("groth16", "setup", "multiplier_chain.r1cs", "pot.ptau", "chain.zkey");
        Files.writeString(dir.resolve("input.json"), "{\"a\": \"" + a + "\", \"b\": \"" + b + "\", \"c\": \"" + c + "\"}");
        snarkjs("wtns", "calculate", "multiplier_chain_js/multiplier_chain.wasm", "input.json", "chain.wtns");
        snarkjs("zkey", "export", "verificationkey", "chain.zkey", "vk.json");
        snarkjs("groth16", "prove", "chain.zkey", "chain.wtns", "proof.json", "public.json");
    }

    public static synchronized SnarkjsFixture get() throws IOException {
        if (instance == null) {
            instance = new SnarkjsFixture();
        }
        return instance;
    }

    /** Runs snarkjs in the fixture directory and returns its output. */
    public String snarkjs(String... args) {
        return NodeOracle.runBin("snarkjs", dir, args);
    }

    public Path r1cs() {
        return dir.resolve("multiplier_chain.r1cs");
    }

    public Path zkey() {
        return dir.resolve("chain.zkey");
    }

    public Path wtns() {
        return dir.resolve("chain.wtns");
    }

    public Path verificationKey() {
        return dir.resolve("vk.json");
    }

    public Path proof() {
        return dir.resolve("proof.json");
    }

    public Path publicSignals() {
        return dir.resolve("public.json");
    }

    private void delete() {
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
