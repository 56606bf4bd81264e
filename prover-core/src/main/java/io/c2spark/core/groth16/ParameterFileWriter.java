package io.c2spark.core.groth16;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * Streams parameters to bellperson's .params and .vk files ({@link ParameterFiles} describes the
 * format) as a backend makes them: each chunk of points is written before the backend makes the
 * next, so nothing holds a query. Both files are written under temporary names (.tmp appended) and
 * renamed only by {@link #commit}, after every section has been written and each file fsync'ed; the
 * directory is fsync'ed after the renames. Closing without a commit deletes the temporary files, so
 * a failure leaves no partial file.
 *
 * <p>Each section ends with an fsync of the .params file, so that its log line can give the disk's
 * real write rate: the bytes over the time spent in writes and in that fsync. The line also gives
 * the section's wall time (the backend's work included). Within a section, a progress line (points
 * done of the total) comes every {@link #PROGRESS_NANOS} of wall time.
 */
public final class ParameterFileWriter implements ParameterSink, AutoCloseable {
    /** Wall time between two progress lines within a section: five seconds. */
    static final long PROGRESS_NANOS = 5_000_000_000L;

    private final Path params;
    private final Path vk;
    private final Path paramsTmp;
    private final Path vkTmp;
    private final Consumer<String> log;
    private final long progressNanos;
    private final LongSupplier clock;
    private FileChannel paramsOut;
    private FileChannel vkOut;
    private final ByteBuffer count = ByteBuffer.allocate(4);
    private ParameterSection section;
    private long sectionPoints;
    private long sectionDone;
    private long sectionStart;
    private long sectionIoNanos;
    private long sectionBytes;
    private long lastProgress;
    private long totalBytes;
    private long totalIoNanos;
    private final long start;
    private boolean finished;
    private boolean committed;

    /** Writes params and vk (under temporary names until {@link #commit}); log gets each section's lines. */
    public ParameterFileWriter(Path params, Path vk, Consumer<String> log) throws IOException {
        this(params, vk, log, PROGRESS_NANOS, System::nanoTime);
    }

    ParameterFileWriter(Path params, Path vk, Consumer<String> log, long progressNanos, LongSupplier clock)
            throws IOException {
        this.params = params;
        this.vk = vk;
        this.paramsTmp = params.resolveSibling(params.getFileName() + ".tmp");
        this.vkTmp = vk.resolveSibling(vk.getFileName() + ".tmp");
        this.log = log;
        this.progressNanos = progressNanos;
        this.clock = clock;
        try {
            paramsOut = open(paramsTmp);
            vkOut = open(vkTmp);
        } catch (IOException | RuntimeException e) {
            close();
            throw e;
        }
        this.start = clock.getAsLong();
    }

    private static FileChannel open(Path file) throws IOException {
        return FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING,
                StandardOpenOption.WRITE);
    }

    @Override
    public void verifyingKey(byte[] encoded) throws IOException {
        if (encoded.length != VERIFYING_KEY_BYTES) {
            throw new IllegalArgumentException("verifying key of " + encoded.length + " bytes, not " + VERIFYING_KEY_BYTES);
        }
        write(ByteBuffer.wrap(encoded), true);
    }

    @Override
    public void begin(ParameterSection section, long points) throws IOException {
        if (points < 0 || points > 0xFFFF_FFFFL) {
            throw new IllegalArgumentException("section " + section.label() + " of " + points + " points: the count is a u32");
        }
        this.section = section;
        sectionPoints = points;
        sectionDone = 0;
        sectionIoNanos = 0;
        sectionBytes = 0;
        sectionStart = clock.getAsLong();
        lastProgress = sectionStart;
        count.clear();
        count.putInt((int) points).flip();
        write(count, section == ParameterSection.IC);
    }

    @Override
    public void points(ByteBuffer encoded) throws IOException {
        long n = encoded.remaining() / section.pointBytes();
        write(encoded, section == ParameterSection.IC);
        sectionDone += n;
        long now = clock.getAsLong();
        if (now - lastProgress >= progressNanos && sectionDone < sectionPoints) {
            lastProgress = now;
            log.accept(String.format("  %-5s %,15d / %,d points (%.0f%%), %.1f s", section.label(), sectionDone,
                    sectionPoints, 100.0 * sectionDone / sectionPoints, (now - sectionStart) / 1e9));
        }
    }

    @Override
    public void end(ParameterSection section) throws IOException {
        long t0 = clock.getAsLong();
        paramsOut.force(false);
        if (section == ParameterSection.IC) {
            vkOut.force(false);
        }
        long syncNanos = clock.getAsLong() - t0;
        sectionIoNanos += syncNanos;
        totalIoNanos += syncNanos;
        long wall = clock.getAsLong() - sectionStart;
        log.accept(String.format("  %-5s %,15d %s points %9s in %7.1f s; disk %7.1f s (fsync %.1f s): %s/s",
                section.label(), sectionPoints, section.isG2() ? "G2" : "G1", bytes(sectionBytes), wall / 1e9,
                sectionIoNanos / 1e9, syncNanos / 1e9, rate(sectionBytes, sectionIoNanos)));
        finished = section == ParameterSection.B_G2;
    }

    /** Writes all of buf to the .params file, and to the .vk file too when toVk (buf's position moves to its limit). */
    private void write(ByteBuffer buf, boolean toVk) throws IOException {
        long t0 = clock.getAsLong();
        int bytes = buf.remaining();
        if (toVk) {
            ByteBuffer copy = buf.duplicate();
            while (copy.hasRemaining()) {
                vkOut.write(copy);
            }
        }
        while (buf.hasRemaining()) {
            paramsOut.write(buf);
        }
        long io = clock.getAsLong() - t0;
        sectionIoNanos += io;
        totalIoNanos += io;
        sectionBytes += bytes;
        totalBytes += bytes;
    }

    /**
     * After the last section: fsyncs and closes both files, renames them to their names (the .vk
     * first: a .params file is never there without its .vk), fsyncs the directory, and logs the
     * totals.
     */
    public void commit() throws IOException {
        if (!finished) {
            throw new IllegalStateException("the parameters are not complete: section " + (section == null ? "ic"
                    : section.label()) + " is the last begun");
        }
        long t0 = clock.getAsLong();
        vkOut.force(true);
        paramsOut.force(true);
        vkOut.close();
        paramsOut.close();
        Files.move(vkTmp, vk, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        Files.move(paramsTmp, params, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        syncDirectory(params.toAbsolutePath().getParent());
        committed = true;
        totalIoNanos += clock.getAsLong() - t0;
        long wall = clock.getAsLong() - start;
        log.accept(String.format("wrote %s (%s) and %s in %.1f s; disk %.1f s: %s/s including every fsync", params,
                bytes(totalBytes), vk.getFileName(), wall / 1e9, totalIoNanos / 1e9, rate(totalBytes, totalIoNanos)));
    }

    private static void syncDirectory(Path dir) throws IOException {
        try (FileChannel d = FileChannel.open(dir, StandardOpenOption.READ)) {
            d.force(true);
        } catch (IOException e) {
            // Some file systems cannot open or sync a directory; the files themselves are synced.
        }
    }

    /** Without a commit: closes and deletes the temporary files. */
    @Override
    public void close() throws IOException {
        if (committed) {
            return;
        }
        try {
            if (paramsOut != null) {
                paramsOut.close();
            }
            if (vkOut != null) {
                vkOut.close();
            }
        } finally {
            Files.deleteIfExists(paramsTmp);
            Files.deleteIfExists(vkTmp);
        }
    }

    static String bytes(long n) {
        return n >= 1L << 30 ? String.format("%.2f GiB", n / (double) (1L << 30))
                : n >= 1L << 20 ? String.format("%.1f MiB", n / (double) (1L << 20)) : String.format("%,d B", n);
    }

    private static String rate(long bytes, long nanos) {
        return nanos <= 0 ? "-" : bytes(Math.round(bytes / (nanos / 1e9)));
    }
}
