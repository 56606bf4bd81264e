package io.c2spark.core.porep.c2;

import io.c2spark.core.porep.SectorShape;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The SHA-256 digests of the test parameter files (.params, .vk, .shape) that the CPU backend
 * makes from one fixed seed at 2KiB and 8MiB (the resource insecure-test-params.sha256 says which
 * command made them), for tests that make the same files again, on the CPU or on a GPU backend,
 * and must get the same bytes. Other modules' tests reach it through prover-core's test jar.
 */
public final class InsecureParameterDigests {
    private static final String RESOURCE = "insecure-test-params.sha256";
    private static final String SEED;
    private static final Map<String, String> DIGESTS = new LinkedHashMap<>();

    static {
        String seed = null;
        try (InputStream in = InsecureParameterDigests.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("test resource " + RESOURCE + " is missing");
            }
            BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.US_ASCII));
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                if (line.startsWith("#") || line.isBlank()) {
                    continue;
                }
                if (line.startsWith("seed ")) {
                    seed = line.substring(5).trim();
                    continue;
                }
                String[] f = line.trim().split("\\s+");
                DIGESTS.put(f[1], f[0]);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        SEED = seed;
    }

    private InsecureParameterDigests() {
    }

    /** The seed (hex) the files were made from: {@code c2spark params --seed} of the digests. */
    public static String seed() {
        return SEED;
    }

    /** File name -> SHA-256 (hex) of the sector size's .params, .vk and .shape files. */
    public static Map<String, String> of(SectorShape size) {
        Map<String, String> out = new LinkedHashMap<>();
        for (Path p : new Path[] {PorepParameters.paramsFile(Path.of(""), size), PorepParameters.vkFile(Path.of(""), size),
            PorepParameters.shapeFile(Path.of(""), size)}) {
            String name = p.getFileName().toString();
            String digest = DIGESTS.get(name);
            if (digest == null) {
                throw new IllegalArgumentException("no digest of " + name + " in " + RESOURCE);
            }
            out.put(name, digest);
        }
        return out;
    }

    /** The SHA-256 (hex) of a file. */
    public static String sha256(Path file) throws IOException {
        MessageDigest sha;
        try {
            sha = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        try (DigestInputStream in = new DigestInputStream(Files.newInputStream(file), sha)) {
            in.transferTo(OutputStream.nullOutputStream());
        }
        return HexFormat.of().formatHex(sha.digest());
    }
}
