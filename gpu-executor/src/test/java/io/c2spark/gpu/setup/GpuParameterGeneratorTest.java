package io.c2spark.gpu.setup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.ByteBuffer;
import java.util.EnumMap;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import io.c2spark.core.groth16.CpuParameterBackend;
import io.c2spark.core.groth16.ParameterSection;
import io.c2spark.core.groth16.ParameterSink;
import io.c2spark.core.curve.ZcashEncoding;
import io.c2spark.core.groth16.ParameterGenerator;
import io.c2spark.core.groth16.ParameterGenerator.ToxicWaste;
import io.c2spark.core.groth16.Parameters;
import io.c2spark.core.porep.SectorShape;
import io.c2spark.core.porep.c2.PorepParameters;
import io.c2spark.core.r1cs.Circuit;
import io.c2spark.core.r1cs.R1csShape;
import io.c2spark.core.r1cs.ShapeSystem;
import io.c2spark.gpu.msm.Curve;
import io.c2spark.gpu.runtime.GpuDevice;
import io.c2spark.gpu.GpuTestDevice;
import io.c2spark.gpu.TestData;
import io.c2spark.gpu.r1cs.R1csDeviceShape;
import io.c2spark.gpu.r1cs.TestCircuits;

/**
 * Parameters made on the device equal prover-core ParameterGenerator's, every point of every
 * section as the file's bytes, from the same shape and toxic waste: small circuits in chunks of a
 * few points (so every section crosses chunk boundaries and both staging buffers are reused), and
 * the 2KiB PoRep partition circuit (2,687,961 constraints, domain 2^22) in the default chunks. An
 * unconstrained aux variable is refused with ParameterGenerator's message.
 */
@Tag("gpu")
class GpuParameterGeneratorTest {
    @Test
    void smallCircuitsInSmallChunksEqualTheCpu() throws Exception {
        long seed = TestData.SEED;
        for (int steps : new int[] {1, 40, 2000}) {
            R1csShape shape = ShapeSystem.of(TestCircuits.mixed(seed + steps, steps).circuit(), true);
            ToxicWaste tw = ToxicWaste.random(new Random(seed + 2 * steps));
            compare(shape, tw, 777, 333, "mixed circuit of " + steps + " steps (seed " + seed + ")");
        }
    }

    @Test
    void twoKibPartitionEqualsTheCpu() throws Exception {
        long t0 = System.nanoTime();
        R1csShape shape = PorepParameters.circuitShape(SectorShape.SIZE_2KIB);
        long seed = TestData.SEED;
        ToxicWaste tw = ToxicWaste.random(new Random(seed));
        System.out.printf("[gpu params] 2KiB shape: %,d constraints, %,d inputs, %,d aux, %.1f s%n", shape.numConstraints(),
                shape.numInputs(), shape.numAux(), (System.nanoTime() - t0) / 1e9);
        compare(shape, tw, DeviceParameterGenerator.G1_CHUNK, DeviceParameterGenerator.G2_CHUNK, "2KiB partition (seed " + seed + ")");
    }

    @Test
    void unconstrainedAuxVariableIsRefusedAsOnTheCpu() {
        Circuit c = cs -> {
            int x = cs.allocateInput(io.c2spark.core.field.Fr.of(3), 0);
            int used = cs.allocate(io.c2spark.core.field.Fr.of(9), 0);
            cs.allocate(io.c2spark.core.field.Fr.of(5), 0);
            cs.enforce(() -> "square", lc -> lc.add(x), lc -> lc.add(x), lc -> lc.add(used));
        };
        R1csShape shape = ShapeSystem.of(c, true);
        ToxicWaste tw = ToxicWaste.random(new Random(TestData.SEED));
        // The backends' own check (the generator refuses a variable in no constraint before either runs).
        IllegalArgumentException cpu = assertThrows(IllegalArgumentException.class,
                () -> new CpuParameterBackend().generate(shape, tw, new DiscardingSink(), line -> { }));
        GpuDevice d = GpuTestDevice.get();
        try (R1csDeviceShape ds = new R1csDeviceShape(d, shape)) {
            IllegalArgumentException gpu = assertThrows(IllegalArgumentException.class,
                    () -> DeviceParameterGenerator.prepare(d, ds, CircuitVariables.of(shape), tw, System.out::println));
            assertEquals(cpu.getMessage(), gpu.getMessage());
        }
    }

