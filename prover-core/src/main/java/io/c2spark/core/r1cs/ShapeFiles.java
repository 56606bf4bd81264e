package io.c2spark.core.r1cs;

import io.c2spark.core.field.Fr;
import io.c2spark.core.input.Excerpt;
import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.zip.CRC32C;

/**
 * An {@link R1csShape} on disk, so that a circuit synthesised once, when its parameters are made,
 * is read back for every later proof, an order of magnitude faster than synthesising it again.
 *
 * <p>Format, little-endian: the magic {@code C2SSHAPE}; u32 format version 1; the circuit's name
 * (u32 byte length, UTF-8), which the reader must be given back; u32 inputs, aux variables,
 * constraints and table coefficients; u32 non-zeros of A, B and C; then for A, B, C in turn the row
 * starts (constraints + 1 u32), the packed variables and the coefficient indices (u32 each); the
 * coefficient table (Fr, Montgomery form, 4 u64 each); the five bitmaps of {@link R1csShape}
 * (A input density, A aux density, B input density, B aux density, aux bits; u32 words, then the
 * words); and a u64 CRC-32C of every byte before it.
 *
 * <p>The reader checks the checksum, every count, index and coefficient, and refuses a bad file with
 * a {@link ShapeFileException} naming the file and the field. Files are written under a temporary
 * name, fsync'ed and renamed, so a crash leaves no partial file.
 */
public final class ShapeFiles {
    static final byte[] MAGIC = "C2SSHAPE".getBytes(StandardCharsets.US_ASCII);
    static final int VERSION = 1;
    private static final int BUFFER = 1 << 20;
    private static final String[] MATRICES = {"A", "B", "C"};
    private static final String[] BITMAPS = {"A input density", "A aux density", "B input density",
        "B aux density", "aux bits"};

    private ShapeFiles() {
    }

    /** Writes shape, synthesised from the named circuit, to file (replacing it). */
    public static void write(R1csShape shape, String circuit, Path file) throws IOException {
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        SparseMatrix[] m = {shape.a(), shape.b(), shape.c()};
        try (Sink out = new Sink(tmp)) {
            out.bytes(MAGIC);
            out.u32(VERSION);
            byte[] name = circuit.getBytes(StandardCharsets.UTF_8);
            out.u32(name.length);
            out.bytes(name);
            out.u32(shape.numInputs());
            out.u32(shape.numAux());
            out.u32(shape.numConstraints());
            out.u32(shape.numCoefficients());
            for (SparseMatrix x : m) {
                out.u32(x.nonZeros());
            }
            for (SparseMatrix x : m) {
                out.ints(x.rowStarts());
                out.ints(x.vars());
                out.ints(x.coeffs());
            }
            out.longs(shape.coefficients());
            for (long[] bitmap : bitmaps(shape)) {
                out.u32(bitmap.length);
                out.longs(bitmap);
            }
            out.checksum();
            out.sync();
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(tmp);
            throw e;
        }
        Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }

    private static long[][] bitmaps(R1csShape s) {
        return new long[][] {s.aInputDensity(), s.aAuxDensity(), s.bInputDensity(), s.bAuxDensity(), s.auxBits()};
    }

    /** Reads the shape of the named circuit from file. */
    public static R1csShape read(Path file, String circuit) throws IOException {
        return read(file, circuit, true);
    }

    /** Reads a shape from file whatever circuit it names (for tools that take the file as given). */
    public static R1csShape readAnyCircuit(Path file) throws IOException {
        return read(file, null, false);
    }

