package io.c2spark.core.groth16;

import io.c2spark.core.concurrent.ComputePool;
import io.c2spark.core.curve.G1;
import io.c2spark.core.curve.G2;
import io.c2spark.core.curve.IfmaDecoder;
import io.c2spark.core.curve.LaneDecoder;
import io.c2spark.core.curve.ZcashEncoding;
import io.c2spark.core.field.LaneSupport;
import java.io.BufferedOutputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;

/**
 * bellperson's parameter files (groth16/params.rs, verifying_key.rs), streamed:
 * <ul>
 * <li>.vk: alpha_g1, beta_g1, beta_g2, gamma_g2, delta_g1, delta_g2, then a u32 big-endian count
 * and the IC points;
 * <li>.params: the .vk content, then h, l, a, b_g1 (G1) and b_g2 (G2), each a u32 big-endian count
 * and its points.
 * </ul>
 * Points are uncompressed zcash encodings (G1 96 bytes, G2 192). As bellperson does, the key's
 * points are always checked (on the curve, in the subgroup) and the IC and query points must not be
 * at infinity; the queries' subgroup check can be skipped for trusted files (bellperson's
 * {@code checked = false}), their on-curve check cannot. Trailing bytes are refused.
 *
 * <p>Sections are read through a fixed buffer of {@link #CHUNK_POINTS} points and decoded in
 * parallel into the destination array, so no file is held whole in memory; a section larger than
 * one Java array holds (2^31 longs: 178M G1 points, 89M G2 points) is refused.
 */
public final class ParameterFiles {
    /** Points per read: 1.5 MiB of G1 encodings. */
    static final int CHUNK_POINTS = 1 << 14;
    private static final int G1U = ZcashEncoding.G1_UNCOMPRESSED;
    private static final int G2U = ZcashEncoding.G2_UNCOMPRESSED;
    private static final String[] QUERIES = {"h", "l", "a", "b_g1"};

    private ParameterFiles() {
    }

    /** Writes a .vk file. */
    public static void writeVk(VerifyingKey vk, Path file) throws IOException {
        try (DataOutputStream out = output(file)) {
            writeVk(vk, out);
        }
    }

    /** Writes a .params file. */
    public static void writeParams(Parameters params, Path file) throws IOException {
        try (DataOutputStream out = output(file)) {
            writeVk(params.vk(), out);
            writeSection(out, params.h(), false);
            writeSection(out, params.l(), false);
            writeSection(out, params.a(), false);
            writeSection(out, params.bG1(), false);
            writeSection(out, params.bG2(), true);
        }
    }

    /** Reads a .vk file, every point checked. */
    public static VerifyingKey readVk(Path file) throws IOException {
        try (Reader in = new Reader(file)) {
            VerifyingKey vk = readVk(in);
            in.expectEnd();
            return vk;
        }
    }

    /**
     * Reads a .params file; checkSubgroups = false skips the queries' subgroup checks (trusted
     * files: the check dominates the load time).
     */
    public static Parameters readParams(Path file, boolean checkSubgroups) throws IOException {
        try (Reader in = new Reader(file)) {
            VerifyingKey vk = readVk(in);
            long[][] q = new long[4][];
            for (int i = 0; i < 4; i++) {
                q[i] = in.section(QUERIES[i], false, checkSubgroups, i == 3);
            }
            long[] bG2 = in.section("b_g2", true, checkSubgroups, null);
            in.expectEnd();
            try {
                return new Parameters(vk, q[0], q[1], q[2], q[3], bG2);
            } catch (IllegalArgumentException e) {
                throw new ParameterFileException(file + ": " + e.getMessage(), e);
            }
        }
    }

    /** The verifying key at the head of a .params file, and the byte where the file's queries begin. */
    record VkHead(VerifyingKey vk, long end) {
    }

    /** Reads the verifying key at the head of a .params file, every point checked, and no further. */
    static VkHead readVkHead(Path file) throws IOException {
        try (Reader in = new Reader(file)) {
            VerifyingKey vk = readVk(in);
            return new VkHead(vk, in.offset);
        }
    }

