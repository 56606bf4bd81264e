package io.c2spark.spark.testing;

import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Pattern;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RawLocalFileSystem;
import org.apache.hadoop.fs.permission.FsPermission;

/**
 * The local file system under the scheme {@code diskfull://}, on a disk that fills up at a chosen
 * byte: files whose name matches a pattern use up a number of free bytes, and the write that finds
 * no room fails as a write to a full local disk fails under Hadoop: the bytes that do not fit go to
 * /dev/full, whose writes end in ENOSPC ("No space left on device"), which Hadoop's own local output
 * stream turns into an FSError. What comes before the failing write is on disk, as on a real disk.
 * Either the disk stays full (every later write to any file fails the same way) or it has room
 * again after that one failure. Tests cannot fill a real disk, least of all a shared one, nor make
 * it fill at a given moment; this can, and without root. Register it with
 * spark.hadoop.fs.diskfull.impl.
 */
public final class DiskFullFileSystem extends RawLocalFileSystem {
    public static final String SCHEME = "diskfull";
    private static final URI ROOT = URI.create(SCHEME + ":///");
    private static final Path DEV_FULL = new Path("/dev/full");
    private static final Pattern NOTHING = Pattern.compile("(?!)");

    private static volatile Pattern counted = NOTHING;
    private static final AtomicLong free = new AtomicLong(Long.MAX_VALUE);
    private static volatile boolean staysFull;
    private static volatile boolean full;

    /**
     * From now on, writes to files whose name matches namePattern use up freeBytes; the one that
     * finds no room fails, and so does every later write when staysFull, else none.
     */
    public static void fill(String namePattern, long freeBytes, boolean staysFull) {
        DiskFullFileSystem.staysFull = staysFull;
        full = false;
        free.set(freeBytes);
        counted = Pattern.compile(namePattern);
    }

    /** A disk with room for everything again. */
    public static void empty() {
        counted = NOTHING;
        free.set(Long.MAX_VALUE);
        full = false;
    }

    /** The local path as a diskfull:// one. */
    public static String uri(java.nio.file.Path local) {
        return SCHEME + "://" + local.toAbsolutePath();
    }

    @Override
    public URI getUri() {
        return ROOT;
    }

    @Override
    public String getScheme() {
        return SCHEME;
    }

    @Override
    protected OutputStream createOutputStreamWithMode(Path f, boolean append, FsPermission permission) throws IOException {
        return new FillingStream(counted.matcher(f.getName()).matches(), super.createOutputStreamWithMode(f, append,
                permission));
    }

    /** Bytes up to n out of the free ones, taken; what was taken. */
    private static long take(long n) {
        while (true) {
            long f = free.get();
            long t = Math.min(f, n);
            if (free.compareAndSet(f, f - t)) {
                return t;
            }
        }
    }

    /** A file's stream on this disk: what fits goes to the file, the rest to /dev/full. */
    private final class FillingStream extends OutputStream {
        private final boolean countedFile;
        private final OutputStream file;
        private OutputStream devFull;

        FillingStream(boolean countedFile, OutputStream file) {
            this.countedFile = countedFile;
            this.file = file;
        }

        @Override
        public void write(int b) throws IOException {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            if (full) {
                devFull().write(b, off, len);
                return;
            }
            if (!countedFile) {
                file.write(b, off, len);
                return;
            }
            int fits = (int) take(len);
            file.write(b, off, fits);
            if (fits < len) {
                if (staysFull) {
                    full = true;
                } else {
                    empty();
                }
                devFull().write(b, off + fits, len - fits);
            }
        }

        /** A real stream to /dev/full through Hadoop's local output stream, as the file's own is. */
        private OutputStream devFull() throws IOException {
            if (devFull == null) {
                devFull = DiskFullFileSystem.super.createOutputStreamWithMode(DEV_FULL, true, null);
            }
            return devFull;
        }

        @Override
        public void flush() throws IOException {
            file.flush();
        }

        @Override
        public void close() throws IOException {
            try (OutputStream f = file) {
                if (devFull != null) {
                    devFull.close();
                }
            }
        }
    }
}
