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
    void chosenWindowsAreBalancedAndGrowWithSize() {
        assertEquals(4, MsmPlan.windowBitsFor(1));
        assertEquals(8, MsmPlan.windowBitsFor(1 << 10));
        assertEquals(16, MsmPlan.windowBitsFor(1 << 20));
        assertEquals(16, MsmPlan.windowBitsFor(1 << 27));
        int prev = 0;
        for (int lg = 0; lg <= 30; lg++) {
            MsmPlan p = MsmPlan.forSize(1 << lg);
            assertEquals(p.windowBits() - 1, p.topWindowBits(), "2^" + lg + ": the top window must be full");
            assertTrue(p.windowBits() >= prev);
            prev = p.windowBits();
        }
        // The case measured at 21.7 s on the H200: c = 18 leaves the top window 3 bits.
        assertEquals(3, MsmPlan.withWindow(1 << 22, 18).topWindowBits());
    }

    @Test
    void workspaceOf2pow26FitsBesideItsInputsOnAn80GiBCard() {
        MsmPlan p = MsmPlan.forSize(1 << 26);
        // 16 windows of 2^15 buckets: 100 MB of bucket sums; sorted indices 16 * 4 * 2^26 = 4.3 GB.
        assertEquals(16, p.windows());
        assertEquals(16L * (1 << 15) * 192, p.bucketBytes(Curve.G1));
        long inputs = (96L + 32L) << 26;
        assertTrue(p.workspaceBytes(Curve.G1) + inputs < (80L << 30), "workspace " + p.workspaceBytes(Curve.G1));
    }

    @Test
    void rejectsBadSizes() {
        assertThrows(IllegalArgumentException.class, () -> MsmPlan.forSize(0));
        assertThrows(IllegalArgumentException.class, () -> MsmPlan.withWindow(10, 1));
    }
}
