package io.c2spark.spark.job;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Optional;
import java.util.Set;
import org.apache.spark.SparkConf;
import org.junit.jupiter.api.Test;

/** The driver's wait for executors: from the start, and again whenever every executor is gone. */
class ExecutorWaitTest {
    private static final long S = 1_000_000_000L;
    private static final SparkConf GPU = new SparkConf(false).set("spark.executor.cores", "2")
            .set("spark.executor.memory", "16g").set("spark.executor.resource.gpu.amount", "1");

    @Test
    void noExecutorForTheWholeWaitStopsNamingWhatAnExecutorAsksFor() {
        ExecutorWait w = new ExecutorWait(60, GPU, 0);
        assertEquals(Optional.empty(), w.check(Set.of(), 59 * S));
        assertEquals(Optional.of("no executor for 60 s: no registered worker offers what an executor asks for"
                + " (spark.executor.cores=2, spark.executor.memory=16g, spark.executor.resource.gpu.amount=1)"),
                w.check(Set.of(), 60 * S));
    }

    @Test
    void theClockRestartsWhenTheLastExecutorIsLost() {
        ExecutorWait w = new ExecutorWait(60, GPU, 0);
        assertEquals(Optional.empty(), w.check(Set.of("1"), 30 * S));
        assertEquals(Optional.empty(), w.check(Set.of(), 100 * S));
        assertEquals(Optional.empty(), w.check(Set.of(), 159 * S));
        assertEquals(Optional.of("no executor for 60 s since the last one was lost (or excluded after failures), and"
                + " none replaced it: no registered worker offers what an executor asks for (spark.executor.cores=2,"
                + " spark.executor.memory=16g, spark.executor.resource.gpu.amount=1)"), w.check(Set.of(), 160 * S));
    }

    @Test
    void zeroWaitsForEver() {
        assertEquals(Optional.empty(), new ExecutorWait(0, GPU, 0).check(Set.of(), 1_000_000 * S));
    }

    @Test
    void theDefaultsAreSparksWhereNothingIsSet() {
        assertEquals("spark.executor.cores=1, spark.executor.memory=1g", ExecutorWait.asks(new SparkConf(false)));
    }
}
