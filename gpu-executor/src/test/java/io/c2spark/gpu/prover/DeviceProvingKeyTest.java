package io.c2spark.gpu.prover;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import org.junit.jupiter.api.Test;

import io.c2spark.core.field.Fr;
import io.c2spark.core.ntt.EvaluationDomain;

/** What the key computes on the host without the CPU's evaluation domain: 1/Z on the coset equals the domain's. */
class DeviceProvingKeyTest {
    @Test
    void zInverseOnTheCosetIsTheDomains() {
        for (int lg : new int[] {0, 1, 5, 11, 16}) {
            long[] want = EvaluationDomain.ofLogSize(lg).zOnCoset();
            Fr.inverse(want, 0, want, 0);
            assertArrayEquals(want, DeviceProvingKey.zInverseOnCoset(lg), "2^" + lg);
        }
    }
}