    private static DataOutputStream output(Path file) throws IOException {
        return new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(file), 1 << 20));
    }

    private static void writeVk(VerifyingKey vk, DataOutputStream out) throws IOException {
        if (vk.beta1() == null || vk.delta1() == null) {
            throw new IllegalArgumentException("a bellperson verifying key needs beta_g1 and delta_g1");
        }
        out.write(ZcashEncoding.encodeG1(vk.alpha1(), 0, false));
        out.write(ZcashEncoding.encodeG1(vk.beta1(), 0, false));
        out.write(ZcashEncoding.encodeG2(vk.beta2(), 0, false));
        out.write(ZcashEncoding.encodeG2(vk.gamma2(), 0, false));
        out.write(ZcashEncoding.encodeG1(vk.delta1(), 0, false));
        out.write(ZcashEncoding.encodeG2(vk.delta2(), 0, false));
        writeSection(out, vk.ic(), false);
    }

    private static void writeSection(DataOutputStream out, long[] points, boolean g2) throws IOException {
        int pl = g2 ? G2.AFFINE : G1.AFFINE;
        int len = g2 ? G2U : G1U;
        int n = points.length / pl;
        out.writeInt(n);
        byte[] buf = new byte[CHUNK_POINTS * len];
        for (int lo = 0; lo < n; lo += CHUNK_POINTS) {
            int hi = Math.min(n, lo + CHUNK_POINTS);
            int from = lo;
            ComputePool.forRange(lo, hi, 1 << 10, (a, b) -> {
                for (int i = a; i < b; i++) {
                    if (g2) {
                        ZcashEncoding.writeG2(points, i * pl, false, buf, (i - from) * len);
                    } else {
                        ZcashEncoding.writeG1(points, i * pl, false, buf, (i - from) * len);
                    }
                }
            });
            out.write(buf, 0, (hi - lo) * len);
        }
    }

    private static VerifyingKey readVk(Reader in) throws IOException {
        long[] alpha1 = in.point("alpha_g1", false);
        long[] beta1 = in.point("beta_g1", false);
        long[] beta2 = in.point("beta_g2", true);
        long[] gamma2 = in.point("gamma_g2", true);
        long[] delta1 = in.point("delta_g1", false);
        long[] delta2 = in.point("delta_g2", true);
        long[] ic = in.section("ic", false, true, null);
        if (ic.length == 0) {
            throw new ParameterFileException(in.file + ": section ic is empty (it holds at least the point of ONE)");
        }
        return new VerifyingKey(alpha1, beta1, beta2, gamma2, delta1, delta2, ic);
    }

    /**
     * A buffered reader of one file that names the file, the section and the point in its errors.
     * While a section decodes, the next one's array is allocated on a thread of its own: the JVM
     * zeroes a new array on the allocating thread, which for a 2KiB file's sections takes a good
     * part of a second each where fresh memory is slow (virtual machines), with the decoding
     * threads idle.
     */
    private static final class Reader implements AutoCloseable {
        final Path file;
        private final InputStream in;
        private final FileChannel positional;
        private final long size;
        private final byte[] buf = new byte[CHUNK_POINTS * G2U];
        private long offset;
        /** The next section's array being allocated, and its length; null when none. */
        private FutureTask<long[]> next;
        private long nextLength;

        Reader(Path file) throws IOException {
            this.file = file;
            this.in = Files.newInputStream(file);
            this.positional = FileChannel.open(file, StandardOpenOption.READ);
            this.size = positional.size();
        }

        /**
         * Starts allocating the array of the section whose count is at byte countAt, where that count
         * is readable and its points fit the file (so a bad count allocates nothing); section checks
         * the count again when it gets there.
         */
        private void allocateAhead(long countAt, boolean g2) throws IOException {
            ByteBuffer count = ByteBuffer.allocate(4);
            if (countAt + 4 > size || positional.read(count, countAt) != 4) {
                return;
            }
            long n = Integer.toUnsignedLong(count.getInt(0));
            int pl = g2 ? G2.AFFINE : G1.AFFINE;
            if (n * pl > Integer.MAX_VALUE - 8 || !fits(countAt + 4, n, g2 ? G2U : G1U)) {
                return;
            }
            next = new FutureTask<>(() -> new long[(int) (n * pl)]);
            nextLength = n * pl;
            Thread t = new Thread(next, "parameter allocation");
            t.setDaemon(true);
            t.start();
        }

        /** Whether n points of len bytes each, from byte at on, end within the file. */
        private boolean fits(long at, long n, int len) {
            return at + n * len <= size;
        }

        /** A zeroed array of length longs: the one allocated ahead where it fits, else a new one. */
        private long[] array(long length) throws InterruptedException {
            FutureTask<long[]> ahead = next;
            next = null;
            if (ahead != null && nextLength == length) {
                try {
                    return ahead.get();
                } catch (ExecutionException e) {
                    // Allocated here instead, failing here if it must.
                }
            }
            return new long[(int) length];
        }

        long[] point(String name, boolean g2) throws IOException {
            int len = g2 ? G2U : G1U;
            long[] p = new long[g2 ? G2.AFFINE : G1.AFFINE];
            readFully(len, name, "the point");
            try {
                decode(name, -1, g2, true, false, 0, p, 0);
            } catch (UncheckedParameterException e) {
                throw e.cause;
            }
            return p;
        }

        /** The section's points; nextIsG2 says what the next section holds (null: none follows). */
        long[] section(String name, boolean g2, boolean checkSubgroup, Boolean nextIsG2) throws IOException {
            readFully(4, name, "the count");
            long n = ((buf[0] & 0xFFL) << 24) | ((buf[1] & 0xFFL) << 16) | ((buf[2] & 0xFFL) << 8) | (buf[3] & 0xFFL);
            int pl = g2 ? G2.AFFINE : G1.AFFINE;
            int len = g2 ? G2U : G1U;
            // Checked before the array is allocated: a corrupt count must not ask for gigabytes.
            if (!fits(offset, n, len)) {
                throw new ParameterFileException(file + ": section " + name + ": file ends at byte " + size
                        + " inside its " + n + " points (" + n * len + " bytes from byte " + offset + ")",
                        new EOFException());
            }
            if (n * pl > Integer.MAX_VALUE - 8) {
                throw new ParameterFileException(file + ": section " + name + " holds " + n + " points; this reader"
                        + " takes at most " + (Integer.MAX_VALUE - 8) / pl + " per section");
            }
            long[] out;
            try {
                out = array(n * pl);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new InterruptedIOException("interrupted reading " + file);
            }
            if (nextIsG2 != null) {
                allocateAhead(offset + n * len, nextIsG2);
            }
            // Points without the subgroup check (a trusted file's queries) go eight at a time.
            boolean inKernel = !checkSubgroup && IfmaDecoder.AVAILABLE;
            boolean inLanes = !checkSubgroup && !inKernel && LaneSupport.AVAILABLE;
            for (int lo = 0; lo < n; lo += CHUNK_POINTS) {
                int hi = (int) Math.min(n, lo + CHUNK_POINTS);
                readFully((hi - lo) * len, name, "points " + lo + ".." + (hi - 1) + " of " + n);
                int first = lo;
                try {
                    ComputePool.forRange(lo, hi, 1 << 8, (a, b) -> {
                        boolean[] decoded = new boolean[b - a];
                        if (inKernel && g2) {
                            IfmaDecoder.decodeG2(buf, (a - first) * len, b - a, out, a * pl, decoded);
                        } else if (inKernel) {
                            IfmaDecoder.decodeG1(buf, (a - first) * len, b - a, out, a * pl, decoded);
                        } else if (inLanes && g2) {
                            new LaneDecoder().decodeG2(buf, (a - first) * len, b - a, out, a * pl, decoded);
                        } else if (inLanes) {
                            new LaneDecoder().decodeG1(buf, (a - first) * len, b - a, out, a * pl, decoded);
                        }
                        for (int i = a; i < b; i++) {
                            if (!decoded[i - a]) {
                                decode(name, i, g2, checkSubgroup, true, (i - first) * len, out, i * pl);
                            }
                        }
                    });
                } catch (UncheckedParameterException e) {
                    throw e.cause;
                }
            }
            return out;
        }

        private void decode(String section, int index, boolean g2, boolean checkSubgroup, boolean refuseInfinity,
                int bo, long[] out, int oo) {
            try {
                if (g2) {
                    ZcashEncoding.readG2(buf, bo, G2U, checkSubgroup, out, oo);
                } else {
                    ZcashEncoding.readG1(buf, bo, G1U, checkSubgroup, out, oo);
                }
            } catch (IllegalArgumentException e) {
                throw new UncheckedParameterException(new ParameterFileException(
                        where(section, index) + ": " + e.getMessage(), e));
            }
            boolean infinity = g2 ? G2.LAW.isIdentityAffine(out, oo) : G1.LAW.isIdentityAffine(out, oo);
            if (refuseInfinity && infinity) {
                throw new UncheckedParameterException(new ParameterFileException(where(section, index) + ": point at infinity"));
            }
        }

        /** The place of a refused point, for its message (built only then: it is once per point otherwise). */
        private String where(String section, int index) {
            return file + ": section " + section + (index >= 0 ? ", point " + index : "");
        }

        private void readFully(int n, String section, String what) throws IOException {
            int got = 0;
            while (got < n) {
                int r = in.read(buf, got, n - got);
                if (r < 0) {
                    throw new ParameterFileException(file + ": section " + section + ": file ends at byte " + (offset + got)
                            + " inside " + what, new EOFException());
                }
                got += r;
            }
            offset += n;
        }

        void expectEnd() throws IOException {
            if (in.read() >= 0) {
                throw new ParameterFileException(file + ": unexpected bytes after the last section, at byte " + offset);
            }
        }

        @Override
        public void close() throws IOException {
            try (positional) {
                in.close();
            }
        }
    }

    /** Carries a file error out of a parallel decoding loop. */
    private static final class UncheckedParameterException extends RuntimeException {
        final ParameterFileException cause;

        UncheckedParameterException(ParameterFileException cause) {
            super(cause.getMessage(), cause, false, false);
            this.cause = cause;
        }
    }
}
