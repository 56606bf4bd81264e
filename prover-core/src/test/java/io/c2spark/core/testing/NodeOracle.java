package io.c2spark.core.testing;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs a Node.js script from the repository's oracles/ folder (outside verifiers: @noble/curves,
 * snarkjs, circom2), feeding it text on stdin and returning its stdout. The npm packages are pinned
 * in oracles/package-lock.json and installed by deploy/bin/run-tests; a missing install is a test
 * failure, never a skip, so an oracle test cannot pass by not running.
 */
public final class NodeOracle {
    private NodeOracle() {
    }

    /** The repository root: the Maven multi-module directory, passed by Surefire. */
    public static Path repoRoot() {
        String p = System.getProperty("c2spark.repo");
        Path root = p != null ? Path.of(p) : Path.of("..").toAbsolutePath().normalize();
        if (!Files.isDirectory(root.resolve("oracles"))) {
            throw new IllegalStateException("cannot find oracles/ under " + root);
        }
        return root;
    }

    public static Path oraclesDir() {
        Path dir = repoRoot().resolve("oracles");
        if (!Files.isDirectory(dir.resolve("node_modules"))) {
            throw new IllegalStateException("npm oracles are not installed: run deploy/bin/run-tests "
                    + "(or `npm ci` in " + dir + ")");
        }
        return dir;
    }

    /** Runs {@code node <oracles>/<script> args...} with stdin, returns stdout; fails on non-zero exit. */
    public static String run(String script, String stdin, String... args) {
        return runIn(oraclesDir(), List.of("node", oraclesDir().resolve(script).toString()), stdin, args);
    }

    /** Runs an executable from oracles/node_modules/.bin (snarkjs, circom2) in workDir. */
    public static String runBin(String bin, Path workDir, String... args) {
        return runIn(workDir, List.of(oraclesDir().resolve("node_modules/.bin").resolve(bin).toString()), "", args);
    }

    private static String runIn(Path workDir, List<String> command, String stdin, String... args) {
        List<String> cmd = new ArrayList<>(command);
        cmd.addAll(List.of(args));
        try {
            Process proc = new ProcessBuilder(cmd).directory(workDir.toFile()).redirectErrorStream(false).start();
            try (OutputStream in = proc.getOutputStream()) {
                in.write(stdin.getBytes(StandardCharsets.UTF_8));
            }
            byte[] out;
            byte[] err;
            try (InputStream o = proc.getInputStream(); InputStream e = proc.getErrorStream()) {
                out = o.readAllBytes();
                err = e.readAllBytes();
            }
            if (!proc.waitFor(10, TimeUnit.MINUTES)) {
                proc.destroyForcibly();
                throw new IllegalStateException("timed out: " + cmd);
            }
            if (proc.exitValue() != 0) {
                throw new IllegalStateException(String.join(" ", cmd) + " exited " + proc.exitValue() + ":\n"
                        + new String(err, StandardCharsets.UTF_8) + new String(out, StandardCharsets.UTF_8));
            }
            return new String(out, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException("cannot run " + cmd, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted: " + cmd, e);
        }
    }
}
