package io.c2spark.spark.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.util.Arrays;
import java.util.Random;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileAlreadyExistsException;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.FilterFileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.util.Progressable;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AtomicOutputTest {
    @TempDir
    File tmp;

    private FileSystem local;
    private Path dir;
    private final byte[] bytes = new byte[4096 + new Random().nextInt(4096)];

    @BeforeEach
    void setUp() throws IOException {
        local = FileSystem.getLocal(new Configuration()).getRawFileSystem();
        dir = new Path(tmp.toURI());
        new Random().nextBytes(bytes);
    }

    @Test
    void renameWriteLeavesOnlyTheWholeFile() throws IOException {
        AtomicOutput out = new AtomicOutput("s3a");
        Path dest = new Path(dir, "a.proof");
        assertFalse(out.directPut(local, dest));
        out.write(local, dest, bytes);
        assertArrayEquals(bytes, read(local, dest));
        assertEquals(1, local.listStatus(dir).length, "no temporary file left: " + Arrays.toString(local.listStatus(dir)));
    }

    @Test
    void anExistingFileIsNeverReplaced() throws IOException {
        AtomicOutput out = new AtomicOutput("");
        Path dest = new Path(dir, "a.proof");
        out.write(local, dest, bytes);
        FileAlreadyExistsException e = assertThrows(FileAlreadyExistsException.class,
                () -> out.write(local, dest, new byte[] {1, 2, 3}));
        assertTrue(e.getMessage().contains(dest.toString()), e.getMessage());
        assertArrayEquals(bytes, read(local, dest));
        local.mkdirs(new Path(dir, "d.proof"));
        e = assertThrows(FileAlreadyExistsException.class, () -> out.write(local, new Path(dir, "d.proof"), bytes));
        assertTrue(e.getMessage().endsWith("as a directory"), e.getMessage());
    }

    @Test
    void aWriteThatFailsMidwayLeavesNothing() throws IOException {
        FileSystem failing = new FailingFileSystem(local, bytes.length / 2);
        Path dest = new Path(dir, "a.proof");
        IOException e = assertThrows(IOException.class, () -> new AtomicOutput("").write(failing, dest, bytes));
        assertTrue(e.getMessage().startsWith("cannot write " + dest), e.getMessage());
        assertEquals(0, local.listStatus(dir).length, Arrays.toString(local.listStatus(dir)));
    }

    @Test
    void directPutWritesInOneCreateAndCleansUpOnFailure() throws IOException {
        AtomicOutput out = new AtomicOutput("file, s3a");
        Path dest = new Path(dir, "a.proof");
        assertTrue(out.directPut(local, dest));
        out.write(local, dest, bytes);
        assertArrayEquals(bytes, read(local, dest));
        assertEquals(1, local.listStatus(dir).length);

        Path dest2 = new Path(dir, "b.proof");
        IOException e = assertThrows(IOException.class,
                () -> out.write(new FailingFileSystem(local, 10), dest2, bytes));
        assertTrue(e.getMessage().startsWith("cannot write " + dest2), e.getMessage());
        assertFalse(local.exists(dest2));
        assertEquals(1, local.listStatus(dir).length);
    }

    @Test
    void aMissingParentThatCannotBeCreatedIsAClearError() throws IOException {
        Path file = new Path(dir, "plain-file");
        new AtomicOutput("").write(local, file, bytes);
        IOException e = assertThrows(IOException.class,
                () -> new AtomicOutput("").write(local, new Path(file, "a.proof"), bytes));
        assertTrue(e.getMessage().contains("cannot write " + new Path(file, "a.proof")), e.getMessage());
        assertEquals(1, local.listStatus(dir).length);
    }

    private static byte[] read(FileSystem fs, Path p) throws IOException {
        byte[] b = new byte[(int) fs.getFileStatus(p).getLen()];
        try (var in = fs.open(p)) {
            in.readFully(0, b);
        }
        return b;
    }

    /** Streams it creates fail after {@code limit} bytes, as a full disk or a lost datanode would. */
    private static final class FailingFileSystem extends FilterFileSystem {
        private final int limit;

        FailingFileSystem(FileSystem fs, int limit) {
            super(fs);
            this.limit = limit;
        }

        @Override
        public URI getUri() {
            return fs.getUri();
        }

        @Override
        public FSDataOutputStream create(Path f, FsPermission permission, boolean overwrite, int bufferSize,
                                         short replication, long blockSize, Progressable progress) throws IOException {
            FSDataOutputStream real = fs.create(f, permission, overwrite, bufferSize, replication, blockSize, progress);
            return new FSDataOutputStream(new java.io.OutputStream() {
                private int written;

                @Override
                public void write(int b) throws IOException {
                    if (++written > limit) {
                        throw new IOException("simulated failure after " + limit + " bytes");
                    }
                    real.write(b);
                }

                @Override
                public void close() throws IOException {
                    real.close();
                }
            }, null);
        }
    }
}
