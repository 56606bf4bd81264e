package io.c2spark.core.porep.c2;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.c2spark.core.field.Fr;
import io.c2spark.core.groth16.CpuProver;
import io.c2spark.core.groth16.Groth16Prover;
import io.c2spark.core.groth16.ParameterGenerator;
import io.c2spark.core.groth16.Parameters;
import io.c2spark.core.groth16.Proof;
import io.c2spark.core.groth16.ProofEncoding;
import io.c2spark.core.groth16.TimedProof;
import io.c2spark.core.groth16.Verifier;
import io.c2spark.core.r1cs.R1csShape;
import io.c2spark.core.r1cs.ShapeSystem;
import io.c2spark.core.r1cs.TestCircuits;
import io.c2spark.core.r1cs.Witness;
import io.c2spark.core.r1cs.WitnessSystem;
import io.c2spark.core.r1cs.Witnesses;
import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.ReentrantLock;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The partition pipeline over a small circuit (x^3 + x + 5 = y, y public, one x per partition) and
 * the CPU prover: with one worker its proofs are those of one proof after another with r and s
 * drawn in partition order; with a prover of two slots whose "device" admits one proof at a time,
 * the next witness is built while the device proves, the witnesses never overlap, and the proofs
 * are the same bytes; a flipped witness value gives a partition that does not verify and a proof
 * file that is never written; a failing witness stops the pipeline.
 */
class PartitionPipelineTest {
    private static final long SEED = new Random().nextLong();
    private static final int PARTITIONS = 5;
    private static R1csShape shape;
    private static Parameters params;
    private static CpuProver cpu;

    @BeforeAll
    static void setUp() {
        shape = ShapeSystem.of(TestCircuits.cubic(0, 0), true);
        params = ParameterGenerator.generate(shape, ParameterGenerator.ToxicWaste.random(new Random(SEED)));
        cpu = new CpuProver(shape, params);
    }

    private static long x(int k) {
        return 3 + 7L * k;
    }

    private static long y(int k) {
        long x = x(k);
        return x * x * x + x + 5;
    }

    static Witness witness(int k) {
        return WitnessSystem.of(TestCircuits.cubic(x(k), y(k)));
    }

    static PartitionPipeline.PartitionCheck check() {
        Verifier v = new Verifier(params.vk());
        return (k, bytes) -> v.verify(Fr.of(y(k)), ProofEncoding.decode(bytes));
    }

    /** The proofs one after another with r then s of each partition drawn in order from Random(seed). */
    private static byte[] oneByOne(long seed) throws Exception {
        Random rng = new Random(seed);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (int k = 0; k < PARTITIONS; k++) {
            long[] r = new long[Fr.LIMBS];
            long[] s = new long[Fr.LIMBS];
            Fr.random(rng, r, 0);
            Fr.random(rng, s, 0);
            out.write(ProofEncoding.encode(cpu.prove(witness(k), r, s)));
        }
        return out.toByteArray();
    }

    /**
     * The CPU prover behind two slots and a one-at-a-time "device" that holds each proof for
     * deviceMs: records when each partition's device time ran.
     */
    static final class TwoSlotProver implements Groth16Prover {
        final ReentrantLock device = new ReentrantLock(true);
        final long deviceMs;
        final List<long[]> deviceSpans = Collections.synchronizedList(new ArrayList<>());
        final AtomicInteger inFlight = new AtomicInteger();
        final AtomicInteger mostInFlight = new AtomicInteger();

        TwoSlotProver(long deviceMs) {
            this.deviceMs = deviceMs;
        }

        @Override
        public Proof prove(Witness witness, long[] r, long[] s) {
            return proveTimed(witness, r, s).proof();
        }

        @Override
        public TimedProof proveTimed(Witness witness, long[] r, long[] s) {
            mostInFlight.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
            long t0 = System.nanoTime();
            device.lock();
            long t1 = System.nanoTime();
            try {
                Proof p = cpu.prove(witness, r, s);
                Thread.sleep(deviceMs);
                long t2 = System.nanoTime();
                deviceSpans.add(new long[] {t1, t2});
                return new TimedProof(p, (t1 - t0) / 1e6, (t2 - t1) / 1e6, (t2 - t0) / 1e6, Map.of("device", (t2 - t1) / 1e6));
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            } finally {
                device.unlock();
                inFlight.decrementAndGet();
            }
        }

        @Override
        public int parallelProofs() {
            return 2;
        }
    }

    @Test
    void oneWorkerGivesTheProofsOfOneAfterAnother(@TempDir Path dir) throws Exception {
        List<String> lines = new ArrayList<>();
        PartitionPipeline.Result result = PartitionPipeline.prove(PARTITIONS, PartitionPipelineTest::witness, cpu,
                new Random(SEED), check(), lines::add);
        assertEquals(1, result.workers());
        assertArrayEquals(oneByOne(SEED), result.proofs(), "seed " + SEED);
        assertEquals(-1, result.firstInvalidPartition());
        assertEquals(PARTITIONS, lines.size());
        assertTrue(lines.get(0).startsWith("partition 1/5 proved by worker 1 at "), lines.get(0));
        Path out = dir.resolve("sector.proof");
        assertTrue(result.writeIfVerified(out));
        assertArrayEquals(result.proofs(), Files.readAllBytes(out));
        assertTrue(result.describe().startsWith("sector: 5 partitions in "), result.describe());
        assertTrue(result.describe().endsWith("every partition verified"), result.describe());
    }

