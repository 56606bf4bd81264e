package io.c2spark.gpu.ntt;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import io.c2spark.core.ntt.EvaluationDomain;
import io.c2spark.gpu.TestData;

/** The GPU NTT against prover-core's own (EvaluationDomain) on fresh random inputs, bit for bit, in all four directions. */
@Tag("gpu")
class GpuNttProverCoreTest {
    @Test
    void nttEqualsEvaluationDomainInAllFourDirections() {
        for (int lg : new int[] {1, 2, 5, 10, 11, 13, 17, 20}) {
            long[] x = TestData.randomFr(1 << lg, TestData.SEED + 300 + lg);
            EvaluationDomain dom = EvaluationDomain.ofLogSize(lg);
            for (GpuNttTest.Kind k : GpuNttTest.Kind.values()) {
                long[] want = x.clone();
                switch (k) {
                    case FORWARD -> dom.fft(want);
                    case INVERSE -> dom.ifft(want);
                    case COSET_FORWARD -> dom.cosetFft(want);
                    case COSET_INVERSE -> dom.icosetFft(want);
                }
                assertArrayEquals(want, GpuNttTest.gpu(lg, x, k, false), k + " 2^" + lg + " vs EvaluationDomain (seed " + TestData.SEED + ")");
            }
        }
    }
}
