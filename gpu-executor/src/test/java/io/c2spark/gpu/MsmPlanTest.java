package io.c2spark.gpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class MsmPlanTest {
    @Test
    void signedWindowsCoverA255BitScalarWithoutCarryOut() {
        for (int c = 2; c <= 24; c++) {
            MsmPlan p = MsmPlan.withWindow(1000, c);
            assertTrue(p.windows() * c >= 256, "c=" + c + ": the top window keeps at most c - 1 bits of 255");
            assertTrue((p.windows() - 1) * c < 256, "c=" + c + ": no empty window");
            assertEquals(1 << (c - 1), p.buckets());
            assertEquals(0, p.buckets() % p.segment());
            assertEquals(p.bucketCount(), p.runs() * p.segment());
        }
    }

    @Test
    void windowGrowsWithSizeAndStopsAt20() {
        assertEquals(4, MsmPlan.windowBitsFor(1));
        assertEquals(16, MsmPlan.windowBitsFor(1 << 20));
        assertEquals(20, MsmPlan.windowBitsFor(1 << 24));
        assertEquals(20, MsmPlan.windowBitsFor(1 << 27));
        int prev = 0;
        for (int lg = 0; lg <= 30; lg++) {
            int c = MsmPlan.windowBitsFor(1 << lg);
            assertTrue(c >= prev);
            prev = c;
        }
    }

    @Test
    void workspaceOf2pow26FitsBesideItsInputsOnAn80GiBCard() {
        MsmPlan p = MsmPlan.forSize(1 << 26);
        // 13 windows of 2^19 buckets: 1.3 GB of bucket sums; sorted indices 13 * 4 * 2^26 = 3.5 GB.
        assertEquals(13, p.windows());
        assertEquals(13L * (1 << 19) * 192, p.bucketBytes());
        long inputs = (96L + 32L) << 26;
        assertTrue(p.workspaceBytes() + inputs < (80L << 30), "workspace " + p.workspaceBytes());
    }

    @Test
    void rejectsBadSizes() {
        assertThrows(IllegalArgumentException.class, () -> MsmPlan.forSize(0));
        assertThrows(IllegalArgumentException.class, () -> MsmPlan.withWindow(10, 1));
    }
}