    private static R1csShape read(Path file, String circuit, boolean checkName) throws IOException {
        try (Source in = new Source(file)) {
            byte[] magic = in.bytes(MAGIC.length, "magic");
            if (!Arrays.equals(magic, MAGIC)) {
                throw in.error("magic", "is not a c2spark circuit shape file");
            }
            int version = in.u32("format version");
            if (version != VERSION) {
                throw in.error("format version", "is " + version + "; this reader reads version " + VERSION);
            }
            int nameLength = in.count("circuit name length", 1 << 12);
            String name = new String(in.bytes(nameLength, "circuit name"), StandardCharsets.UTF_8);
            if (checkName && !name.equals(circuit)) {
                throw in.error("circuit name", "is " + Excerpt.quoted(name) + ", expected \"" + circuit + "\"");
            }
            int inputs = in.count("inputs", Integer.MAX_VALUE);
            int aux = in.count("aux variables", Integer.MAX_VALUE);
            int constraints = in.count("constraints", Integer.MAX_VALUE - 1);
            int coefficients = in.count("coefficients", Integer.MAX_VALUE / Fr.LIMBS);
            int[] nonZeros = new int[3];
            for (int k = 0; k < 3; k++) {
                nonZeros[k] = in.count("non-zeros of " + MATRICES[k], Integer.MAX_VALUE);
            }
            int[] bits = {inputs, aux, inputs, aux, aux};
            long size = 8 + 4 + 4 + nameLength + 4 * 4 + 3 * 4 + 3 * 4L * (constraints + 1) + 32L * coefficients + 8;
            for (int k = 0; k < 3; k++) {
                size += 8L * nonZeros[k];
            }
            for (int b : bits) {
                size += 4 + 8L * ((b + 63) >>> 6);
            }
            if (size != in.size()) {
                throw in.error("header", "counts call for " + size + " bytes; the file has " + in.size());
            }
            SparseMatrix[] m = new SparseMatrix[3];
            for (int k = 0; k < 3; k++) {
                String x = MATRICES[k];
                int[] rowStart = in.ints(constraints + 1, x + " row starts");
                int[] vars = in.ints(nonZeros[k], x + " variables");
                int[] coeffs = in.ints(nonZeros[k], x + " coefficient indices");
                checkMatrix(in, x, rowStart, vars, coeffs, inputs, aux, coefficients);
                m[k] = new SparseMatrix(rowStart, vars, coeffs);
            }
            long[] table = in.longs((long) coefficients * Fr.LIMBS, "coefficient table");
            for (int i = 0; i < coefficients; i++) {
                if (!Fr.FIELD.isCanonical(table, i * Fr.LIMBS)) {
                    throw in.error("coefficient table", "entry " + i + " is not below the field modulus");
                }
            }
            long[][] maps = new long[5][];
            for (int k = 0; k < 5; k++) {
                int words = (bits[k] + 63) >>> 6;
                int got = in.u32(BITMAPS[k] + " length");
                if (got != words) {
                    throw in.error(BITMAPS[k] + " length", "is " + Integer.toUnsignedString(got) + " words; "
                            + bits[k] + " bits take " + words);
                }
                maps[k] = in.longs(words, BITMAPS[k]);
            }
            in.verifyChecksum();
            return new R1csShape(inputs, aux, m[0], m[1], m[2], table, maps[0], maps[1], maps[2], maps[3], maps[4]);
        }
    }

    private static void checkMatrix(Source in, String x, int[] rowStart, int[] vars, int[] coeffs, int inputs, int aux,
            int coefficients) throws ShapeFileException {
        if (rowStart[0] != 0 || rowStart[rowStart.length - 1] != vars.length) {
            throw in.error(x + " row starts", "run from " + rowStart[0] + " to " + rowStart[rowStart.length - 1]
                    + ", not 0 to the " + vars.length + " non-zeros");
        }
        for (int r = 0; r + 1 < rowStart.length; r++) {
            if (rowStart[r + 1] < rowStart[r]) {
                throw in.error(x + " row starts", "decrease at row " + r);
            }
        }
        for (int p = 0; p < vars.length; p++) {
            int v = vars[p];
            if (Variable.isInput(v) ? Variable.index(v) >= inputs : v >= aux) {
                throw in.error(x + " variables", "term " + p + " names " + Variable.toString(v) + ", outside the "
                        + inputs + " inputs and " + aux + " aux variables");
            }
            if (coeffs[p] < 0 || coeffs[p] >= coefficients) {
                throw in.error(x + " coefficient indices", "term " + p + " names coefficient " + coeffs[p]
                        + " of " + coefficients);
            }
        }
    }

    /** Buffered little-endian output that keeps a CRC-32C of what it writes. */
    private static final class Sink implements AutoCloseable {
        private final FileChannel channel;
        private final ByteBuffer buf = ByteBuffer.allocateDirect(BUFFER).order(ByteOrder.LITTLE_ENDIAN);
        private final CRC32C crc = new CRC32C();

        Sink(Path file) throws IOException {
            channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING,
                    StandardOpenOption.WRITE);
        }

        private void room(int bytes) throws IOException {
            if (buf.remaining() < bytes) {
                flush();
            }
        }

        private void flush() throws IOException {
            buf.flip();
            crc.update(buf.duplicate());
            while (buf.hasRemaining()) {
                channel.write(buf);
            }
            buf.clear();
        }

        void u32(int v) throws IOException {
            room(4);
            buf.putInt(v);
        }

        void bytes(byte[] b) throws IOException {
            room(b.length);
            buf.put(b);
        }

