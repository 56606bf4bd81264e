package io.c2spark.bench;

import io.c2spark.core.groth16.CpuProver;
import io.c2spark.core.groth16.Groth16Prover;
import io.c2spark.core.groth16.ParameterFile;
import io.c2spark.core.groth16.ParameterFiles;
import io.c2spark.core.groth16.Parameters;
import io.c2spark.core.groth16.VerifyingKey;
import io.c2spark.core.porep.RegisteredSealProof;
import io.c2spark.core.porep.SectorShape;
import io.c2spark.core.porep.c1.C1Output;
import io.c2spark.core.porep.c1.C1Reader;
import io.c2spark.core.porep.c1.C1Writer;
import io.c2spark.core.porep.c2.PartitionPipeline;
import io.c2spark.core.porep.c2.PorepParameters;
import io.c2spark.core.porep.c2.SealProver;
import io.c2spark.core.porep.seal.SyntheticInputs;
import io.c2spark.core.porep.seal.SyntheticSector;
import io.c2spark.core.porep.seal.VanillaVerifier;
import io.c2spark.core.r1cs.R1csShape;
import io.c2spark.gpu.prover.GpuProverProvider;
import io.c2spark.gpu.prover.PeakRss;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Sectors back to back in one process, as a prover that keeps its key loaded proves them: N
 * synthetic C1 files (generator seeds 1 .. N) are written first, outside the timing; then the
 * prover is opened once (`c2spark prove`'s: two slots and copies of h where they fit on the GPU,
 * or the CPU's), and the sectors are proven one after another, each through the same pipeline as
 * `c2spark prove` (each partition verified as it is made, the proof file written only when all
 * verified), while the next sector's C1 is read and its vanilla proofs checked on another thread.
 * Prints each sector's wall time (from the end of the one before) and the steady state: sectors an
 * hour over the sectors after the first.
 *
 * <p>Usage: SteadyStateBench PARAMS_DIR SIZE SECTORS WORK_DIR [gpu|cpu]. Prints [steady] lines;
 * exits 1 when a sector's proof does not verify.
 */
public final class SteadyStateBench {
    private SteadyStateBench() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 4) {
            System.err.println("usage: SteadyStateBench PARAMS_DIR SIZE SECTORS WORK_DIR [gpu|cpu]");
            System.exit(2);
        }
        Path paramsDir = Path.of(args[0]);
        SectorShape size = SectorShape.parse(args[1]);
        int sectors = Integer.parseInt(args[2]);
        Path work = Files.createDirectories(Path.of(args[3]));
        boolean gpu = args.length < 5 || args[4].equals("gpu");
        RegisteredSealProof kind = RegisteredSealProof.interactive(size, false);
        Path[] c1Files = new Path[sectors];
        for (int i = 0; i < sectors; i++) {
            long t0 = System.nanoTime();
            SyntheticInputs in = SyntheticInputs.fromHex(String.format("%064x", i + 1));
            c1Files[i] = work.resolve("c1-" + (i + 1) + ".json");
            C1Writer.write(SyntheticSector.c1(kind, in.proverId(), i + 1, in.ticket(), in.seed(), line -> { }), c1Files[i]);
            System.out.printf(Locale.ROOT, "[steady] wrote %s (%.1f MB) in %.1f s%n", c1Files[i], Files.size(c1Files[i]) / 1e6,
                    (System.nanoTime() - t0) / 1e9);
        }
        Path paramsFile = PorepParameters.paramsFile(paramsDir, size);
        long s0 = System.nanoTime();
        R1csShape shape = PorepParameters.circuitShape(size, paramsDir);
        ParameterFile source = null;
        Groth16Prover prover;
        VerifyingKey vk;
        if (gpu) {
            source = ParameterFile.open(paramsFile);
            prover = new GpuProverProvider().open(shape, source, false);
            vk = source.vk();
        } else {
            Parameters heap = ParameterFiles.readParams(paramsFile, false);
            prover = new CpuProver(shape, heap);
            vk = heap.vk();
        }
        System.out.printf(Locale.ROOT, "[steady] %s on the %s: circuit and key ready in %.1f s; %s%n", size.label(),
                gpu ? "GPU" : "CPU", (System.nanoTime() - s0) / 1e9, PeakRss.describe());
        ExecutorService reader = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "next sector's C1");
            t.setDaemon(true);
            return t;
        });
        SecureRandom rng = new SecureRandom();
        int status = 0;
        try {
            Future<Checked> next = reader.submit(() -> readAndCheck(c1Files[0]));
            long start = System.nanoTime();
            long previousEnd = start;
            for (int i = 0; i < sectors; i++) {
                Checked c = next.get();
                long ready = System.nanoTime();
                if (i + 1 < sectors) {
                    Path f = c1Files[i + 1];
                    next = reader.submit(() -> readAndCheck(f));
                }
                int sector = i + 1;
                PartitionPipeline.Result result = SealProver.runChecked(c.c1(), prover, vk, rng,
                        line -> System.out.println("[steady]   sector " + sector + " " + line));
                Path out = work.resolve("sector-" + sector + ".proof");
                boolean written = result.writeIfVerified(out);
                long end = System.nanoTime();
                System.out.printf(Locale.ROOT, "[steady] sector %d/%d: %.2f s wall (waited %.2f s for its C1, read and checked"
                        + " in %.2f s beside the sector before), %s; %s%n", sector, sectors, (end - previousEnd) / 1e9,
                        (ready - previousEnd) / 1e9, c.nanos() / 1e9, written ? "written " + out : "NOT WRITTEN",
                        result.describe());
                if (!written) {
                    status = 1;
                }
                previousEnd = end;
                if (i == 0) {
                    start = end;
                }
            }
            if (sectors > 1) {
                double seconds = (previousEnd - start) / 1e9;
                System.out.printf(Locale.ROOT, "[steady] steady state: %d sectors after the first in %.1f s, %.2f s a sector,"
                        + " %.1f sectors an hour; %s%n", sectors - 1, seconds, seconds / (sectors - 1),
                        3600 * (sectors - 1) / seconds, PeakRss.describe());
            }
        } finally {
            reader.shutdownNow();
            prover.close();
            if (source != null) {
                source.close();
            }
        }
        System.exit(status);
    }

    /** A C1 read and its vanilla proofs verified, and how long that took. */
    private record Checked(C1Output c1, long nanos) {
    }

    private static Checked readAndCheck(Path file) throws IOException, io.c2spark.core.porep.vanilla.proof.VanillaProofException {
        long t0 = System.nanoTime();
        C1Output c1 = C1Reader.read(file);
        VanillaVerifier.verify(c1.registeredProof(), c1.replicaId(), c1.commD(), c1.commR(), c1.seed(), c1.vanillaProofs());
        return new Checked(c1, System.nanoTime() - t0);
    }
}
