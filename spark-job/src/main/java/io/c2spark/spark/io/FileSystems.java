package io.c2spark.spark.io;

import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.Path;

/** The file system the job writes a path with. */
public final class FileSystems {
    private FileSystems() {
    }

    /**
     * The path's file system; for file:// the raw local one, so that proofs and work files do not
     * get hidden .crc companions (Hadoop's checksummed local file system adds one per file).
     */
    public static FileSystem forWriting(Path path, Configuration conf) throws IOException {
        FileSystem fs = path.getFileSystem(conf);
        return fs instanceof LocalFileSystem ? ((LocalFileSystem) fs).getRawFileSystem() : fs;
    }
}
