package io.c2spark.gpu.prover;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Random;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.c2spark.core.field.Fp;
import io.c2spark.core.field.Fr;
import io.c2spark.core.groth16.CpuProver;
import io.c2spark.core.groth16.ParameterFile;
import io.c2spark.core.groth16.ParameterFileException;
import io.c2spark.core.groth16.ParameterFiles;
import io.c2spark.core.groth16.ParameterGenerator;
import io.c2spark.core.groth16.ParameterSource.Query;
import io.c2spark.core.groth16.Parameters;
import io.c2spark.core.groth16.Proof;
import io.c2spark.core.groth16.ProofEncoding;
import io.c2spark.core.groth16.QueryLayout;
import io.c2spark.core.groth16.TailBases;
import io.c2spark.core.groth16.Verifier;
import io.c2spark.core.r1cs.Circuit;
import io.c2spark.core.r1cs.R1csShape;
import io.c2spark.core.r1cs.ShapeSystem;
import io.c2spark.core.r1cs.Witness;
import io.c2spark.core.r1cs.WitnessSystem;
import io.c2spark.gpu.msm.Curve;
import io.c2spark.gpu.runtime.GpuDevice;
import io.c2spark.gpu.GpuTestDevice;
import io.c2spark.gpu.TestData;
import io.c2spark.gpu.r1cs.TestCircuits;
import io.c2spark.gpu.coordinator.VramLedger;

/**
 * The proving key loaded from a .params file (ParameterFile, read in chunks through the pinned
 * staging buffers, decoded and checked on the device): its queries equal prover-core's decoding of
 * the same file, its tail bases the host gather (TailBases), and its proofs CpuProver's bit for
 * bit, resident and streamed, with chunks small enough that every query takes several; a file
 * with one bad point (off the curve, a coordinate not below p, each flag) is refused naming the
 * section, the point and the reason, the lowest index when there are two; and a streamed key
 * whose file changes after the load refuses the proof.
 */
@Tag("gpu")
class ParameterFileKeyTest {
    /** Chunks of the load: 5 G2 or 10 G1 points. */
    private static final long SMALL_LOAD = 5 * 192;
    /** Chunks of a streamed proof: 32 G2 or 64 G1 points, the smallest a step takes. */
    private static final long SMALL_STREAM = 32 * 192;
    private static final long SEED = TestData.SEED;

    private static TestCircuits.Instance circuit;
    private static Circuit withTailsInB;
    private static R1csShape shape;
    private static Parameters params;
    private static Witness witness;

    @TempDir
    static Path dir;
    private static Path file;

    /**
     * TestCircuits.mixed puts no non-bit aux variable in B; squares y * y = z of fresh field values
     * added after it do, so that the b tail bases are gathered too.
     */
    @BeforeAll
    static void setUp() throws IOException {
        circuit = TestCircuits.mixed(SEED, 600);
        long[] ys = new long[4 * 20];
        Fr.random(new Random(SEED), ys, 0);
        for (int i = 1; i < 20; i++) {
            Fr.random(new Random(SEED + i), ys, 4 * i);
        }
        withTailsInB = cs -> {
            circuit.circuit().synthesize(cs);
            for (int i = 0; i < 20; i++) {
                long[] z = new long[4];
                Fr.mul(ys, 4 * i, ys, 4 * i, z, 0);
                int y = cs.allocate(ys, 4 * i);
                int zv = cs.allocate(z, 0);
                cs.enforce(() -> "square", lc -> lc.add(y), lc -> lc.add(y), lc -> lc.add(zv));
            }
        };
        shape = ShapeSystem.of(withTailsInB, true);
        params = ParameterGenerator.generate(shape, ParameterGenerator.ToxicWaste.random(new Random(SEED)));
        witness = WitnessSystem.of(withTailsInB);
        file = dir.resolve("test.params");
        ParameterFiles.writeParams(params, file);
    }

    private static long[] r(int k) {
        long[] r = new long[4];
        Fr.random(new Random(SEED * 31 + k), r, 0);
        return r;
    }

