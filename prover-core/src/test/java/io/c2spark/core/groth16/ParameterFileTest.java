package io.c2spark.core.groth16;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.c2spark.core.groth16.ParameterSource.Query;
import io.c2spark.core.r1cs.R1csShape;
import io.c2spark.core.r1cs.ShapeSystem;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A .params file opened in place ({@link ParameterFile}): its index (verifying key, counts, section
 * offsets) and positional reads against the file's bytes and the heap parameters' own encoding,
 * from several threads; truncated, overlong and miscounted files refused with the file and the
 * section named; a reader's interruption leaving the file readable; the digest check.
 */
class ParameterFileTest {
    private static final int VK_FIXED = 3 * 96 + 3 * 192;
    private static final long SEED = new SecureRandom().nextLong();
    private static Parameters params;

    @TempDir
    Path dir;

    @BeforeAll
    static void setUp() {
        R1csShape shape = ShapeSystem.of(ProvingCircuits.mixed(SEED, 40), true);
        params = ParameterGenerator.generate(shape, ParameterGenerator.ToxicWaste.random(new Random(SEED)));
    }

    private Path write(String name) throws IOException {
        Path p = dir.resolve(name);
        ParameterFiles.writeParams(params, p);
        return p;
    }

    /** Offset of the count of the query's section in a file of params. */
    private static int countOffset(Query q) {
        int off = VK_FIXED + 4 + 96 * params.vk().ic().length / 12;
        for (Query before : Query.values()) {
            if (before == q) {
                return off;
            }
            off += 4 + before.encodedBytes() * params.count(before);
        }
        throw new AssertionError(q);
    }

    @Test
    void indexHoldsTheKeyCountsAndOffsets() throws IOException {
        Path p = write("good.params");
        try (ParameterFile f = ParameterFile.open(p)) {
            assertEquals(Files.size(p), f.size());
            assertArrayEquals(params.vk().ic(), f.vk().ic());
            assertArrayEquals(params.vk().delta2(), f.vk().delta2());
            assertArrayEquals(params.vk().beta1(), f.vk().beta1());
            long points = 0;
            for (Query q : Query.values()) {
                assertEquals(params.count(q), f.count(q), q.section);
                assertEquals(countOffset(q) + 4, f.offset(q), q.section);
                points += (long) q.encodedBytes() * f.count(q);
            }
            assertEquals(points, f.pointBytes());
            assertEquals(p.toString(), f.origin());
        }
    }

    @Test
    void rangesReadEqualTheFileBytesAndTheHeapEncoding() throws Exception {
        Path p = write("good.params");
        byte[] bytes = Files.readAllBytes(p);
        Random rnd = new Random(SEED);
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try (ParameterFile f = ParameterFile.open(p)) {
            List<Future<?>> reads = new ArrayList<>();
            for (int t = 0; t < 64; t++) {
                Query q = Query.values()[rnd.nextInt(5)];
                int count = f.count(q);
                int first = rnd.nextInt(count);
                int n = t % 8 == 0 ? count - first : 1 + rnd.nextInt(count - first);
                int pad = rnd.nextInt(7);
                reads.add(pool.submit(() -> {
                    int len = n * q.encodedBytes();
                    ByteBuffer direct = ByteBuffer.allocateDirect(pad + len + 5).position(pad);
                    f.read(q, first, n, direct);
                    assertEquals(pad + len, direct.position());
                    byte[] got = new byte[len];
                    direct.get(pad, got);
                    int from = (int) f.offset(q) + first * q.encodedBytes();
                    assertArrayEquals(Arrays.copyOfRange(bytes, from, from + len), got, q.section + " " + first + "+" + n);
                    ByteBuffer heap = ByteBuffer.allocate(len);
                    params.read(q, first, n, heap);
                    assertArrayEquals(got, heap.array(), "heap encoding of " + q.section + " " + first + "+" + n);
                    return null;
                }));
            }
            for (Future<?> r : reads) {
                r.get();
            }
            ByteBuffer small = ByteBuffer.allocateDirect(95);
            assertThrows(IllegalArgumentException.class, () -> f.read(Query.H, 0, 1, small));
            ByteBuffer big = ByteBuffer.allocateDirect(1 << 16);
            assertThrows(IndexOutOfBoundsException.class, () -> f.read(Query.L, f.count(Query.L) - 1, 2, big));
            assertThrows(IndexOutOfBoundsException.class, () -> f.read(Query.B_G2, -1, 1, big));
        } finally {
            pool.shutdownNow();
        }
    }

    /** An interrupted reader closes the JVM's channel; the file stays readable for the others. */
    @Test
    void anInterruptedReadLeavesTheFileReadable() throws IOException {
        Path p = write("good.params");
        byte[] bytes = Files.readAllBytes(p);
        try (ParameterFile f = ParameterFile.open(p)) {
            ByteBuffer buf = ByteBuffer.allocateDirect(192 * 4);
            Thread.currentThread().interrupt();
            try {
                assertThrows(InterruptedIOException.class, () -> f.read(Query.B_G2, 0, 4, buf));
            } finally {
                Thread.interrupted();
            }
            buf.clear();
            f.read(Query.B_G2, 0, 4, buf);
            byte[] got = new byte[192 * 4];
            buf.get(0, got);
            int from = (int) f.offset(Query.B_G2);
            assertArrayEquals(Arrays.copyOfRange(bytes, from, from + got.length), got);
        }
    }

