package io.c2spark.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.c2spark.core.groth16.ParameterFiles;
import io.c2spark.core.groth16.ParameterGenerator;
import io.c2spark.core.groth16.ProvingCircuits;
import io.c2spark.core.porep.RegisteredSealProof;
import io.c2spark.core.porep.SectorShape;
import io.c2spark.core.porep.c1.C1Output;
import io.c2spark.core.porep.c1.C1Samples;
import io.c2spark.core.porep.c1.C1Writer;
import io.c2spark.core.porep.c2.PorepParameters;
import io.c2spark.core.porep.vanilla.proof.ColumnProof;
import io.c2spark.core.porep.vanilla.proof.LabelingProof;
import io.c2spark.core.porep.vanilla.proof.ReplicaColumnProof;
import io.c2spark.core.porep.vanilla.proof.VanillaProof;
import io.c2spark.core.r1cs.R1csShape;
import io.c2spark.core.r1cs.ShapeFiles;
import io.c2spark.core.r1cs.ShapeSystem;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code c2spark prove} refuses a really sealed 2KiB sector's C1 file with one corrupted field
 * before it looks for parameters: exit 2, the field named, no proof written. (The full seal,
 * parameters, prove and verify path is the slow SealProofEndToEndTest.)
 */
class ProveCommandTest {
    private static final long SEED = new Random().nextLong();

    /** What a command printed and returned. */
    record Run(int exit, String out, String err) {
    }

