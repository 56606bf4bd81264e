package io.c2spark.gpu.prover;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.c2spark.core.groth16.ParameterFile;
import io.c2spark.core.porep.RegisteredSealProof;
import io.c2spark.core.porep.SectorShape;
import io.c2spark.core.porep.c1.C1Output;
import io.c2spark.core.porep.c2.PartitionPipeline;
import io.c2spark.core.porep.c2.PorepParameters;
import io.c2spark.core.porep.c2.SealProver;
import io.c2spark.core.porep.seal.SyntheticInputs;
import io.c2spark.core.porep.seal.SyntheticSector;
import io.c2spark.core.r1cs.R1csShape;
import io.c2spark.core.r1cs.Witness;
import io.c2spark.core.r1cs.Witnesses;

/**
 * A synthetic 32GiB sector proven as `c2spark prove --backend gpu` proves it (the command line's GPU
 * prover: two slots, copies of h where they fit; the partition pipeline; each partition checked as
 * it is made) with one witness value changed in two partitions: a non-bit value in partition 3 and
 * a bit in partition 7. Those two proofs do not verify, every other partition's does (so the
 * parameters and circuit are right and the failure is the witness's), and the proof file is never
 * written. Needs a directory of 32GiB parameters and shape (`c2spark params --sector-size 32GiB`),
 * given as -Dc2spark.test.params32=DIR; deploy/gpu/sector-run.sh's phase "corrupt" runs it.
 */
@Tag("gpu")
class CorruptedWitness32GiBTest {
    static final String PARAMS_PROPERTY = "c2spark.test.params32";
    private static final String C1_SEED = "0000000000000000000000000000000000000000000000000000000000000032";

    @Test
    void aFlippedWitnessValueGivesAProofThatDoesNotVerifyAndIsNeverWritten(@TempDir Path dir) throws Exception {
        String given = System.getProperty(PARAMS_PROPERTY);
        Assumptions.assumeTrue(given != null && !given.isEmpty(), "needs 32GiB parameters and shape (c2spark params --sector-size"
                + " 32GiB --out DIR): -D" + PARAMS_PROPERTY + "=DIR; deploy/gpu/sector-run.sh corrupt 32GiB WORK OUT runs it");
        SectorShape size = SectorShape.SIZE_32GIB;
        Path params = PorepParameters.paramsFile(Path.of(given), size);
        Path shapeFile = PorepParameters.shapeFile(Path.of(given), size);
        assertTrue(Files.isRegularFile(params) && Files.isRegularFile(shapeFile), "-D" + PARAMS_PROPERTY + "=" + given
                + " holds no " + params.getFileName() + " and " + shapeFile.getFileName());

        SyntheticInputs in = SyntheticInputs.fromHex(C1_SEED);
        C1Output c1 = SyntheticSector.c1(RegisteredSealProof.interactive(size, false), in.proverId(), 1, in.ticket(), in.seed(),
                line -> { });
        long t0 = System.nanoTime();
        R1csShape shape = PorepParameters.circuitShape(size, Path.of(given));
        System.out.printf("[gpu prover] corrupted 32GiB witness: circuit read in %.1f s%n", (System.nanoTime() - t0) / 1e9);
        int[] corrupted = {3, 7};
        PartitionPipeline.WitnessSource witnesses = k -> {
            Witness w = SealProver.witness(c1, k);
            if (k == corrupted[0]) {
                int aux = w.tailAux()[w.tailSize() / 2];
                System.out.printf("[gpu prover] partition %d: non-bit aux variable %d plus one%n", k, aux);
                return Witnesses.withFlippedValue(w, aux);
            }
            if (k == corrupted[1]) {
                int aux = w.numAux() / 2;
                while (java.util.Arrays.binarySearch(w.tailAux(), aux) >= 0) {
                    aux++;
                }
                System.out.printf("[gpu prover] partition %d: bit aux variable %d flipped%n", k, aux);
                return Witnesses.withFlippedValue(w, aux);
            }
            return w;
        };
        List<String> lines = new CopyOnWriteArrayList<>();
        try (ParameterFile source = ParameterFile.open(params);
             CoordinatedGpuProver gpu = (CoordinatedGpuProver) new GpuProverProvider().open(shape, source, false)) {
            System.out.println("[gpu prover] corrupted 32GiB witness: " + gpu.plan().describe());
            PartitionPipeline.Result result = PartitionPipeline.prove(c1.partitions(), witnesses, gpu, new SecureRandom(),
                    SealProver.check(c1, source.vk()), line -> {
                        lines.add(line);
                        System.out.println("[gpu prover] " + line);
                    });
            System.out.println("[gpu prover] " + result.describe());
            assertEquals(corrupted[0], result.firstInvalidPartition(), lines.toString());
            for (PartitionPipeline.PartitionTiming t : result.timings()) {
                boolean bad = t.partition() == corrupted[0] || t.partition() == corrupted[1];
                assertEquals(!bad, t.verified(), "partition " + t.partition() + ": " + t.describe(c1.partitions()));
            }
            Path out = dir.resolve("sector.proof");
            assertFalse(result.writeIfVerified(out));
            assertFalse(Files.exists(out), "a proof that does not verify is never written");
            assertFalse(Files.exists(dir.resolve("sector.proof.tmp")));
        }
    }
}
