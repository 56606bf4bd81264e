package io.c2spark.gpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** -Dc2spark.gpu.tests takes names relative to io.c2spark.gpu or simple names of its packages' test classes. */
class GpuSuiteTest {
    @Test
    void simpleNamesAreFoundInTheSubPackages() {
        assertEquals("io.c2spark.gpu.msm.GpuMsmTest", GpuSuite.testClass("GpuMsmTest"));
        assertEquals("io.c2spark.gpu.ntt.GpuNttTest", GpuSuite.testClass("GpuNttTest"));
        assertEquals("io.c2spark.gpu.r1cs.GpuR1csTest", GpuSuite.testClass("GpuR1csTest"));
    }

    @Test
    void relativeNamesStandAsGiven() {
        assertEquals("io.c2spark.gpu.prover.GpuProver2KiBTest", GpuSuite.testClass("prover.GpuProver2KiBTest"));
        assertEquals("io.c2spark.gpu.msm.GpuG2Test", GpuSuite.testClass("msm.GpuG2Test"));
    }

    @Test
    void anUnknownNameFailsNamingIt() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> GpuSuite.testClass("GpuNoSuchTest"));
        assertTrue(e.getMessage().contains("GpuNoSuchTest") && e.getMessage().contains("io.c2spark.gpu.msm, "), e.getMessage());
    }
}
