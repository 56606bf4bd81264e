package io.c2spark.spark.robustness;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link GpuFaultCheck} under Maven on a machine with a CUDA device (-Pgpu): eight 2KiB sectors on
 * local-cluster with target/spark-home, a CUDA error injected into one proof. The 2KiB test
 * parameters come from ~/.cache/c2spark/test-params, made there the first time (minutes on the CPU).
 */
@Tag("gpu")
class GpuFaultTest {
    @TempDir
    Path work;

    @Test
    void aCudaErrorInOneProofEndsItsExecutorAndTheBatchCompletesOnANewOne() throws Exception {
        Path params = Path.of(System.getProperty("user.home"), ".cache", "c2spark", "test-params");
        List<String> problems = GpuFaultCheck.run(params, work, 8, System.getProperty("c2spark.test.classes"),
                System.getProperty("c2spark.test.executorJavaOptions"));
        assertEquals(List.of(), problems);
    }
}