    @Test
    void aFileThatShrinksAfterOpeningIsNamedWhenRead() throws IOException {
        Path p = write("good.params");
        try (ParameterFile f = ParameterFile.open(p)) {
            try (RandomAccessFile raf = new RandomAccessFile(p.toFile(), "rw")) {
                raf.setLength(f.offset(Query.B_G2) + 10);
            }
            ParameterFileException e = assertThrows(ParameterFileException.class,
                    () -> f.read(Query.B_G2, 0, 1, ByteBuffer.allocateDirect(192)));
            assertTrue(e.getMessage().startsWith(p + ": section b_g2: file ends"), e.getMessage());
        }
    }

    private String refusal(byte[] bytes) throws IOException {
        Path bad = dir.resolve("bad.params");
        Files.write(bad, bytes);
        ParameterFileException e = assertThrows(ParameterFileException.class, () -> ParameterFile.open(bad).close());
        assertTrue(e.getMessage().startsWith(bad + ": "), e.getMessage());
        return e.getMessage();
    }

    @Test
    void truncatedOverlongAndMiscountedFilesAreRefusedWithTheSectionNamed() throws IOException {
        byte[] good = Files.readAllBytes(write("good.params"));
        for (Query q : Query.values()) {
            // Inside the count, inside the points, and just before the section's last byte.
            int at = countOffset(q);
            String m = refusal(Arrays.copyOf(good, at + 2));
            assertTrue(m.contains("section " + q.section + ": file ends") && m.contains("inside its count"), m);
            m = refusal(Arrays.copyOf(good, at + 4 + q.encodedBytes() + 1));
            assertTrue(m.contains("section " + q.section + ": file ends") && m.contains(params.count(q) + " points"), m);
            m = refusal(Arrays.copyOf(good, at + 4 + q.encodedBytes() * params.count(q) - 1));
            assertTrue(m.contains("section " + q.section + ": file ends"), m);
        }
        String m = refusal(Arrays.copyOf(good, VK_FIXED - 100));
        assertTrue(m.contains("section delta_g2"), m);
        m = refusal(Arrays.copyOf(good, good.length + 1));
        assertTrue(m.contains("unexpected bytes after the last section, at byte " + good.length), m);

        // A count that runs past the end, and one a point short (its section ends early, the next
        // count is read from inside a point and the file no longer ends where the sections do).
        byte[] huge = good.clone();
        huge[countOffset(Query.L)] = 0x7f;
        m = refusal(huge);
        assertTrue(m.contains("section l: file ends"), m);
        byte[] shortA = good.clone();
        shortA[countOffset(Query.A) + 3]--;
        m = refusal(shortA);
        assertTrue(m.contains("section b_g1") || m.contains("section b_g2") || m.contains("after the last section"), m);

        // b_g1 one point longer than b_g2 with the file's length consistent: the counts disagree.
        int bEnd = countOffset(Query.B_G2);
        byte[] longB1 = new byte[good.length + 96];
        System.arraycopy(good, 0, longB1, 0, bEnd);
        System.arraycopy(good, bEnd - 96, longB1, bEnd, 96);
        System.arraycopy(good, bEnd, longB1, bEnd + 96, good.length - bEnd);
        ByteBuffer.wrap(longB1).putInt(countOffset(Query.B_G1), params.count(Query.B_G1) + 1);
        m = refusal(longB1);
        assertTrue(m.contains("sections b_g1 and b_g2 hold " + (params.count(Query.B_G1) + 1) + " and "
                + params.count(Query.B_G2)), m);

        // The verifying key's points are checked as a .vk file's are.
        byte[] vkBad = good.clone();
        vkBad[96 + 96 + 10] ^= 4;
        m = refusal(vkBad);
        assertTrue(m.contains("section beta_g2"), m);
    }

    @Test
    void digestFileIsCheckedOnDemand() throws IOException, java.security.NoSuchAlgorithmException {
        Path p = write("good.params");
        ParameterFileException missing = assertThrows(ParameterFileException.class, () -> ParameterDigest.verify(p));
        assertTrue(missing.getMessage().contains("no digest file " + ParameterDigest.fileFor(p)), missing.getMessage());
        String hex = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(p)));
        Path digest = ParameterDigest.fileFor(p);
        assertEquals(p + ".sha256", digest.toString());
        Files.writeString(digest, hex + "  good.params\n");
        assertEquals(hex, ParameterDigest.verify(p));
        Files.writeString(digest, hex.toUpperCase());
        assertEquals(hex, ParameterDigest.verify(p));
        char last = hex.charAt(63);
        Files.writeString(digest, hex.substring(0, 63) + (last == '0' ? '1' : '0'));
        ParameterFileException differs = assertThrows(ParameterFileException.class, () -> ParameterDigest.verify(p));
        assertTrue(differs.getMessage().startsWith(p + ": SHA-256 " + hex + " differs"), differs.getMessage());
        Files.writeString(digest, "not a digest");
        ParameterFileException malformed = assertThrows(ParameterFileException.class, () -> ParameterDigest.verify(p));
        assertTrue(malformed.getMessage().startsWith(digest + ": expected a SHA-256"), malformed.getMessage());
    }
}
