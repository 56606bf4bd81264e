package io.c2spark.gpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class LaunchShapesTest {
    @Test
    void gridCoversSmallWorkExactlyAndCapsLargeWork() {
        assertEquals(1, LaunchShapes.gridFor(1, 256, 132));
        assertEquals(2, LaunchShapes.gridFor(257, 256, 132));
        assertEquals(LaunchShapes.BLOCKS_PER_SM * 132, LaunchShapes.gridFor(1L << 27, 256, 132));
        assertThrows(IllegalArgumentException.class, () -> LaunchShapes.gridFor(0, 256, 132));
    }

    @Test
    void nttTablesOf2pow27FitBesideTheirDataInAFewGiB() {
        // Twiddles w^j and w^-j for j < 2^26 (2 x 2 GiB), coset tables g^i and n^-1 g^-i (2 x 4 GiB).
        assertEquals(4L << 30, Ntt.tableBytes(27, false) - 32);
        assertEquals(12L << 30, Ntt.tableBytes(27, true) - 32);
        assertEquals(2 * 32 + 32, Ntt.tableBytes(1, false));
    }
}
