package io.c2spark.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.c2spark.core.porep.RegisteredSealProof;
import io.c2spark.core.porep.c1.C1Output;
import io.c2spark.core.porep.c1.C1Samples;
import io.c2spark.core.porep.c1.C1Writer;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class C1InfoCommandTest {
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        CommandLine cli = new CommandLine(new C2SparkCli());
        cli.setOut(new PrintWriter(out));
        cli.setErr(new PrintWriter(err));
        return cli.execute(args);
    }

    @Test
    void printsProofShapeAndCommitments(@TempDir Path dir) throws Exception {
        C1Output c1 = C1Samples.random(RegisteredSealProof.STACKED_DRG_2KIB_V1_1_SYNTHETIC, new Random());
        Path file = dir.resolve("c1.json");
        C1Writer.write(c1, file);
        assertEquals(0, run("c1-info", "--challenges", file.toString()), err.toString());
        String text = out.toString();
        assertTrue(text.contains("registered proof: StackedDrg2KiBV1_1_Feat_SyntheticPoRep (id 10)"), text);
        assertTrue(text.contains("sector:           2KiB, 64 nodes, 2 layers"), text);
        assertTrue(text.contains("1 partitions x 2 challenges = 2"), text);
        assertTrue(text.contains("comm_r:           " + C1Output.hex(c1.commR())), text);
        assertTrue(text.contains("comm_d:           " + C1Output.hex(c1.commD())), text);
        assertTrue(text.contains("partition 0:      " + c1.vanillaProofs()[0][0].challenge() + " "
                + c1.vanillaProofs()[0][1].challenge()), text);
    }

    @Test
    void damagedFileExitsWithTwoAndNamesTheField(@TempDir Path dir) throws Exception {
        C1Output c1 = C1Samples.random(RegisteredSealProof.STACKED_DRG_2KIB_V1, new Random());
        Path file = dir.resolve("bad.json");
        C1Writer.write(c1, file);
        String json = Files.readString(file, StandardCharsets.US_ASCII);
        Files.writeString(file, json.substring(0, json.indexOf("\"labeling_proofs\"") + 40));
        assertEquals(2, run("c1-info", file.toString()));
        assertTrue(err.toString().contains("truncated at byte"), err.toString());
        assertTrue(err.toString().contains("labeling_proofs[0].parents[0]"), err.toString());
    }

    @Test
    void helpDescribesTheCommand() {
        assertEquals(0, run("c1-info", "--help"));
        assertTrue(out.toString().contains("SealCommitPhase1Output"), out.toString());
        assertTrue(out.toString().contains("--challenges"), out.toString());
    }
}