        void ints(int[] a) throws IOException {
            for (int i = 0; i < a.length;) {
                room(4);
                int n = Math.min(a.length - i, buf.remaining() / 4);
                buf.asIntBuffer().put(a, i, n);
                buf.position(buf.position() + 4 * n);
                i += n;
            }
        }

        void longs(long[] a) throws IOException {
            for (int i = 0; i < a.length;) {
                room(8);
                int n = Math.min(a.length - i, buf.remaining() / 8);
                buf.asLongBuffer().put(a, i, n);
                buf.position(buf.position() + 8 * n);
                i += n;
            }
        }

        /** Appends the CRC-32C of everything written so far. */
        void checksum() throws IOException {
            flush();
            buf.putLong(crc.getValue());
            buf.flip();
            while (buf.hasRemaining()) {
                channel.write(buf);
            }
        }

        /** Forces the file's bytes to the disk. */
        void sync() throws IOException {
            channel.force(false);
        }

        @Override
        public void close() throws IOException {
            channel.close();
        }
    }

    /** Buffered little-endian input that keeps a CRC-32C of what it has consumed, naming the file in its errors. */
    private static final class Source implements AutoCloseable {
        private final Path file;
        private final FileChannel channel;
        private final ByteBuffer buf = ByteBuffer.allocateDirect(BUFFER).order(ByteOrder.LITTLE_ENDIAN);
        private final CRC32C crc = new CRC32C();
        /** Where in buf the bytes not yet added to the checksum start. */
        private int unchecked;

        Source(Path file) throws IOException {
            this.file = file;
            this.channel = FileChannel.open(file, StandardOpenOption.READ);
            buf.limit(0);
        }

        long size() throws IOException {
            return channel.size();
        }

        ShapeFileException error(String field, String problem) {
            return new ShapeFileException(file + ": " + field + " " + problem);
        }

        /** Makes at least bytes (at most BUFFER) available, or fails naming the field. */
        private void need(int bytes, String field) throws IOException {
            if (buf.remaining() >= bytes) {
                return;
            }
            checkConsumed();
            buf.compact();
            while (buf.position() < bytes) {
                if (channel.read(buf) < 0) {
                    throw new ShapeFileException(file + ": " + field + " cut short: the file ends at byte "
                            + channel.size(), new EOFException());
                }
            }
            buf.flip();
            unchecked = 0;
        }

        private void checkConsumed() {
            int end = buf.position();
            ByteBuffer done = buf.duplicate();
            done.position(unchecked).limit(end);
            crc.update(done);
            unchecked = end;
        }

        int u32(String field) throws IOException {
            need(4, field);
            return buf.getInt();
        }

        /** A u32 count no larger than max. */
        int count(String field, int max) throws IOException {
            long v = Integer.toUnsignedLong(u32(field));
            if (v > max) {
                throw error(field, "is " + v + ", more than " + max);
            }
            return (int) v;
        }

        byte[] bytes(int n, String field) throws IOException {
            need(n, field);
            byte[] b = new byte[n];
            buf.get(b);
            return b;
        }

        int[] ints(long n, String field) throws IOException {
            if (n > Integer.MAX_VALUE - 8) {
                throw error(field, "has " + n + " entries, more than a Java array holds");
            }
            int[] a = new int[(int) n];
            for (int i = 0; i < a.length;) {
                need(4, field);
                int k = Math.min(a.length - i, buf.remaining() / 4);
                buf.asIntBuffer().get(a, i, k);
                buf.position(buf.position() + 4 * k);
                i += k;
            }
            return a;
        }

        long[] longs(long n, String field) throws IOException {
            if (n > Integer.MAX_VALUE - 8) {
                throw error(field, "has " + n + " entries, more than a Java array holds");
            }
            long[] a = new long[(int) n];
            for (int i = 0; i < a.length;) {
                need(8, field);
                int k = Math.min(a.length - i, buf.remaining() / 8);
                buf.asLongBuffer().get(a, i, k);
                buf.position(buf.position() + 8 * k);
                i += k;
            }
            return a;
        }

        /** Reads the trailing checksum and compares it with the bytes before it. */
        void verifyChecksum() throws IOException {
            checkConsumed();
            long want = crc.getValue();
            long got = u64("checksum");
            if (got != want) {
                throw error("checksum", String.format("is %08x; the contents give %08x (the file is corrupt)", got, want));
            }
        }

        private long u64(String field) throws IOException {
            need(8, field);
            return buf.getLong();
        }

        @Override
        public void close() throws IOException {
            channel.close();
        }
    }
}
