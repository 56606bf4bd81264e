package io.c2spark.cli.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The fuzzer's full run (-Pslow): 11,000 cases, a thousand of each kind of file, about five
 * minutes on two cores; its figures are in docs/benchmarks.md. -Dc2spark.fuzz.seed=S repeats a run.
 */
@Tag("slow")
class FuzzFullTest {
    @Test
    void elevenThousandMutatedFilesAreRefusedCleanlyOrHarmless() throws Exception {
        long seed = Long.getLong("c2spark.fuzz.seed", System.nanoTime());
        System.out.println("fuzz: 11000 cases, seed " + seed);
        FuzzRun.Report r = FuzzRun.run(11_000, seed, FuzzRun.CORPUS_SEED);
        System.out.print(r.table());
        System.out.print(r.refusalSamples(3));
        assertEquals(List.of(), r.defects, "fuzz seed " + seed);
    }
}
