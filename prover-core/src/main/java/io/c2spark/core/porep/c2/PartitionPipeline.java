package io.c2spark.core.porep.c2;

import io.c2spark.core.concurrent.Threads;
import io.c2spark.core.field.Fr;
import io.c2spark.core.groth16.Groth16Prover;
import io.c2spark.core.groth16.ProofEncoding;
import io.c2spark.core.groth16.TimedProof;
import io.c2spark.core.r1cs.Witness;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;

/**
 * Proves the partitions of one sector with one {@link Groth16Prover}, keeping its device busy: as
 * many workers as the prover runs proofs at once ({@link Groth16Prover#parallelProofs}, at most one
 * per partition) take the partitions in order, and each builds its partition's witness (on all
 * host cores, one witness at a time) and then proves it. So while one worker's proof runs on the
 * device, the next worker builds the next witness and uploads it, and its kernels start as soon as
 * the device is free. With one worker (the CPU prover) the partitions run one after another in the
 * calling thread. The blinding factors r and s of every partition are drawn from the caller's rng in
 * partition order before anything starts, so the proofs do not depend on which worker ran which
 * partition; they are assembled in partition order, 192 bytes each. A failure stops the workers
 * from taking further partitions and is thrown once those in flight are done.
 *
 * <p>Each partition's line says when it ran (seconds from the sector's start), how long its
 * witness took, how long it waited for the device (key, slot, locks) and how long the device
 * worked on it; the result adds the sector's wall time.
 */
public final class PartitionPipeline {
    private PartitionPipeline() {
    }

    /** Builds one partition's witness. */
    @FunctionalInterface
    public interface WitnessSource {
        Witness witness(int partition);
    }

    /** Whether one partition's proof (192 bytes) verifies against its public inputs. */
    @FunctionalInterface
    public interface PartitionCheck {
        boolean verifies(int partition, byte[] proof);
    }

    /**
     * One partition: the worker (1-based) that proved it, its witness time, its wait for the device,
     * the device's time on it, the prover call from start to end, when the witness started and the
     * proof ended (nanoseconds from the sector's start), and the device's phases when profiled.
     */
    public record PartitionTiming(int partition, int worker, double witnessMs, double waitMs, double busyMs, double proofMs,
            double verifyMs, boolean verified, long startNanos, long endNanos, Map<String, Double> phasesMs) {
        /** The partition's progress line (partitions: the sector's count). */
        public String describe(int partitions) {
            return String.format("partition %d/%d %s by worker %d at %.1f-%.1f s: witness %.2f s, device wait %.2f s,"
                    + " device %.2f s, proof %.2f s, verify %.2f s", partition + 1, partitions,
                    verified ? "proved" : "proved, DOES NOT VERIFY,", worker, startNanos / 1e9, endNanos / 1e9,
                    witnessMs / 1e3, waitMs / 1e3, busyMs / 1e3, proofMs / 1e3, verifyMs / 1e3);
        }
    }

    /** The seal proof (partition order), each partition's timing (partition order), the wall time and workers. */
    public record Result(byte[] proofs, List<PartitionTiming> timings, long wallNanos, int workers) {
        public Result {
            timings = List.copyOf(timings);
        }

        /** The first partition whose proof did not verify, or -1 when all did. */
        public int firstInvalidPartition() {
            for (PartitionTiming t : timings) {
                if (!t.verified()) {
                    return t.partition();
                }
            }
            return -1;
        }

        /**
         * Writes the seal proof to out atomically (a temporary file beside it, then a rename) when
         * every partition verified and returns true; otherwise writes nothing and returns false.
         */
        public boolean writeIfVerified(Path out) throws IOException {
            if (firstInvalidPartition() >= 0) {
                return false;
            }
            Path tmp = out.resolveSibling(out.getFileName() + ".tmp");
            Files.write(tmp, proofs);
            Files.move(tmp, out, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            return true;
        }

        /** Sums of witness, device and wait times. */
        public double witnessMs() {
            return timings.stream().mapToDouble(PartitionTiming::witnessMs).sum();
        }

        public double busyMs() {
            return timings.stream().mapToDouble(PartitionTiming::busyMs).sum();
        }

        public double waitMs() {
            return timings.stream().mapToDouble(PartitionTiming::waitMs).sum();
        }

        /**
         * The sector's line: wall time, workers, the sums over the partitions, the share of the wall
         * time the device worked, and whether every partition verified.
         */
        public String describe() {
            double wall = wallNanos / 1e6;
            int bad = firstInvalidPartition();
            return String.format("sector: %d partitions in %.2f s wall with %d worker(s); summed: witness %.2f s, device %.2f s"
                    + " (%.0f%% of the wall time), device wait %.2f s, verify %.2f s; %s", timings.size(), wall / 1e3, workers,
                    witnessMs() / 1e3, busyMs() / 1e3, wall == 0 ? 0 : 100 * busyMs() / wall, waitMs() / 1e3,
                    timings.stream().mapToDouble(PartitionTiming::verifyMs).sum() / 1e3,
                    bad < 0 ? "every partition verified" : "partition " + bad + " does not verify");
        }
    }

