package io.c2spark.spark.io;

import java.io.IOException;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;
import java.util.UUID;
import org.apache.hadoop.fs.Abortable;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FSError;
import org.apache.hadoop.fs.FileAlreadyExistsException;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.StreamCapabilities;

/**
 * Writes a whole file so that readers see all of it or nothing, and never replaces an existing one.
 *
 * <p>Where rename is atomic (HDFS, the local file system) the bytes go to a hidden temporary name
 * beside the destination ({@code .name.<uuid>.tmp}, skipped by Hadoop's input formats and by
 * {@link InputSet}) and are renamed into place. On object stores (s3a) rename is a copy, so there the
 * file is written by one create: the object appears only when the stream closes (a single PUT for
 * a small file); a failed write is aborted. Either way a failure leaves nothing behind, and is
 * thrown as an IOException naming the destination and the reason, a full local disk included.
 */
public final class AtomicOutput {
    private final Set<String> directPutSchemes;

    /** @param directPutSchemes comma-separated schemes without atomic rename (c2spark.output.directPutSchemes) */
    public AtomicOutput(String directPutSchemes) {
        this.directPutSchemes = new HashSet<>();
        for (String s : directPutSchemes.split(",")) {
            if (!s.isBlank()) {
                this.directPutSchemes.add(s.trim().toLowerCase(Locale.ROOT));
            }
        }
    }

    /** True when files at this path are written by a single create rather than rename. */
    public boolean directPut(FileSystem fs, Path dest) {
        String scheme = fs.makeQualified(dest).toUri().getScheme();
        return scheme != null && directPutSchemes.contains(scheme.toLowerCase(Locale.ROOT));
    }

    /**
     * Writes {@code bytes} as {@code dest}.
     *
     * @throws FileAlreadyExistsException when {@code dest} exists (it is left as it was)
     * @throws IOException any other failure, naming the destination; nothing is left behind
     */
    public void write(FileSystem fs, Path dest, byte[] bytes) throws IOException {
        if (fs.exists(dest)) {
            throw new FileAlreadyExistsException("cannot write " + dest + ": it already exists"
                    + (fs.getFileStatus(dest).isDirectory() ? " as a directory" : ""));
        }
        if (directPut(fs, dest)) {
            writeDirect(fs, dest, bytes);
        } else {
            writeAndRename(fs, dest, bytes);
        }
    }

    private static void writeAndRename(FileSystem fs, Path dest, byte[] bytes) throws IOException {
        Path tmp = temporaryName(dest);
        try {
            try (FSDataOutputStream out = fs.create(tmp, false)) {
                out.write(bytes);
            }
            if (!fs.rename(tmp, dest)) {
                throw new IOException("cannot write " + dest + ": rename from " + tmp.getName() + " failed"
                        + (fs.exists(dest) ? " (the destination appeared meanwhile)" : ""));
            }
        } catch (IOException | RuntimeException | FSError e) {
            deleteQuietly(fs, tmp, e);
            if (e instanceof IOException io && String.valueOf(e.getMessage()).contains(dest.toString())) {
                throw io;
            }
            throw new IOException("cannot write " + dest + ": " + IoReasons.ofWrite(e), e);
        }
    }

    private static void writeDirect(FileSystem fs, Path dest, byte[] bytes) throws IOException {
        FSDataOutputStream out = fs.create(dest, false);
        try {
            out.write(bytes);
        } catch (IOException | RuntimeException | FSError e) {
            if (out.hasCapability(StreamCapabilities.ABORTABLE_STREAM)) {
                ((Abortable) out).abort();
            } else {
                try {
                    out.close();
                } catch (IOException | FSError closing) {
                    e.addSuppressed(closing);
                }
                deleteQuietly(fs, dest, e);
            }
            throw new IOException("cannot write " + dest + ": " + IoReasons.ofWrite(e), e);
        }
        try {
            out.close();
        } catch (IOException | FSError e) {
            // The buffered bytes met the failure only now (a full local disk): what was written goes too.
            deleteQuietly(fs, dest, e);
            throw new IOException("cannot write " + dest + ": " + IoReasons.ofWrite(e), e);
        }
    }

    /** The hidden temporary name used beside {@code dest}. */
    static Path temporaryName(Path dest) {
        return new Path(dest.getParent(), "." + dest.getName() + "." + UUID.randomUUID() + ".tmp");
    }

    private static void deleteQuietly(FileSystem fs, Path p, Throwable cause) {
        try {
            fs.delete(p, false);
        } catch (IOException d) {
            cause.addSuppressed(d);
        }
    }

    @Override
    public String toString() {
        String[] s = directPutSchemes.toArray(new String[0]);
        Arrays.sort(s);
        return "AtomicOutput(direct put on " + String.join(",", s) + ")";
    }
}
