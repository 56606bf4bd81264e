package io.c2spark.core.groth16;

import java.io.EOFException;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedByInterruptException;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * A bellperson .params file opened for reading in place: its verifying key read and checked (every
 * point on the curve and in the subgroup, as {@link ParameterFiles#readVk} checks a .vk), its five
 * query sections found by their u32 big-endian counts and their sizes checked against the file's
 * length (a truncated file, a count that runs past the end or trailing bytes are refused with the
 * file and the section named), and then the points read by position, any range into any buffer
 * (pinned memory for a GPU's upload), from several threads at once. The points are not decoded or
 * checked here: whoever reads them does that (the GPU's decode kernel checks every point's flags,
 * range and curve equation). Nothing of the queries is held in memory.
 *
 * <p>A file channel is closed by the JVM when a thread reading it is interrupted (a Spark task
 * cancelled mid-read), which would fail every other reader of the shared file: the channel is then
 * opened again for them, and the interrupted reader gets an InterruptedIOException.
 */
public final class ParameterFile implements ParameterSource, AutoCloseable {
    private static final Query[] QUERIES = Query.values();

    private final Path path;
    private final long size;
    private final VerifyingKey vk;
    private final long[] offsets = new long[QUERIES.length];
    private final int[] counts = new int[QUERIES.length];
    private volatile FileChannel channel;
    private volatile boolean closed;

    private ParameterFile(Path path, FileChannel channel) throws IOException {
        this.path = path;
        this.channel = channel;
        this.size = channel.size();
        ParameterFiles.VkHead head = ParameterFiles.readVkHead(path);
        this.vk = head.vk();
        long at = head.end();
        ByteBuffer count = ByteBuffer.allocate(4);
        for (Query q : QUERIES) {
            count.clear();
            if (at + 4 > size || channel.read(count, at) != 4) {
                throw new ParameterFileException(path + ": section " + q.section + ": file ends at byte " + size
                        + " inside its count (at byte " + at + ")", new EOFException());
            }
            long n = Integer.toUnsignedLong(count.getInt(0));
            long bytes = n * q.encodedBytes();
            if (at + 4 + bytes > size) {
                throw new ParameterFileException(path + ": section " + q.section + ": file ends at byte " + size
                        + " inside its " + n + " points (" + bytes + " bytes from byte " + (at + 4) + ")", new EOFException());
            }
            if (n > Integer.MAX_VALUE) {
                throw new ParameterFileException(path + ": section " + q.section + " holds " + n
                        + " points, more than this reader addresses (2^31 - 1)");
            }
            offsets[q.ordinal()] = at + 4;
            counts[q.ordinal()] = (int) n;
            at += 4 + bytes;
        }
        if (at != size) {
            throw new ParameterFileException(path + ": unexpected bytes after the last section, at byte " + at + " ("
                    + (size - at) + " of them)");
        }
        if (counts[Query.B_G1.ordinal()] != counts[Query.B_G2.ordinal()]) {
            throw new ParameterFileException(path + ": sections b_g1 and b_g2 hold " + counts[Query.B_G1.ordinal()] + " and "
                    + counts[Query.B_G2.ordinal()] + " points; both hold one per variable in B");
        }
    }

    /** Opens the file, reading its verifying key and checking its sections' sizes. */
    public static ParameterFile open(Path file) throws IOException {
        FileChannel channel = FileChannel.open(file, StandardOpenOption.READ);
        try {
            return new ParameterFile(file, channel);
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e;
        }
    }

    public Path path() {
        return path;
    }

    /** The file's length in bytes. */
    public long size() {
        return size;
    }

    /** The byte offset of the query's first point in the file. */
    public long offset(Query q) {
        return offsets[q.ordinal()];
    }

    /** Bytes of all query points: what a loader reads. */
    public long pointBytes() {
        long b = 0;
        for (Query q : QUERIES) {
            b += (long) counts[q.ordinal()] * q.encodedBytes();
        }
        return b;
    }

    @Override
    public String origin() {
        return path.toString();
    }

    @Override
    public VerifyingKey vk() {
        return vk;
    }

    @Override
    public int count(Query q) {
        return counts[q.ordinal()];
    }

    @Override
    public void read(Query q, long first, int n, ByteBuffer dst) throws IOException {
        ParameterSource.checkRead(this, q, first, n, dst);
        int len = n * q.encodedBytes();
        ByteBuffer view = dst.slice(dst.position(), len);
        long at = offsets[q.ordinal()] + first * q.encodedBytes();
        while (view.hasRemaining()) {
            FileChannel ch = channel;
            int r;
            try {
                r = ch.read(view, at + view.position());
            } catch (ClosedByInterruptException e) {
                // The channel is closed for every reader; the next one opens it again.
                InterruptedIOException interrupted = new InterruptedIOException("interrupted reading " + path);
                interrupted.initCause(e);
                throw interrupted;
            } catch (ClosedChannelException e) {
                // Closed under this reader (AsynchronousCloseException) or before it began.
                reopen(ch);
                continue;
            }
            if (r < 0) {
                throw new ParameterFileException(path + ": section " + q.section + ": file ends at byte "
                        + (at + view.position()) + " inside points " + first + " .. " + (first + n - 1)
                        + " (it was " + size + " bytes when opened)", new EOFException());
            }
        }
        dst.position(dst.position() + len);
    }

    /**
     * Opens the file again where stale is still the channel (a reader's interruption closed it);
     * refused once this file is closed, or when the file is no longer the size it had.
     */
    private synchronized void reopen(FileChannel stale) throws IOException {
        if (closed) {
            throw new ClosedChannelException();
        }
        if (channel == stale) {
            long now = Files.size(path);
            if (now != size) {
                throw new ParameterFileException(path + ": the file is " + now + " bytes now, " + size
                        + " when it was opened");
            }
            channel = FileChannel.open(path, StandardOpenOption.READ);
        }
    }

    @Override
    public synchronized void close() throws IOException {
        closed = true;
        channel.close();
    }
}