    /**
     * Proves partitions 0 .. partitions-1, building each witness with witnesses and checking each
     * proof with check; progress gets each partition's line as it is proven (from the worker's
     * thread, one line at a time).
     */
    public static Result prove(int partitions, WitnessSource witnesses, Groth16Prover prover, Random rng, PartitionCheck check,
            Consumer<String> progress) {
        if (partitions < 1) {
            throw new IllegalArgumentException("a sector has at least one partition, got " + partitions);
        }
        long[][] r = new long[partitions][Fr.LIMBS];
        long[][] s = new long[partitions][Fr.LIMBS];
        for (int k = 0; k < partitions; k++) {
            Fr.random(rng, r[k], 0);
            Fr.random(rng, s[k], 0);
        }
        int workers = Math.max(1, Math.min(prover.parallelProofs(), partitions));
        Run run = new Run(partitions, witnesses, prover, r, s, check, progress);
        if (workers == 1) {
            run.work(1);
        } else {
            List<Thread> threads = new ArrayList<>();
            for (int w = 1; w <= workers; w++) {
                int worker = w;
                Thread t = new Thread(() -> run.work(worker), "partition worker " + w);
                t.setDaemon(true);
                threads.add(t);
                t.start();
            }
            // Interrupted, the workers finish the partitions they hold and take no more.
            Threads.joinAll(threads, run::fail);
        }
        Throwable f = run.failure.get();
        if (f instanceof RuntimeException e) {
            throw e;
        }
        if (f instanceof Error e) {
            throw e;
        }
        if (f != null) {
            throw new IllegalStateException("proving was interrupted", f);
        }
        return new Result(run.out, Arrays.asList(run.timings), System.nanoTime() - run.start, workers);
    }

    /** The shared state of one sector's workers. */
    private static final class Run {
        final int partitions;
        final WitnessSource witnesses;
        final Groth16Prover prover;
        final long[][] r, s;
        final PartitionCheck check;
        final Consumer<String> progress;
        final byte[] out;
        final PartitionTiming[] timings;
        final long start = System.nanoTime();
        /** One witness at a time, in partition order: each takes every host core. */
        final ReentrantLock witnessTurn = new ReentrantLock(true);
        final AtomicReference<Throwable> failure = new AtomicReference<>();
        int next;

        Run(int partitions, WitnessSource witnesses, Groth16Prover prover, long[][] r, long[][] s, PartitionCheck check,
                Consumer<String> progress) {
            this.partitions = partitions;
            this.witnesses = witnesses;
            this.prover = prover;
            this.r = r;
            this.s = s;
            this.check = check;
            this.progress = progress;
            this.out = new byte[partitions * ProofEncoding.BYTES];
            this.timings = new PartitionTiming[partitions];
        }

        void fail(Throwable t) {
            failure.compareAndSet(null, t);
        }

        void work(int worker) {
            try {
                while (true) {
                    int k;
                    Witness w;
                    long t0;
                    long t1;
                    witnessTurn.lock();
                    try {
                        if (failure.get() != null || next == partitions) {
                            return;
                        }
                        k = next++;
                        t0 = System.nanoTime();
                        w = witnesses.witness(k);
                        t1 = System.nanoTime();
                    } finally {
                        witnessTurn.unlock();
                    }
                    TimedProof p = prover.proveTimed(w, r[k], s[k]);
                    long t2 = System.nanoTime();
                    byte[] proof = ProofEncoding.encode(p.proof());
                    System.arraycopy(proof, 0, out, k * ProofEncoding.BYTES, ProofEncoding.BYTES);
                    boolean verified = check.verifies(k, proof);
                    long t3 = System.nanoTime();
                    PartitionTiming timing = new PartitionTiming(k, worker, (t1 - t0) / 1e6, p.waitMs(), p.busyMs(), p.totalMs(),
                            (t3 - t2) / 1e6, verified, t0 - start, t3 - start, p.phasesMs());
                    synchronized (this) {
                        timings[k] = timing;
                        progress.accept(timing.describe(partitions));
                    }
                }
            } catch (RuntimeException | Error e) {
                fail(e);
            }
        }
    }
}
