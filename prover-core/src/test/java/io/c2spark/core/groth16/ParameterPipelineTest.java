package io.c2spark.core.groth16;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.c2spark.core.r1cs.LcBuilder;
import io.c2spark.core.r1cs.R1csShape;
import io.c2spark.core.r1cs.ShapeSystem;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The streaming pipeline: the files the writer streams from the CPU backend, in chunks of any size,
 * are byte for byte those {@link ParameterFiles} writes from the same parameters on the heap; a
 * failure leaves no file; the generator refuses a backend that breaks the sink's protocol, naming
 * the fault; an unconstrained aux variable is refused before anything is written.
 */
class ParameterPipelineTest {
    private static final long SEED = new Random().nextLong();

    private static R1csShape shape(int steps) {
        return ShapeSystem.of(ProvingCircuits.mixed(SEED, steps), true);
    }

    private static ParameterGenerator.ToxicWaste waste() {
        return ParameterGenerator.ToxicWaste.random(new Random(SEED));
    }

    private static Path params(Path dir) {
        return dir.resolve("t.params");
    }

    private static Path vk(Path dir) {
        return dir.resolve("t.vk");
    }

    /** Streams the parameters of shape from backend into dir's t.params and t.vk; returns the log. */
    private static List<String> stream(R1csShape shape, ParameterBackend backend, Path dir) throws IOException {
        List<String> log = new ArrayList<>();
        try (ParameterFileWriter w = new ParameterFileWriter(params(dir), vk(dir), log::add, 0, System::nanoTime)) {
            ParameterGenerator.generate(shape, waste(), backend, w, log::add);
            w.commit();
        }
        return log;
    }

