package io.c2spark.gpu.msm;

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
    void windowRuleFollowsTheMeasurementsAndGrowsWithSize() {
        // Below the model's range: the earlier rule.
        assertEquals(4, MsmPlan.windowBitsFor(1));
        assertEquals(8, MsmPlan.windowBitsFor(1 << 10));
        assertEquals(16, MsmPlan.windowBitsFor(1 << 15));
        assertEquals(16, MsmPlan.windowBitsFor(1 << 17, Curve.G2));
        // What the H200 measured best (GpuBench with -Dc2spark.bench.msmWindows=16,18,19,20): G1
        // c = 16 at 2^20 (15.9 ms against 28.8 with c = 20), c = 20 at 2^24 (140.8 against 151.7
        // with c = 16), 2^26 and 2^27; G2 c = 20 at 2^24 (358.1 against 391.0).
        assertEquals(16, MsmPlan.windowBitsFor(1 << 20));
        assertEquals(20, MsmPlan.windowBitsFor(1 << 24));
        assertEquals(20, MsmPlan.windowBitsFor(1 << 26));
        assertEquals(20, MsmPlan.windowBitsFor(1 << 27));
        assertEquals(20, MsmPlan.windowBitsFor(1 << 24, Curve.G2));
        for (Curve curve : Curve.values()) {
            int prev = 0;
            for (int lg = 0; lg <= 30; lg++) {
                int n = 1 << lg;
                int c = MsmPlan.windowBitsFor(n, curve);
                assertTrue(c >= prev, curve + " 2^" + lg);
                assertEquals(c, MsmPlan.forSize(n, curve).windowBits());
                if (n >= MsmPlan.MODEL_FROM) {
                    assertTrue(c <= 20, "without copies the counters of c > 20 do not fit L2");
                    for (int other = MsmPlan.MIN_RULE_BITS; other <= 20; other++) {
                        assertTrue(MsmPlan.costNanos(n, c, 1, curve) <= MsmPlan.costNanos(n, other, 1, curve),
                                curve + " 2^" + lg + ": c=" + other + " is cheaper than " + c);
                    }
                }
                prev = c;
            }
        }
        // The contended top window: c = 19 leaves it 8 bits, c = 18 only 3.
        assertTrue(MsmPlan.costNanos(1 << 26, 18, 1, Curve.G1) > MsmPlan.costNanos(1 << 26, 16, 1, Curve.G1));
    }

    @Test
    void slotsCoverEveryEntryAndStayNearTheTarget() {
        for (int lg = 0; lg <= 30; lg++) {
            for (int c : new int[] {4, 16, MsmPlan.windowBitsFor(1 << lg), 24}) {
                MsmPlan p = MsmPlan.withWindow(1 << lg, c);
                assertTrue((long) p.slotsPerSet() * p.chunk() >= p.n());
                assertTrue(p.chunk() >= MsmPlan.MIN_CHUNK);
                assertTrue(p.slotCount() <= MsmPlan.TARGET_SLOTS + p.windows(), "2^" + lg + " c=" + c + ": " + p.slotCount());
                // The kernels index slots and buckets of all windows with 32 bits.
                assertTrue(p.slotCount() < (1L << 32) && p.bucketCount() < (1L << 32));
            }
        }
    }

    @Test
    void reductionRunsAreShortAndFillTheDevice() {
        for (int c = 2; c <= MsmPlan.MAX_WINDOW_BITS; c++) {
            MsmPlan p = MsmPlan.withWindow(1 << 20, c);
            int seg = p.segment();
            assertEquals(1, Integer.bitCount(seg), "c=" + c + ": stages halve powers of two");
            assertEquals(1, Integer.bitCount(p.runsPerSet()), "c=" + c);
            assertTrue(seg <= MsmPlan.SEGMENT && (seg >= MsmPlan.MIN_SEGMENT || seg == p.buckets()), "c=" + c);
            // Longer runs only while there are more than REDUCTION_RUNS.
            assertTrue(seg <= MsmPlan.MIN_SEGMENT || p.runs() * 2 > MsmPlan.REDUCTION_RUNS, "c=" + c);
            assertTrue(seg == MsmPlan.SEGMENT || seg == p.buckets() || p.runs() <= MsmPlan.REDUCTION_RUNS, "c=" + c);
        }
        // c = 20: 13 windows of 2^19 buckets in runs of 16, 2^18.7 threads; c = 16: runs of 4.
        assertEquals(16, MsmPlan.withWindow(1 << 24, 20).segment());
        assertEquals(4, MsmPlan.withWindow(1 << 24, 16).segment());
    }

    @Test
    void scatterPassesKeepTheOpenLinesWithinL2() {
        // c = 20: 2^19 buckets of 128-byte lines, 64 MiB, in three passes of at most 24 MiB; fewer
        // buckets, or a window region that fits in L2 whole, in one.
        assertEquals(3, MsmPlan.withWindow(1 << 24, 20).scatterPasses());
        assertEquals(3, MsmPlan.withWindow(1 << 27, 20).scatterPasses());
        assertEquals(2, MsmPlan.withWindow(1 << 26, 19).scatterPasses());
        assertEquals(1, MsmPlan.withWindow(1 << 27, 16).scatterPasses());
        assertEquals(1, MsmPlan.withWindow(1 << 22, 20).scatterPasses());
        for (int lg = 0; lg <= 30; lg++) {
            MsmPlan p = MsmPlan.withWindow(1 << lg, MsmPlan.windowBitsFor(1 << lg));
            assertTrue(p.scatterPasses() >= 1 && p.scatterPasses() <= p.buckets());
            // The digits wait one region above their window's: one region more than the windows.
            assertEquals(4L * (p.windows() + 1) * p.n(), p.sortedBytes());
        }
    }

    @Test
    void workspaceOf2pow26FitsBesideItsInputsOnAn80GiBCard() {
        MsmPlan p = MsmPlan.forSize(1 << 26);
        // 13 windows of 2^19 buckets: 1.3 GB of bucket sums; sorted indices 13 * 4 * 2^26 = 3.5 GB.
        assertEquals(20, p.windowBits());
        assertEquals(13L * (1 << 19) * 192, p.bucketBytes(Curve.G1));
        long inputs = (96L + 32L) << 26;
        assertTrue(p.workspaceBytes(Curve.G1) + inputs < (80L << 30), "workspace " + p.workspaceBytes(Curve.G1));
    }

    @Test
    void oneCopyIsThePlainPlan() {
        for (int c = 2; c <= MsmPlan.MAX_WINDOW_BITS; c++) {
            MsmPlan p = MsmPlan.withWindow(1 << 20, c);
            assertEquals(p, MsmPlan.withWindow(1 << 20, c, 1));
            assertEquals(1, p.copies());
            assertEquals(p.windows(), p.sets());
            assertEquals(p.n(), p.region());
            assertEquals(c, p.setShift());
            assertEquals(96L << 20, p.tableBytes(Curve.G1));
        }
    }

    @Test
    void copiesGroupWindowsIntoSets() {
        int n = 1 << 24;
        // c = 24: 11 windows; 6 copies make sets of 6 and 5 windows, 11 or more one set.
        MsmPlan six = MsmPlan.withWindow(n, 24, 6);
        assertEquals(11, six.windows());
        assertEquals(2, six.sets());
        assertEquals(144, six.setShift());
        assertEquals(6L * n, six.region());
        assertEquals(2L << 23, six.bucketCount());
        assertEquals(6L * n * 96, six.tableBytes(Curve.G1));
        MsmPlan all = MsmPlan.withWindow(n, 24, 99);
        assertEquals(11, all.copies());
        assertEquals(1, all.sets());
        assertEquals(1L << 23, all.bucketCount());
        assertEquals(MsmPlan.withWindow(n, 24, 11), all);
        // c = 20: 13 windows in 5s: sets of 5, 5 and 3.
        MsmPlan five = MsmPlan.withWindow(n, 20, 5);
        assertEquals(3, five.sets());
        assertEquals(100, five.setShift());
        for (int c = 2; c <= MsmPlan.MAX_WINDOW_BITS; c++) {
            for (int k = 1; k <= 130; k += k < 4 ? 1 : 7) {
                MsmPlan p = MsmPlan.withWindow(1000, c, k);
                assertEquals(Math.min(k, p.windows()), p.copies(), "c=" + c + " k=" + k);
                assertTrue((long) p.sets() * p.copies() >= p.windows() && (long) (p.sets() - 1) * p.copies() < p.windows());
                // Every set's region and the last window's waiting digits fit the sorted array, and
                // window w's digits lie beyond what the scatters of windows up to w write.
                assertTrue(4L * p.sets() * p.region() <= p.sortedBytes(), "c=" + c + " k=" + k);
                assertEquals(p.sortedBytes(), 4 * p.digitsAt(p.windows()));
                for (int w = 0; w < p.windows(); w++) {
                    assertTrue(p.digitsAt(w) >= (long) (w / p.copies() + 1) * p.region(), "c=" + c + " k=" + k + " w=" + w);
                }
                assertTrue((long) p.slotsPerSet() * p.chunk() >= p.region());
                assertTrue(p.slotCount() < (1L << 32) && p.bucketCount() < (1L << 32));
            }
        }
    }

    @Test
    void windowRuleWithCopiesTakesFewerWindows() {
        // All copies: one set of 2^23 buckets (32 MiB of counters) at c = 24 where the 11 windows'
        // entries outweigh its buckets (2^26), 12 windows of c = 22 below (2^24). Measured on the
        // H200 (GpuBench with -Dc2spark.bench.msmCopies and msmWindows): 2^24 c = 22 124.4 ms, c = 24
        // 128.1; 2^26 c = 24 454.9, c = 22 452.4 (a tie); 2^27 with six copies c = 22 894.2, c = 24 941.9.
        assertEquals(22, MsmPlan.windowBitsFor(1 << 24, Curve.G1, 99));
        assertEquals(24, MsmPlan.windowBitsFor(1 << 26, Curve.G1, 99));
        // Six copies: c = 24 would take two sets, 64 MiB of counters; c = 22's two sets take 16.
        assertEquals(22, MsmPlan.windowBitsFor(1 << 27, Curve.G1, 6));
        assertTrue(MsmPlan.countersFit(24, 11) && !MsmPlan.countersFit(24, 6) && MsmPlan.countersFit(22, 6));
        assertTrue(MsmPlan.countersFit(20, 1) && !MsmPlan.countersFit(21, 1));
        // Copies never make the model dearer: fewer sets, fewer buckets.
        for (int c = MsmPlan.MIN_RULE_BITS; c <= MsmPlan.MAX_WINDOW_BITS; c++) {
            for (int k = 1; k < 16; k++) {
                assertTrue(MsmPlan.costNanos(1 << 26, c, k + 1, Curve.G1) <= MsmPlan.costNanos(1 << 26, c, k, Curve.G1));
            }
        }
        assertEquals(MsmPlan.forSize(1 << 26), MsmPlan.forSize(1 << 26, Curve.G1, 1));
        assertEquals(MsmPlan.withWindow(1 << 26, 24, 11), MsmPlan.forSize(1 << 26, Curve.G1, 11));
    }

    @Test
    void uploadPartsHoldAtLeast2pow20ScalarsUpToSixteen() {
        assertEquals(1, MsmPlan.forSize(1).uploadParts());
        assertEquals(1, MsmPlan.forSize(1 << 20).uploadParts());
        assertEquals(2, MsmPlan.forSize((1 << 20) + 1).uploadParts());
        assertEquals(6, MsmPlan.forSize((1 << 22) + (1 << 20) + 3).uploadParts());
        assertEquals(16, MsmPlan.forSize(1 << 24).uploadParts());
        assertEquals(16, MsmPlan.forSize(1 << 27).uploadParts());
        assertEquals(16, MsmPlan.forSize(1 << 30).uploadParts());
        for (int n : new int[] {1, 7, 1000, (1 << 22) + (1 << 20) + 3, 1 << 30}) {
            MsmPlan p = MsmPlan.forSize(n);
            for (int parts = 1; parts <= Math.min(n, 13); parts++) {
                assertEquals(0, p.partStart(0, parts));
                assertEquals(n, p.partStart(parts, parts));
                for (int i = 0; i < parts; i++) {
                    int size = p.partStart(i + 1, parts) - p.partStart(i, parts);
                    assertTrue(size == n / parts || size == n / parts + 1, "n=" + n + " part " + i + " of " + parts);
                }
            }
        }
    }

    @Test
    void firstBatchEndsBeforeTheUpload() {
        // One part of sixteen in G1 from 2^24 (the upload about 8% of upload and work: 78 of 954
        // ms modelled at 2^27 with six copies), one batch where that is less than a part (G1 below
        // 2^24, G2, whose additions cost three times as much) or where the merge costs more than
        // half the upload (plain G1 at 2^24: 6.8 ms for 13 sets of 2^19 buckets against 9.7).
        assertEquals(1, MsmPlan.forSize(1 << 27, Curve.G1, 6).firstBatchParts(Curve.G1));
        assertEquals(1, MsmPlan.forSize(1 << 27).firstBatchParts(Curve.G1));
        assertEquals(1, MsmPlan.forSize(1 << 26, Curve.G1, 99).firstBatchParts(Curve.G1));
        assertEquals(1, MsmPlan.forSize(1 << 26).firstBatchParts(Curve.G1));
        assertEquals(1, MsmPlan.forSize(1 << 24, Curve.G1, 99).firstBatchParts(Curve.G1));
        assertEquals(16, MsmPlan.forSize(1 << 24).firstBatchParts(Curve.G1));
        assertEquals(16, MsmPlan.forSize(1 << 24, Curve.G2).firstBatchParts(Curve.G2));
        assertEquals(8, MsmPlan.forSize(1 << 23).firstBatchParts(Curve.G1));
        for (int lg = 1; lg <= 30; lg++) {
            for (Curve curve : Curve.values()) {
                MsmPlan p = MsmPlan.forSize(1 << lg, curve);
                int first = p.firstBatchParts(curve);
                assertTrue(first >= 1 && first <= p.uploadParts(), "2^" + lg + ": " + first + " parts of " + p.uploadParts());
                if (first < p.uploadParts()) {
                    // The first batch's upload share and work end before the whole upload does,
                    // and the merge costs less than half the upload.
                    double upload = MsmPlan.UPLOAD_NANOS * p.n();
                    double work = (double) p.n() * p.windows() * MsmPlan.entryNanos(p.windowBits(), curve);
                    assertTrue((upload + work) * first / p.uploadParts() <= upload, "2^" + lg + " " + curve);
                    assertTrue(p.bucketCount() * (curve == Curve.G1 ? 1.0 : 2.0) < upload / 2, "2^" + lg + " " + curve);
                }
            }
        }
    }

    @Test
    void aBatchKeepsTheWindowCopiesAndBuckets() {
        MsmPlan whole = MsmPlan.forSize(1 << 27, Curve.G1, 6);
        MsmPlan batch = whole.batch(1 << 25);
        assertEquals(1 << 25, batch.n());
        assertEquals(whole.windowBits(), batch.windowBits());
        assertEquals(whole.copies(), batch.copies());
        assertEquals(whole.bucketCount(), batch.bucketCount());
        assertEquals(whole.partialBytes(Curve.G1), batch.partialBytes(Curve.G1));
        assertEquals(whole.sortedBytes() / 4, batch.sortedBytes());
    }

    @Test
    void rejectsBadSizes() {
        assertThrows(IllegalArgumentException.class, () -> MsmPlan.forSize(0));
        assertThrows(IllegalArgumentException.class, () -> MsmPlan.withWindow(10, 1));
        assertThrows(IllegalArgumentException.class, () -> MsmPlan.withWindow(10, 16, 0));
        // A sorted entry holds an index below 2^31: 2 copies of 2^30 points fit, 3 do not.
        assertEquals(2, MsmPlan.withWindow(1 << 30, 16, 2).copies());
        assertThrows(IllegalArgumentException.class, () -> MsmPlan.withWindow(1 << 30, 16, 3));
    }
}