    /** Generates on both sides and compares every chunk with the CPU's encodings as it arrives. */
    static void compare(R1csShape shape, ToxicWaste tw, int g1Chunk, int g2Chunk, String what) throws Exception {
        long c0 = System.nanoTime();
        Parameters cpu = ParameterGenerator.generate(shape, tw);
        System.out.printf("[gpu params] %s: CPU generation %.1f s on %d cores%n", what, (System.nanoTime() - c0) / 1e9,
                Runtime.getRuntime().availableProcessors());
        Map<ParameterSection, long[]> points = new EnumMap<>(ParameterSection.class);
        points.put(ParameterSection.IC, cpu.vk().ic());
        points.put(ParameterSection.H, cpu.h());
        points.put(ParameterSection.L, cpu.l());
        points.put(ParameterSection.A, cpu.a());
        points.put(ParameterSection.B_G1, cpu.bG1());
        points.put(ParameterSection.B_G2, cpu.bG2());
        GpuDevice d = GpuTestDevice.get();
        long g0 = System.nanoTime();
        try (R1csDeviceShape ds = new R1csDeviceShape(d, shape);
             DeviceParameterGenerator gen = DeviceParameterGenerator.prepare(d, ds, CircuitVariables.of(shape), tw,
                     System.out::println, g1Chunk, g2Chunk)) {
            for (ParameterSection s : ParameterSection.values()) {
                assertEquals(points.get(s).length / (s.isG2() ? Curve.G2 : Curve.G1).affineLongs, gen.points(s), s + " points, " + what);
            }
            long[] next = new long[ParameterSection.values().length];
            AtomicInteger lastSection = new AtomicInteger();
            gen.writeTo((section, first, count, bytes) -> {
                if (section.ordinal() < lastSection.get() || first != next[section.ordinal()]) {
                    fail(section + " chunk from " + first + " out of order, " + what);
                }
                lastSection.set(section.ordinal());
                next[section.ordinal()] = first + count;
                checkChunk(section, points.get(section), first, count, bytes, what);
            });
            for (ParameterSection s : ParameterSection.values()) {
                assertEquals(gen.points(s), next[s.ordinal()], s + " points handed out, " + what);
            }
        }
        System.out.printf("[gpu params] %s: GPU generation and comparison %.1f s%n", what, (System.nanoTime() - g0) / 1e9);
    }

    /** The chunk's bytes against the CPU's points [first, first + count) of the section, in parallel slices. */
    static void checkChunk(ParameterSection section, long[] cpu, long first, int count, ByteBuffer bytes, String what) {
        int size = section.pointBytes();
        assertEquals((long) size * count, bytes.remaining(), section + " chunk bytes, " + what);
        byte[] got = new byte[size * count];
        bytes.duplicate().get(got);
        int longs = (section.isG2() ? Curve.G2 : Curve.G1).affineLongs;
        int slices = Math.max(1, Math.min(256, count / 1024));
        int bad = IntStream.range(0, slices).parallel().map(k -> {
            int lo = (int) ((long) count * k / slices);
            int hi = (int) ((long) count * (k + 1) / slices);
            byte[] want = new byte[size];
            for (int i = lo; i < hi; i++) {
                int at = Math.toIntExact((first + i) * longs);
                if (!section.isG2()) {
                    ZcashEncoding.writeG1(cpu, at, false, want, 0);
                } else {
                    ZcashEncoding.writeG2(cpu, at, false, want, 0);
                }
                if (!java.util.Arrays.equals(want, 0, size, got, i * size, (i + 1) * size)) {
                    return i;
                }
            }
            return -1;
        }).filter(i -> i >= 0).min().orElse(-1);
        if (bad >= 0) {
            fail(section + " point " + (first + bad) + " differs from the CPU's, " + what);
        }
    }

    /** A sink that takes every call and keeps nothing. */
    private static final class DiscardingSink implements ParameterSink {
        @Override
        public void verifyingKey(byte[] encoded) {
        }

        @Override
        public void begin(ParameterSection section, long count) {
        }

        @Override
        public void points(ByteBuffer encoded) {
            encoded.position(encoded.limit());
        }

        @Override
        public void end(ParameterSection section) {
        }
    }
}