    static Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cli = FileErrorHandler.install(new CommandLine(new C2SparkCli()));
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        int exit = cli.execute(args);
        return new Run(exit, out.toString(), err.toString());
    }

    private static C1Output withChallenge(C1Output c1, int challenge, VanillaProof replacement) {
        VanillaProof[][] vp = {c1.vanillaProofs()[0].clone()};
        vp[0][challenge] = replacement;
        return new C1Output(c1.registeredProof(), vp, c1.commR(), c1.commD(), c1.replicaId(), c1.seed(), c1.ticket());
    }

    private static Run prove(Path dir, C1Output c1) throws IOException {
        Path file = dir.resolve("c1.json");
        C1Writer.write(c1, file);
        Path params = Files.createDirectories(dir.resolve("no-params"));
        Run r = run("prove", "--c1", file.toString(), "--params", params.toString(), "--out",
                dir.resolve("proof").toString());
        assertFalse(Files.exists(dir.resolve("proof")), "seed " + SEED + ": a proof was written");
        assertEquals(2, r.exit(), () -> "seed " + SEED + ": " + r);
        assertFalse(r.err().contains("parameters"), () -> "refused only after looking for parameters: " + r);
        return r;
    }

    @Test
    void corruptedLabelingParentIsRefusedWithTheFieldNamed(@TempDir Path dir) throws IOException {
        C1Output c1 = C1Samples.sealed2KiB(new Random(SEED));
        VanillaProof p = c1.vanillaProofs()[0][1];
        LabelingProof[] labeling = p.labelingProofs().clone();
        byte[] parents = labeling[1].parents().clone();
        parents[32 * 3 + 2] ^= 8;
        labeling[1] = new LabelingProof(parents, labeling[1].layerIndex(), labeling[1].node());
        Run r = prove(dir, withChallenge(c1, 1, new VanillaProof(p.commDProofs(), p.commRLastProof(),
                p.replicaColumnProofs(), labeling, p.encodingProof())));
        assertTrue(r.err().contains("partition 0, challenge 1, field labeling_proofs[1].parents"), r::toString);
    }

    @Test
    void corruptedColumnRowIsRefusedWithTheFieldNamed(@TempDir Path dir) throws IOException {
        C1Output c1 = C1Samples.sealed2KiB(new Random(SEED));
        VanillaProof p = c1.vanillaProofs()[0][0];
        ReplicaColumnProof rc = p.replicaColumnProofs();
        ColumnProof[] drg = rc.drgParents().clone();
        byte[] rows = drg[4].rows().clone();
        rows[32 + 5] ^= 1;
        drg[4] = new ColumnProof(drg[4].index(), rows, drg[4].inclusionProof());
        Run r = prove(dir, withChallenge(c1, 0, new VanillaProof(p.commDProofs(), p.commRLastProof(),
                new ReplicaColumnProof(rc.cX(), drg, rc.expParents()), p.labelingProofs(), p.encodingProof())));
        assertTrue(r.err().contains(
                "partition 0, challenge 0, field replica_column_proofs.drg_parents[4].inclusion_proof.leaf"), r::toString);
    }

    @Test
    void malformedFileIsRefusedWithThePathNamed(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("c1.json");
        C1Writer.write(C1Samples.sealed2KiB(new Random(SEED)), file);
        String json = Files.readString(file, StandardCharsets.US_ASCII);
        Files.writeString(file, json.replaceFirst("\"seed\":\\[", "\"seed\":[\"x\","), StandardCharsets.US_ASCII);
        Run r = run("prove", "--c1", file.toString(), "--params", dir.toString(), "--out",
                dir.resolve("proof").toString());
        assertEquals(2, r.exit(), r::toString);
        assertTrue(r.err().contains("seed"), r::toString);
        assertFalse(Files.exists(dir.resolve("proof")));
    }

    /**
     * --check-params-digest: a parameter file whose SHA-256 differs from its .sha256 file's, or one
     * without a digest file, is refused before anything is loaded (the file here is not even a
     * parameter file), exit 2, no proof written.
     */
    @Test
    void aParameterFileThatDiffersFromItsDigestIsRefused(@TempDir Path dir) throws IOException {
        Path c1 = dir.resolve("c1.json");
        C1Writer.write(C1Samples.sealed2KiB(new Random(SEED)), c1);
        Path params = Files.createDirectories(dir.resolve("params"));
        Path file = params.resolve("c2spark-insecure-test-porep-2KiB.params");
        Files.write(file, new byte[] {1, 2, 3});
        String[] args = {"prove", "--c1", c1.toString(), "--params", params.toString(), "--out", dir.resolve("proof").toString(),
            "--check-params-digest"};
        Run missing = run(args);
        assertEquals(2, missing.exit(), missing::toString);
        assertTrue(missing.err().contains(file + ": no digest file " + file + ".sha256"), missing::toString);
        Files.writeString(params.resolve(file.getFileName() + ".sha256"), "00".repeat(32) + "  " + file.getFileName() + "\n");
        Run differs = run(args);
        assertEquals(2, differs.exit(), differs::toString);
        assertTrue(differs.err().contains(file + ": SHA-256 ") && differs.err().contains("differs from " + "00".repeat(32)),
                differs::toString);
        assertFalse(Files.exists(dir.resolve("proof")));
    }

    /** A sealed sector's C1 file relabelled synthetic PoRep: refused before any parameter is looked for. */
    @Test
    void aSyntheticPoRepFileIsRefusedNamingTheRegisteredProof(@TempDir Path dir) throws IOException {
        C1Output c1 = C1Samples.sealed2KiB(new Random(SEED));
        Run r = prove(dir, new C1Output(RegisteredSealProof.STACKED_DRG_2KIB_V1_1_SYNTHETIC, c1.vanillaProofs(), c1.commR(),
                c1.commD(), c1.replicaId(), c1.seed(), c1.ticket()));
        assertEquals("c2spark prove: refused " + dir.resolve("c1.json") + ": registered proof "
                + "StackedDrg2KiBV1_1_Feat_SyntheticPoRep (id 10) uses synthetic PoRep challenge selection, which c2spark"
                + " does not implement; only interactive StackedDrg*V1 and V1_1 (ids 0..9) are supported", r.err().strip());
    }

    /**
     * Parameters and a shape file of another circuit under the 2KiB names (the shape file carries
     * the 2KiB circuit's name, so it is read): the 2KiB witness does not fit them, which is said in
     * one line naming both files, exit 2, nothing written.
     */
    @Test
    void parametersOfAnotherCircuitAreRefusedNamingTheFiles(@TempDir Path dir) throws IOException {
        Path c1 = dir.resolve("c1.json");
        C1Writer.write(C1Samples.sealed2KiB(new Random(SEED)), c1);
        Path params = Files.createDirectories(dir.resolve("params"));
        SectorShape shape = RegisteredSealProof.STACKED_DRG_2KIB_V1_1.shape();
        R1csShape small = ShapeSystem.of(ProvingCircuits.mixed(SEED, 8), true);
        ParameterFiles.writeParams(ParameterGenerator.generate(small, ParameterGenerator.ToxicWaste.random(new Random(SEED))),
                PorepParameters.paramsFile(params, shape));
        Path shapeFile = PorepParameters.shapeFile(params, shape);
        ShapeFiles.write(small, "PoRep partition circuit, 2KiB, 2 challenges per partition", shapeFile);
        Path out = dir.resolve("proof");
        Run r = run("prove", "--c1", c1.toString(), "--params", params.toString(), "--out", out.toString());
        assertEquals(2, r.exit(), r::toString);
        String line = r.err().strip();
        assertFalse(line.contains("\n") || line.contains("Exception"), line);
        assertTrue(line.startsWith("c2spark prove: " + PorepParameters.paramsFile(params, shape) + " and " + shapeFile
                + " do not fit the 2KiB partition circuit: witness has "), line);
        assertTrue(line.endsWith("; remake them with `c2spark params --sector-size 2KiB --out " + params + "`"), line);
        assertFalse(Files.exists(out));
    }

    /** A C1 path that does not exist: one line naming the command and the file, exit 2, no stack trace. */
    @Test
    void aMissingC1FileIsNamedWithoutAStackTrace(@TempDir Path dir) {
        Path missing = dir.resolve("nowhere/c1.json");
        Run r = run("prove", "--c1", missing.toString(), "--params", dir.toString(), "--out", dir.resolve("proof").toString(),
                "--backend", "cpu");
        assertEquals(FileErrorHandler.EXIT_CODE, r.exit(), r.err());
        assertEquals("c2spark prove: no such file: " + missing, r.err().strip());
        assertFalse(Files.exists(dir.resolve("proof")));
    }
}
