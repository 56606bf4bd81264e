package io.c2spark.core.groth16;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Optional;

/**
 * The integrity check of a whole .params file against a digest kept beside it, as Filecoin checks
 * its parameter cache against parameters.json: {@code <file>.sha256} holds the file's SHA-256 in
 * hex, alone or as sha256sum writes it (digest, blanks, file name). The loader checks every point's
 * encoding and curve equation but not the subgroups (see README, "Parameter files"), so corruption
 * of a point into another valid curve point is what this check is for. Hashing costs about 30 s
 * for a 32GiB sector's 47 GB, so it runs on demand ({@code c2spark prove --check-params-digest},
 * the job's {@code c2spark.params.checkDigest}), not on every load.
 */
public final class ParameterDigest {
    /** Bytes hashed per read. */
    private static final int BUFFER_BYTES = 8 << 20;

    private ParameterDigest() {
    }

    /** The digest file of a parameter file: the same name with .sha256 appended. */
    public static Path fileFor(Path params) {
        return params.resolveSibling(params.getFileName() + ".sha256");
    }

    /** The digest the file's digest file records, or empty when there is none; a malformed one is refused. */
    public static Optional<byte[]> expected(Path params) throws IOException {
        Path file = fileFor(params);
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        String text = Files.readString(file, StandardCharsets.US_ASCII).strip();
        String hex = text.split("\\s+", 2)[0];
        if (!hex.matches("[0-9a-fA-F]{64}")) {
            throw new ParameterFileException(file + ": expected a SHA-256 digest (64 hex digits) first, found \""
                    + (hex.length() > 80 ? hex.substring(0, 80) + "..." : hex) + "\"");
        }
        return Optional.of(HexFormat.of().parseHex(hex));
    }

    /** The SHA-256 of the whole file, read through one direct buffer. */
    public static byte[] compute(Path file) throws IOException {
        MessageDigest sha;
        try {
            sha = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("this JVM has no SHA-256", e);
        }
        ByteBuffer buf = ByteBuffer.allocateDirect(BUFFER_BYTES);
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            while (ch.read(buf) >= 0) {
                buf.flip();
                sha.update(buf);
                buf.clear();
            }
        }
        return sha.digest();
    }

    /**
     * Checks the file against its digest file and returns the digest in hex; refuses, naming both
     * files, when the digest file is missing or malformed or the digests differ.
     */
    public static String verify(Path params) throws IOException {
        Optional<byte[]> want = expected(params);
        if (want.isEmpty()) {
            throw new ParameterFileException(params + ": no digest file " + fileFor(params) + " to check it against");
        }
        byte[] got = compute(params);
        HexFormat hex = HexFormat.of();
        if (!MessageDigest.isEqual(want.get(), got)) {
            throw new ParameterFileException(params + ": SHA-256 " + hex.formatHex(got) + " differs from "
                    + hex.formatHex(want.get()) + " recorded in " + fileFor(params) + " (a corrupted or different file)");
        }
        return hex.formatHex(got);
    }
}