    @Test
    void keysFromTheFileProveAsTheCpuDoes() throws IOException {
        GpuDevice d = GpuTestDevice.get();
        QueryLayout layout = new QueryLayout(shape, params);
        assertTrue(layout.bTailCount() > 0 && layout.aTailCount() > 0, "tails in A and in B");
        Proof want = new CpuProver(shape, params).prove(witness, r(1), r(2));
        Verifier verifier = new Verifier(params.vk());
        TailBases tails = TailBases.gather(layout, params);
        try (ParameterFile source = ParameterFile.open(file)) {
            long[][] modes = {{0, ProofPlan.WHOLE, DeviceProvingKey.DEFAULT_LOAD_CHUNK_BYTES}, {0, ProofPlan.WHOLE, SMALL_LOAD},
                {1, SMALL_STREAM, SMALL_STREAM}, {1, 4096 * Curve.G2.affineBytes(), 192}};
            for (long[] m : modes) {
                VramLedger.Mode mode = m[0] == 0 ? VramLedger.Mode.RESIDENT : VramLedger.Mode.STREAMED;
                String what = mode + ", chunks of " + m[1] + " bytes, loaded in " + m[2] + " (seed " + SEED + ")";
                try (DeviceProvingKey key = new DeviceProvingKey(d, shape, source, layout, mode, m[1], m[2]);
                     GpuProver gpu = new GpuProver(key)) {
                    System.out.printf("[gpu prover] key from %s, %s: %s, %s%n", file.getFileName(), what, key.load.describe(),
                            PeakRss.describe());
                    assertEquals(source.pointBytes(), key.load.bytes());
                    for (Query q : Query.values()) {
                        ProofPlan.Points p = points(q);
                        if (mode == VramLedger.Mode.RESIDENT) {
                            long[] decoded = key.devicePoints(p).downloadLongs(0, params.points(q).length);
                            assertArrayEquals(params.points(q), decoded, "query " + q.section + " decoded on the device, " + what);
                        }
                    }
                    assertArrayEquals(tails.l(), download(key, ProofPlan.Points.L_TAIL, tails.l()), "l tail bases, " + what);
                    assertArrayEquals(tails.a(), download(key, ProofPlan.Points.A_TAIL, tails.a()), "a tail bases, " + what);
                    assertArrayEquals(tails.b1(), download(key, ProofPlan.Points.B1_TAIL, tails.b1()), "b_g1 tail bases, " + what);
                    assertArrayEquals(tails.b2(), download(key, ProofPlan.Points.B2_TAIL, tails.b2()), "b_g2 tail bases, " + what);
                    for (int round = 0; round < 2; round++) {
                        Proof got = gpu.prove(witness, r(1), r(2));
                        assertArrayEquals(ProofEncoding.encode(want), ProofEncoding.encode(got), what + ", proof " + round);
                    }
                    assertTrue(verifier.verify(circuit.publicInputs(), gpu.prove(witness, r(3), r(4))), what);
                }
            }
        }
    }

    private static long[] download(DeviceProvingKey key, ProofPlan.Points p, long[] like) {
        return key.devicePoints(p).downloadLongs(0, like.length);
    }

    private static ProofPlan.Points points(Query q) {
        return switch (q) {
            case H -> ProofPlan.Points.H;
            case L -> ProofPlan.Points.L;
            case A -> ProofPlan.Points.A;
            case B_G1 -> ProofPlan.Points.B_G1;
            case B_G2 -> ProofPlan.Points.B_G2;
        };
    }

    /** One way of spoiling the encoding at byte o (len bytes), and the reason the loader must give. */
    private interface Spoil {
        String apply(byte[] b, int o, int len);
    }

    private static final byte[] P_BYTES = toBytes48(Fp.MODULUS);

    private static byte[] toBytes48(BigInteger v) {
        byte[] raw = v.toByteArray();
        byte[] out = new byte[48];
        System.arraycopy(raw, Math.max(0, raw.length - 48), out, Math.max(0, 48 - raw.length), Math.min(48, raw.length));
        return out;
    }

    private static final Spoil OFF_CURVE = (b, o, len) -> {
        b[o + len - 1] ^= 1;
        return "(x, y) is not on the curve";
    };
    private static final Spoil X_IS_P = (b, o, len) -> {
        System.arraycopy(P_BYTES, 0, b, o, 48);
        return (len == 192 ? "x.c1" : "x") + " coordinate is not below the field modulus p";
    };
    private static final Spoil LAST_IS_P = (b, o, len) -> {
        System.arraycopy(P_BYTES, 0, b, o + len - 48, 48);
        return (len == 192 ? "y.c0" : "y") + " coordinate is not below the field modulus p";
    };
    private static final Spoil COMPRESSED = (b, o, len) -> {
        b[o] |= (byte) 0x80;
        return "compression flag (0x80) set on a " + len + "-byte uncompressed encoding";
    };
    private static final Spoil INFINITY = (b, o, len) -> {
        Arrays.fill(b, o, o + len, (byte) 0);
        b[o] = 0x40;
        return "point at infinity (flag 0x40); no query holds it";
    };
    private static final Spoil LARGER_Y = (b, o, len) -> {
        b[o] |= 0x20;
        return "larger-y flag (0x20) set on an uncompressed encoding";
    };

