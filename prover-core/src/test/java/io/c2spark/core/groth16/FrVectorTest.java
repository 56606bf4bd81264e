package io.c2spark.core.groth16;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.c2spark.core.field.Fr;
import org.junit.jupiter.api.Test;

/** A paged vector across its page boundary: each element where it was put, copies spanning two pages. */
class FrVectorTest {
    @Test
    void elementsAndCopiesAcrossPages() {
        long n = FrVector.PAGE + 10L;
        FrVector v = new FrVector(n);
        assertEquals(n, v.size());
        for (long i = FrVector.PAGE - 5L; i < n; i++) {
            System.arraycopy(Fr.of(i + 1), 0, v.page(i), FrVector.offset(i), Fr.LIMBS);
        }
        long[] out = new long[12 * Fr.LIMBS];
        v.copyTo(FrVector.PAGE - 6L, 12, out);
        assertTrue(Fr.isZero(out, 0));
        for (int k = 1; k < 12; k++) {
            assertArrayEquals(Fr.of(FrVector.PAGE - 6L + k + 1), java.util.Arrays.copyOfRange(out, k * Fr.LIMBS,
                    (k + 1) * Fr.LIMBS), "element " + (FrVector.PAGE - 6L + k));
        }
        assertTrue(v.isZero(FrVector.PAGE - 6L));
        assertFalse(v.isZero(FrVector.PAGE));
        v.clear();
        assertTrue(v.isZero(n - 1));
    }
}
