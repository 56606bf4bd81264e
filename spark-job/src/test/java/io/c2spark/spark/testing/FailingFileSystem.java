package io.c2spark.spark.testing;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.net.URI;
import java.util.regex.Pattern;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RawLocalFileSystem;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.util.Progressable;

/**
 * The local file system under the scheme {@code failing://}, refusing to create files whose name
 * matches {@link #refuse} as a directory without write permission does ("(Permission denied)").
 * Tests cannot take a directory's write permission away when they run as root, and cannot make
 * one fail at a chosen moment; this can. Register it with spark.hadoop.fs.failing.impl.
 */
public final class FailingFileSystem extends RawLocalFileSystem {
    public static final String SCHEME = "failing";
    private static final URI ROOT = URI.create(SCHEME + ":///");
    private static volatile Pattern refuse = Pattern.compile("(?!)");

    /** From now on, creating a file whose name matches {@code namePattern} fails; null: nothing fails. */
    public static void refuse(String namePattern) {
        refuse = Pattern.compile(namePattern == null ? "(?!)" : namePattern);
    }

    /** The local path as a failing:// one. */
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
    public FSDataOutputStream create(Path f, boolean overwrite, int bufferSize, short replication, long blockSize,
                                     Progressable progress) throws IOException {
        check(f);
        return super.create(f, overwrite, bufferSize, replication, blockSize, progress);
    }

    @Override
    public FSDataOutputStream create(Path f, FsPermission permission, boolean overwrite, int bufferSize,
                                     short replication, long blockSize, Progressable progress) throws IOException {
        check(f);
        return super.create(f, permission, overwrite, bufferSize, replication, blockSize, progress);
    }

    private static void check(Path f) throws FileNotFoundException {
        if (refuse.matcher(f.getName()).matches()) {
            throw new FileNotFoundException(f.toUri().getPath() + " (Permission denied)");
        }
    }
}
