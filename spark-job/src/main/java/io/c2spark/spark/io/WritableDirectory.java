package io.c2spark.spark.io;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.UUID;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FSError;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Proves, before anything is proven, that the job can write where a setting points: the directory
 * is made if missing, and a hidden probe file is created, written and deleted in it, as proofs,
 * work files and reports will be. A failure names the setting (and what it defaulted to, when it
 * was not set), the directory and the file system's or operating system's reason.
 */
public final class WritableDirectory {
    private static final byte[] PROBE = "c2spark write probe\n".getBytes(StandardCharsets.US_ASCII);

    private WritableDirectory() {
    }

    /**
     * @param setting the setting that pointed here, as the message should name it, e.g.
     *                "c2spark.work.dir (not set: c2spark.output/_work)"
     */
    public static void check(FileSystem fs, Path dir, String setting) throws IOException {
        FileStatus status;
        try {
            status = fs.getFileStatus(dir);
        } catch (FileNotFoundException e) {
            status = null;
        } catch (IOException e) {
            throw new IOException(setting + ": cannot look at " + dir + ": " + IoReasons.of(e), e);
        }
        if (status != null && !status.isDirectory()) {
            throw new IOException(setting + ": " + dir + " exists and is not a directory");
        }
        if (status == null) {
            mkdirs(fs, dir, setting);
        }
        Path probe = new Path(dir, ".c2spark-probe-" + UUID.randomUUID());
        try (FSDataOutputStream out = fs.create(probe, false)) {
            out.write(PROBE);
        } catch (IOException | FSError e) {
            deleteQuietly(fs, probe);
            throw new IOException(setting + ": cannot write in " + dir + ": " + IoReasons.ofWrite(e), e);
        }
        try {
            if (!fs.delete(probe, false)) {
                throw new IOException("the file system refused");
            }
        } catch (IOException e) {
            throw new IOException(setting + ": cannot delete a file written in " + dir + " (" + probe.getName()
                    + "): " + IoReasons.of(e), e);
        }
    }

    private static void mkdirs(FileSystem fs, Path dir, String setting) throws IOException {
        String failed = setting + ": cannot create directory " + dir + ": ";
        boolean made;
        try {
            made = fs.mkdirs(dir);
        } catch (IOException e) {
            throw new IOException(failed + IoReasons.of(e), e);
        }
        if (made) {
            return;
        }
        // Hadoop's local file system only answers false; java.nio says why.
        if ("file".equals(fs.makeQualified(dir).toUri().getScheme())) {
            try {
                Files.createDirectories(Paths.get(fs.makeQualified(dir).toUri()));
                return;
            } catch (IOException e) {
                throw new IOException(failed + IoReasons.of(e), e);
            }
        }
        throw new IOException(failed + "the file system refused");
    }

    private static void deleteQuietly(FileSystem fs, Path p) {
        try {
            fs.delete(p, false);
        } catch (IOException ignored) {
            // The create failed, so there is most likely nothing to delete.
        }
    }
}