    @Test
    void twoWorkersBuildTheNextWitnessWhileTheDeviceProves() throws Exception {
        TwoSlotProver prover = new TwoSlotProver(150);
        List<long[]> witnessSpans = Collections.synchronizedList(new ArrayList<>());
        long[] witnessStart = new long[PARTITIONS];
        PartitionPipeline.WitnessSource slowWitness = k -> {
            long t0 = System.nanoTime();
            witnessStart[k] = t0;
            try {
                Thread.sleep(60);
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
            Witness w = witness(k);
            witnessSpans.add(new long[] {t0, System.nanoTime()});
            return w;
        };
        List<String> lines = Collections.synchronizedList(new ArrayList<>());
        PartitionPipeline.Result result = PartitionPipeline.prove(PARTITIONS, slowWitness, prover, new Random(SEED), check(),
                lines::add);

        assertEquals(2, result.workers());
        assertEquals(2, prover.mostInFlight.get(), "two proofs in flight at once");
        assertArrayEquals(oneByOne(SEED), result.proofs(), "the same r and s per partition whatever the worker (seed " + SEED + ")");
        assertEquals(-1, result.firstInvalidPartition());
        List<long[]> device = new ArrayList<>(prover.deviceSpans);
        device.sort((a, b) -> Long.compare(a[0], b[0]));
        for (int i = 1; i < device.size(); i++) {
            long[] earlier = device.get(i - 1);
            // Some witness was being built while each device span but the last ran.
            boolean overlapped = witnessSpans.stream().anyMatch(w -> w[0] < earlier[1] && w[1] > earlier[0]);
            assertTrue(overlapped, "a witness was built while device span " + (i - 1) + " ran");
        }
        List<long[]> ws = new ArrayList<>(witnessSpans);
        ws.sort((a, b) -> Long.compare(a[0], b[0]));
        for (int i = 1; i < ws.size(); i++) {
            assertTrue(ws.get(i)[0] >= ws.get(i - 1)[1], "one witness at a time");
        }
        for (int k = 1; k < PARTITIONS; k++) {
            assertTrue(witnessStart[k] > witnessStart[k - 1], "witnesses in partition order");
        }
        double serialMs = result.timings().stream().mapToDouble(t -> t.witnessMs() + t.busyMs() + t.verifyMs()).sum();
        assertTrue(result.wallNanos() / 1e6 < serialMs - 3 * 60,
                "overlap hides at least three witness times: " + result.wallNanos() / 1e6 + " ms against " + serialMs + " one after another");
        for (PartitionPipeline.PartitionTiming t : result.timings()) {
            assertTrue(t.busyMs() >= 150 && t.witnessMs() >= 60, t.toString());
            assertEquals(Map.of("device", t.busyMs()), t.phasesMs());
        }
        assertTrue(lines.stream().anyMatch(l -> l.contains("by worker 2")), lines.toString());
    }

    @Test
    void aFlippedWitnessValueGivesAPartitionThatDoesNotVerifyAndNoFile(@TempDir Path dir) throws Exception {
        List<String> lines = Collections.synchronizedList(new ArrayList<>());
        PartitionPipeline.WitnessSource flipped = k -> k == 3 ? Witnesses.withFlippedValue(witness(k), 1) : witness(k);
        PartitionPipeline.Result result = PartitionPipeline.prove(PARTITIONS, flipped, new TwoSlotProver(0), new Random(SEED),
                check(), lines::add);
        assertEquals(3, result.firstInvalidPartition());
        for (PartitionPipeline.PartitionTiming t : result.timings()) {
            assertEquals(t.partition() != 3, t.verified(), "partition " + t.partition());
        }
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("partition 4/5 proved, DOES NOT VERIFY,")), lines.toString());
        assertTrue(result.describe().endsWith("partition 3 does not verify"), result.describe());
        Path out = dir.resolve("sector.proof");
        assertFalse(result.writeIfVerified(out));
        assertFalse(Files.exists(out));
        assertFalse(Files.exists(dir.resolve("sector.proof.tmp")));
    }

    @Test
    void aFailingWitnessStopsThePipeline() {
        AtomicInteger built = new AtomicInteger();
        PartitionPipeline.WitnessSource failing = k -> {
            built.incrementAndGet();
            if (k == 1) {
                throw new IllegalArgumentException("partition 1's vanilla proof is bad");
            }
            return witness(k);
        };
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> PartitionPipeline.prove(PARTITIONS, failing, new TwoSlotProver(100), new Random(SEED), check(), l -> { }));
        assertEquals("partition 1's vanilla proof is bad", e.getMessage());
        assertEquals(2, built.get(), "no witness after the failure");
    }
}
