package io.c2spark.spark.io;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Where the driver keeps a verified proof, or the run's report, whose destination could not be
 * written after the run had started (a folder that became unwritable, a name taken by a directory):
 * a folder {@code c2spark-fallback-<run>} on the driver's local disk, under
 * c2spark.output.fallbackDir when that is set, else in the driver's working directory, else under
 * java.io.tmpdir. Made on first use; files are written under a temporary name and moved into place.
 * The driver tells the console and the report every file it keeps here.
 */
public final class FallbackDirectory {
    private final String configured;
    private final String name;
    private Path dir;

    /** @param configured c2spark.output.fallbackDir, empty when not set */
    public FallbackDirectory(String configured, String runId) {
        this.configured = configured;
        this.name = "c2spark-fallback-" + runId;
    }

    /** Writes {@code bytes} as {@code fileName} here; returns where. */
    public synchronized Path keep(String fileName, byte[] bytes) throws IOException {
        Path d = dir();
        Path dest = d.resolve(fileName);
        Path tmp = d.resolve("." + fileName + ".tmp");
        try (OutputStream out = Files.newOutputStream(tmp)) {
            out.write(bytes);
        }
        Files.move(tmp, dest, StandardCopyOption.ATOMIC_MOVE);
        return dest;
    }

    private Path dir() throws IOException {
        if (dir != null) {
            return dir;
        }
        if (!configured.isEmpty()) {
            try {
                dir = Files.createDirectories(Path.of(configured).toAbsolutePath().resolve(name));
                return dir;
            } catch (IOException e) {
                throw new IOException("c2spark.output.fallbackDir: cannot create " + configured + "/" + name + ": "
                        + IoReasons.of(e), e);
            }
        }
        IOException first;
        try {
            dir = Files.createDirectories(Path.of("").toAbsolutePath().resolve(name));
            return dir;
        } catch (IOException e) {
            first = e;
        }
        try {
            dir = Files.createDirectories(Path.of(System.getProperty("java.io.tmpdir")).toAbsolutePath().resolve(name));
            return dir;
        } catch (IOException e) {
            e.addSuppressed(first);
            throw new IOException("cannot create a fallback folder " + name + " in the working directory ("
                    + IoReasons.of(first) + ") or under java.io.tmpdir (" + IoReasons.of(e) + ")", e);
        }
    }
}