    /** The loader's refusal of the file with the points at indices spoiled, in each mode. */
    private static void assertRefused(GpuDevice d, ParameterFile good, Query q, int[] indices, Spoil spoil, int expectedIndex)
            throws IOException {
        byte[] bytes = Files.readAllBytes(file);
        String reason = null;
        for (int k : indices) {
            reason = spoil.apply(bytes, (int) good.offset(q) + k * q.encodedBytes(), q.encodedBytes());
        }
        Path bad = dir.resolve("bad.params");
        Files.write(bad, bytes);
        String want = bad + ": section " + q.section + ", point " + expectedIndex + ": " + reason;
        try (ParameterFile source = ParameterFile.open(bad)) {
            for (VramLedger.Mode mode : VramLedger.Mode.values()) {
                long chunk = mode == VramLedger.Mode.RESIDENT ? ProofPlan.WHOLE : SMALL_STREAM;
                UncheckedIOException e = assertThrows(UncheckedIOException.class,
                        () -> new DeviceProvingKey(d, shape, source, new QueryLayout(shape), mode, chunk, SMALL_LOAD).close());
                assertInstanceOf(ParameterFileException.class, e.getCause());
                assertEquals(want, e.getCause().getMessage(), mode + " (seed " + SEED + ")");
            }
        }
    }

    @Test
    void aFileWithABadPointIsRefusedNamingTheSectionThePointAndTheReason() throws IOException {
        GpuDevice d = GpuTestDevice.get();
        Random rnd = new Random(SEED);
        try (ParameterFile good = ParameterFile.open(file)) {
            Spoil[] spoils = {OFF_CURVE, X_IS_P, LAST_IS_P, COMPRESSED, INFINITY, LARGER_Y};
            for (Query q : Query.values()) {
                for (Spoil s : spoils) {
                    // Past the first chunks of the load, so that the index is the query's, not the chunk's.
                    int count = good.count(q);
                    int k = count / 2 + rnd.nextInt(count - count / 2);
                    assertRefused(d, good, q, new int[] {k}, s, k);
                }
            }
            // Two bad points: the lowest index is named, whichever chunk is decoded first.
            int count = good.count(Query.L);
            int late = count - 1 - rnd.nextInt(10);
            int early = 3 + rnd.nextInt(10);
            assertRefused(d, good, Query.L, new int[] {late, early}, OFF_CURVE, early);
        }
    }

    /** A streamed key reads the file during each proof: a point spoiled after the load refuses the proof. */
    @Test
    void aStreamedKeyRefusesAProofWhenItsFileChanged() throws IOException {
        GpuDevice d = GpuTestDevice.get();
        Path copy = dir.resolve("changing.params");
        Files.copy(file, copy, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        try (ParameterFile source = ParameterFile.open(copy);
             DeviceProvingKey key = new DeviceProvingKey(d, shape, source, new QueryLayout(shape), VramLedger.Mode.STREAMED,
                     SMALL_STREAM, SMALL_LOAD);
             GpuProver gpu = new GpuProver(key)) {
            Proof want = new CpuProver(shape, params).prove(witness, r(5), r(6));
            assertArrayEquals(ProofEncoding.encode(want), ProofEncoding.encode(gpu.prove(witness, r(5), r(6))));
            int k = source.count(Query.A) - 2;
            try (java.nio.channels.FileChannel ch = java.nio.channels.FileChannel.open(copy, java.nio.file.StandardOpenOption.WRITE)) {
                java.nio.ByteBuffer one = java.nio.ByteBuffer.wrap(new byte[] {(byte) 0x80});
                ch.write(one, source.offset(Query.A) + (long) k * 96);
            }
            UncheckedIOException e = assertThrows(UncheckedIOException.class, () -> gpu.prove(witness, r(5), r(6)));
            assertTrue(e.getCause().getMessage().startsWith(copy + ": section a, point " + k + ": compression flag"),
                    e.getCause().getMessage());
        }
    }
}
