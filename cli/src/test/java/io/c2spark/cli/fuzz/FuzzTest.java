package io.c2spark.cli.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The fuzzer's short run, part of the default test run: a few hundred cases, every kind of file in
 * turn, from a fresh seed each run (printed; -Dc2spark.fuzz.seed=S repeats a run, FuzzRun --seed S
 * --case I replays one case). Every case must end in a clean refusal or a harmless acceptance
 * within its time and heap budgets; a mutated proof, public input or key never verifies.
 */
class FuzzTest {
    static final long SEED = Long.getLong("c2spark.fuzz.seed", System.nanoTime());

    @Test
    void everyMutatedFileIsRefusedCleanlyOrHarmless() throws Exception {
        long cases = Long.getLong("c2spark.fuzz.cases", 330);
        System.out.println("fuzz: " + cases + " cases, seed " + SEED);
        FuzzRun.Report r = FuzzRun.run(cases, SEED, FuzzRun.CORPUS_SEED);
        System.out.print(r.table());
        System.out.print(r.refusalSamples(3));
        assertEquals(List.of(), r.defects, "fuzz seed " + SEED);
    }
}
