package io.c2spark.core.groth16;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A program that links prover-core without gpu-executor: gpu is refused saying that its backend is
 * not on the class path, and auto falls back to the CPU saying so.
 */
class ParameterBackendsTest {
    @Test
    void gpuIsRefusedSayingItsBackendIsMissing() {
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> ParameterBackends.choose("gpu", line -> { }));
        assertEquals("this installation has no GPU parameter backend (gpu-executor is not on the class path)", e.getMessage());
    }

    @Test
    void autoFallsBackToTheCpuSayingWhy() {
        List<String> notes = new ArrayList<>();
        assertEquals("cpu", ParameterBackends.choose("auto", notes::add).name());
        assertEquals(List.of("--backend auto: no GPU (this installation has no GPU parameter backend (gpu-executor is "
                + "not on the class path)); making the parameters on the CPU"), notes);
    }
}