    private static List<String> files(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void streamedFilesAreTheReferenceWritersBytes(@TempDir Path dir) throws IOException {
        R1csShape shape = shape(40);
        Parameters heap = ParameterGenerator.generate(shape, waste());
        Path refParams = dir.resolve("ref.params");
        Path refVk = dir.resolve("ref.vk");
        ParameterFiles.writeParams(heap, refParams);
        ParameterFiles.writeVk(heap.vk(), refVk);
        for (int chunk : new int[] {1, 7, CpuParameterBackend.CHUNK_POINTS}) {
            Path out = Files.createDirectory(dir.resolve("chunk" + chunk));
            List<String> log = stream(shape, new CpuParameterBackend(chunk), out);
            assertArrayEquals(Files.readAllBytes(refParams), Files.readAllBytes(params(out)), "seed " + SEED + " chunk " + chunk);
            assertArrayEquals(Files.readAllBytes(refVk), Files.readAllBytes(vk(out)), "seed " + SEED + " chunk " + chunk);
            assertEquals(List.of("t.params", "t.vk"), files(out));
            for (ParameterSection s : ParameterSection.values()) {
                assertTrue(log.stream().anyMatch(l -> l.matches("\\s+" + s.label() + "\\s+[\\d,]+ G[12] points .*/s")),
                        s.label() + " in\n" + String.join("\n", log));
            }
            assertTrue(log.stream().anyMatch(l -> l.startsWith("wrote ") && l.contains("including every fsync")));
            if (chunk == 7) {
                assertTrue(log.stream().anyMatch(l -> l.matches("\\s+h\\s+7 / [\\d,]+ points .*")), String.join("\n", log));
            }
        }
    }

    @Test
    void aFailingBackendLeavesNoFile(@TempDir Path dir) {
        ParameterBackend failing = new ParameterBackend() {
            @Override
            public String name() {
                return "failing";
            }

            @Override
            public void checkAvailable() {
            }

            @Override
            public void generate(R1csShape shape, ParameterGenerator.ToxicWaste tw, ParameterSink sink,
                    Consumer<String> log) throws IOException {
                new CpuParameterBackend(3).generate(shape, tw, new ForwardingSink(sink) {
                    @Override
                    public void points(ByteBuffer encoded) throws IOException {
                        super.points(encoded);
                        if (section == ParameterSection.H) {
                            throw new IOException("disk full");
                        }
                    }
                }, log);
            }
        };
        IOException e = assertThrows(IOException.class, () -> stream(shape(12), failing, dir));
        assertEquals("disk full", e.getMessage());
        assertTrue(listing(dir).isEmpty(), "left " + listing(dir));
    }

    private static List<String> listing(Path dir) {
        try {
            return files(dir);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    /** A sink that passes every call on, remembering the open section. */
    private static class ForwardingSink implements ParameterSink {
        final ParameterSink to;
        ParameterSection section;

        ForwardingSink(ParameterSink to) {
            this.to = to;
        }

        @Override
        public void verifyingKey(byte[] encoded) throws IOException {
            to.verifyingKey(encoded);
        }

        @Override
        public void begin(ParameterSection s, long count) throws IOException {
            section = s;
            to.begin(s, count);
        }

        @Override
        public void points(ByteBuffer encoded) throws IOException {
            to.points(encoded);
        }

        @Override
        public void end(ParameterSection s) throws IOException {
            to.end(s);
        }
    }

    /** A backend that makes flag-free stand-in points and breaks the protocol as told. */
    private record Faulty(String fault) implements ParameterBackend {
        @Override
        public String name() {
            return "faulty";
        }

        @Override
        public void checkAvailable() {
        }

        @Override
        public void generate(R1csShape shape, ParameterGenerator.ToxicWaste tw, ParameterSink sink, Consumer<String> log)
                throws IOException {
            int ni = shape.numInputs();
            int na = shape.numAux();
            long h = (1L << io.c2spark.core.ntt.EvaluationDomain.logSizeFor(shape.numConstraints())) - 1;
            long[] counts = {ni, h, na, ni, ni, ni};
            switch (fault) {
                case "order" -> sink.begin(ParameterSection.H, h);
                case "ic count" -> sink.begin(ParameterSection.IC, ni + 1);
                case "b_g2 count" -> counts[5] = ni - 1;
                default -> { }
            }
            for (ParameterSection s : ParameterSection.values()) {
                if (fault.equals("stop after l") && s == ParameterSection.A) {
                    return;
                }
                sink.begin(s, counts[s.ordinal()]);
                byte[] pts = new byte[(int) counts[s.ordinal()] * s.pointBytes()];
                if (fault.equals("infinity in " + s.label())) {
                    pts[2 * s.pointBytes()] = 0x40;
                }
                if (fault.equals("compressed in " + s.label())) {
                    pts[s.pointBytes()] = (byte) 0x80;
                }
                if (fault.equals("partial point") && s == ParameterSection.H) {
                    sink.points(ByteBuffer.wrap(pts, 0, s.pointBytes() - 1));
                }
                if (fault.equals("too many") && s == ParameterSection.L) {
                    sink.points(ByteBuffer.wrap(new byte[s.pointBytes()]));
                }
                if (fault.equals("short") && s == ParameterSection.A) {
                    sink.end(s);
                }
                sink.points(ByteBuffer.wrap(pts));
                sink.end(s);
            }
        }
    }

    /** Takes every call and keeps nothing: the stand-in points are not on the curve. */
    private static final class Discard implements ParameterSink {
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

    private static String refusal(R1csShape shape, String fault, Class<? extends RuntimeException> type) {
        ParameterSink sink = new Discard();
        RuntimeException e = assertThrows(type, () -> ParameterGenerator.generate(shape, waste(), new Faulty(fault), sink,
                line -> { }), fault);
        return e.getMessage();
    }

    @Test
    void aBackendThatBreaksTheProtocolIsStopped() {
        R1csShape shape = shape(12);
        String[][] cases = {
            {"order", "began section h; the next section is ic"},
            {"ic count", "announced " + (shape.numInputs() + 1) + " points for section ic"},
            {"b_g2 count", "for section b_g2, not b_g1's"},
            {"partial point", "not whole 96-byte points"},
            {"too many", "points to section l of"},
            {"short", "ended section a after 0 of its"},
            {"infinity in h", "made h[2] with flag bits 40 (the point at infinity"},
            {"compressed in b_g2", "made b_g2[1] with flag bits 80"},
            {"stop after l", "returned before the end of section a"},
        };
        for (String[] c : cases) {
            String message = refusal(shape, c[0], IllegalStateException.class);
            assertTrue(message.startsWith("parameter backend faulty ") && message.contains(c[1]), c[0] + ": " + message);
        }
        assertEquals(ParameterGenerator.unconstrained(2), refusal(shape, "infinity in l", IllegalArgumentException.class));
    }

    @Test
    void anUnconstrainedAuxVariableIsRefusedBeforeAnyFile(@TempDir Path dir) {
        R1csShape shape = ShapeSystem.of(cs -> {
            int x = cs.allocateInput(null, 0);
            int used = cs.allocate(null, 0);
            cs.allocate(null, 0);
            cs.enforce(() -> "c", a -> a.add(x), b -> b.add(cs.one()), c -> c.add(used));
            cs.enforce(() -> "d", a -> a.add(used), LcBuilder.ZERO, LcBuilder.ZERO);
        }, true);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> stream(shape, new CpuParameterBackend(), dir));
        assertEquals(ParameterGenerator.unconstrained(1) + " (it is in no constraint)", e.getMessage());
        assertFalse(listing(dir).iterator().hasNext(), "files left: " + listing(dir));
    }
}
