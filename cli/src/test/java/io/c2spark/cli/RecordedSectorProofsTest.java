package io.c2spark.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.c2spark.cli.ProveCommandTest.Run;
import io.c2spark.core.testing.NodeOracle;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The sector proofs recorded from the H200 (docs/gpu-runs/2026-12-0N-32gib and -64gib) still verify
 * here, on the CPU, as a storage provider would check them: the C1 file made again from its seed by
 * synth-c1, then `c2spark verify` with the recorded verifying key. A change to the synthetic C1, the
 * public inputs or the proof format that would break them shows here.
 */
@Tag("slow")
class RecordedSectorProofsTest {
    @ParameterizedTest
    @ValueSource(strings = {"2026-12-03-32gib", "2026-12-03-64gib", "2026-12-04-32gib", "2026-12-04-64gib",
        "2026-12-04-main-32gib", "2026-12-04-main-64gib"})
    void recordedProofVerifies(String folder, @TempDir Path dir) throws Exception {
        Path run = NodeOracle.repoRoot().resolve("docs/gpu-runs").resolve(folder);
        String size = folder.substring(folder.lastIndexOf('-') + 1).replace("gib", "GiB");
        String seed = Files.readString(run.resolve("c1.seed")).trim();
        Path c1 = dir.resolve("c1.json");
        Run synth = ProveCommandTest.run("synth-c1", "--sector-size", size, "--seed", seed, "--out", c1.toString());
        assertEquals(0, synth.exit(), synth.err());
        Run verify = ProveCommandTest.run("verify", "--c1", c1.toString(), "--vk",
                run.resolve("c2spark-insecure-test-porep-" + size + ".vk").toString(), "--proof",
                run.resolve("sector.proof").toString());
        assertEquals(0, verify.exit(), verify.err());
        assertTrue(verify.out().startsWith("OK"), verify.out());
    }
}
