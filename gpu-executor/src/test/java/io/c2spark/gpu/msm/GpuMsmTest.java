package io.c2spark.gpu.msm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import io.c2spark.core.field.Fr;
import io.c2spark.gpu.GpuTestDevice;
import io.c2spark.gpu.TestData;
import io.c2spark.gpu.runtime.DeviceBuffer;
import io.c2spark.gpu.runtime.GpuDevice;
import io.c2spark.gpu.runtime.GpuStream;
import io.c2spark.gpu.runtime.PinnedHostBuffer;

/**
 * The GPU G1 MSM equals the reference on fresh random inputs, edge cases and every window size,
 * without and with shifted bases (copies of the points, {@link G1ShiftedBases}).
 */
@Tag("gpu")
class GpuMsmTest {
    static long[] msm(DeviceBuffer points, long[] scalars, MsmPlan plan) {
        GpuDevice d = GpuTestDevice.get();
        try (Msm m = new Msm(d, Curve.G1); GpuStream s = d.newStream(); DeviceBuffer ds = d.allocate(8L * scalars.length)) {
            ds.upload(scalars);
            return G1Points.jacobianToAffine(m.runOnDevice(points, ds, plan, s));
        }
    }

    /** The MSM with `copies` shifted copies of the points made for window c. */
    static long[] msmWithCopies(DeviceBuffer points, long[] scalars, int c, int copies) {
        GpuDevice d = GpuTestDevice.get();
        try (GpuStream s = d.newStream(); G1ShiftedBases table = new G1ShiftedBases(d, points, scalars.length / 4, c, copies, s)) {
            return msm(table.buffer(), scalars, table.plan());
        }
    }

    /** The MSM with the scalars uploaded from pinned memory in the given number of parts and of equal batches of them. */
    static long[] msmFromPinned(Msm m, DeviceBuffer points, long[] scalars, MsmPlan plan, int parts, int batches) {
        GpuDevice d = GpuTestDevice.get();
        try (GpuStream s = d.newStream(); PinnedHostBuffer pinned = new PinnedHostBuffer(d, 8L * scalars.length)) {
            pinned.put(0, scalars, 0, scalars.length);
            return G1Points.jacobianToAffine(m.run(points, pinned, plan, s, parts, equalBatches(parts, batches)));
        }
    }

    /** Msm.run's bounds for parts in batches of nearly equal numbers of them. */
    static int[] equalBatches(int parts, int batches) {
        int[] bounds = new int[batches + 1];
        for (int b = 0; b <= batches; b++) {
            bounds[b] = (int) ((long) parts * b / batches);
        }
        return bounds;
    }

    static void put(long[] a, int i, BigInteger v) {
        System.arraycopy(Fr.of(v), 0, a, 4 * i, 4);
    }

    /** Scalars and logs with the cases a bucket method gets wrong first. */
    static long[][] edgeCases(int n, int c, long seed) {
        long[] k = TestData.randomFr(n, seed);
        long[] s = TestData.randomFr(n, seed + 1);
        BigInteger r = Fr.MODULUS;
        BigInteger half = BigInteger.ONE.shiftLeft(c - 1);
        BigInteger[] scalars = {BigInteger.ZERO, BigInteger.ONE, r.subtract(BigInteger.ONE), half, half.add(BigInteger.ONE),
            BigInteger.ONE.shiftLeft(c).subtract(BigInteger.ONE), BigInteger.ONE.shiftLeft(254), r.subtract(half)};
        int i = 0;
        for (BigInteger v : scalars) {
            put(k, i++, v);
        }
        // Every window's digit at the carry boundary: sum_w 2^(c-1) 2^(c w), reduced mod r.
        BigInteger boundary = BigInteger.ZERO;
        for (int w = 0; w * c < 255; w++) {
            boundary = boundary.add(half.shiftLeft(c * w));
        }
        put(k, i++, boundary.mod(r));
        // Identity points (log 0) with non-zero scalars.
        put(s, i, BigInteger.ZERO);
        put(s, i + 1, BigInteger.ZERO);
        i += 2;
        // P and -P with one scalar: they cancel inside each bucket.
        BigInteger log = BigInteger.valueOf(123456789);
        put(s, i, log);
        put(s, i + 1, r.subtract(log));
        System.arraycopy(k, 4 * i, k, 4 * (i + 1), 4);
        i += 2;
        // The same point and scalar many times: doubling inside a bucket.
        for (int j = 0; j < 8; j++) {
            put(s, i + j, log);
            put(k, i + j, BigInteger.valueOf(77));
        }
        i += 8;
        // One scalar for a run of random points: a single crowded bucket per window.
        for (int j = 0; j < Math.min(64, n - i); j++) {
            put(k, i + j, BigInteger.valueOf(5));
        }
        return new long[][] {k, s};
    }

    @Test
    void edgeCasesEqualReferenceForEveryWindowSize() {
        GpuDevice d = GpuTestDevice.get();
        int n = 1000;
        for (int c : new int[] {2, 3, 4, 5, 7, 8, 11, 13, 16, 20, 22}) {
            long[][] ks = edgeCases(n, c, TestData.SEED + c);
            try (DeviceBuffer points = G1TestPoints.make(d, ks[1], 6, TestData.SEED)) {
                long[] want = G1TestPoints.expected(G1TestPoints.dotTiled(ks[0], ks[1]));
                assertArrayEquals(want, msm(points, ks[0], MsmPlan.withWindow(n, c)), "MSM n=" + n + " c=" + c
                        + " (seed " + TestData.SEED + ")");
            }
        }
    }

    @Test
    void smallMsmEqualsDirectSumOfScalarMultiples() {
        // Independent of the discrete-log shortcut: sum k_i P_i with the plain affine reference.
        GpuDevice d = GpuTestDevice.get();
        int n = 48;
        long[][] ks = edgeCases(n, MsmPlan.windowBitsFor(n), TestData.SEED + 99);
        try (DeviceBuffer points = G1TestPoints.make(d, ks[1], 2, TestData.SEED); Msm m = new Msm(d, Curve.G1)) {
            long[] host = new long[12 * n];
            points.download(0, host, 0, host.length);
            BigInteger[] sum = null;
            for (int i = 0; i < n; i++) {
                sum = G1Reference.add(sum, G1Reference.mul(G1Reference.fromLimbs(host, 12 * i), Fr.toBigInteger(ks[0], 4 * i)));
            }
            assertArrayEquals(G1Reference.toLimbs(sum), G1Points.jacobianToAffine(m.run(host, ks[0])));
        }
    }

    @Test
    void randomMsmsUpTo2pow20EqualReference() {
        GpuDevice d = GpuTestDevice.get();
        for (int lg : new int[] {0, 1, 5, 10, 16, 20}) {
            int n = 1 << lg;
            long[] k = TestData.randomFr(n, TestData.SEED + 1000 + lg);
            long[] s = TestData.randomFr(n, TestData.SEED + 2000 + lg);
            try (DeviceBuffer points = G1TestPoints.make(d, s, 4, TestData.SEED)) {
                long[] want = G1TestPoints.expected(G1TestPoints.dotTiled(k, s));
                assertArrayEquals(want, msm(points, k, MsmPlan.forSize(n)), "MSM 2^" + lg + " (seed " + TestData.SEED + ")");
            }
        }
    }

    @Test
    void bucketsSpanningManySlotsAndEmptyBucketsEqualReference() {
        // Accumulation slots cross bucket boundaries: a bucket of thousands of entries is summed
        // in pieces by many slots (and the fix-up), while large windows leave most buckets empty.
        GpuDevice d = GpuTestDevice.get();
        int n = 1 << 16;
        SplittableRandom rnd = new SplittableRandom(TestData.SEED + 4242);
        long[] s = TestData.randomFr(n, TestData.SEED + 4243);
        long[] crowded = TestData.randomFr(n, TestData.SEED + 4244);
        for (int i = 0; i < n; i++) {
            // Three scalars out of four drawn from 5 values: a few huge buckets in every window.
            if (rnd.nextInt(4) != 0) {
                put(crowded, i, BigInteger.valueOf(5 + rnd.nextInt(5)).shiftLeft(rnd.nextInt(2) * 200));
            }
        }
        long[] random = TestData.randomFr(n, TestData.SEED + 4245);
        try (DeviceBuffer points = G1TestPoints.make(d, s, 4, TestData.SEED)) {
            for (long[] k : new long[][] {crowded, random}) {
                long[] want = G1TestPoints.expected(G1TestPoints.dotTiled(k, s));
                for (int c : new int[] {9, 16, 19, 22}) {
                    assertArrayEquals(want, msm(points, k, MsmPlan.withWindow(n, c)), "MSM 2^16 c=" + c
                            + (k == crowded ? " crowded" : " random") + " (seed " + TestData.SEED + ")");
                }
            }
        }
    }

    @Test
    void shiftedBasesAreThePointsTimesPowersOfTwo() {
        // Logs 0 (identities) among random ones; window 8: 32 copies, copy j = 2^(8 j) P_i.
        GpuDevice d = GpuTestDevice.get();
        int n = 40, c = 8;
        long[] s = TestData.randomFr(n, TestData.SEED + 31);
        put(s, 0, BigInteger.ZERO);
        put(s, 17, BigInteger.ZERO);
        put(s, 18, Fr.MODULUS.subtract(BigInteger.ONE));
        try (DeviceBuffer points = G1TestPoints.make(d, s, 1, TestData.SEED); GpuStream st = d.newStream();
             G1ShiftedBases table = new G1ShiftedBases(d, points, n, c, 99, st)) {
            assertEquals(32, table.copies);
            assertEquals(32L * n * 96, table.bytes());
            long[] all = table.buffer().downloadLongs(0, 12 * 32 * n);
            for (int j = 0; j < table.copies; j++) {
                for (int i = 0; i < n; i++) {
                    BigInteger log = Fr.toBigInteger(s, 4 * i).shiftLeft(c * j).mod(Fr.MODULUS);
                    long[] want = G1TestPoints.expected(Fr.of(log));
                    assertArrayEquals(want, Arrays.copyOfRange(all, 12 * (j * n + i), 12 * (j * n + i + 1)), "copy " + j + " point " + i);
                }
            }
        }
    }

    @Test
    void edgeCasesWithShiftedBasesEqualReference() {
        // Copies from 2 to all windows, sets of unequal size (13 windows in sets of 5), c up to 24.
        GpuDevice d = GpuTestDevice.get();
        int n = 1000;
        int[][] cases = {{2, 2}, {4, 3}, {5, 52}, {8, 32}, {11, 7}, {13, 5}, {16, 16}, {16, 3}, {20, 5}, {20, 13}, {22, 12},
            {24, 11}, {24, 6}};
        for (int[] ck : cases) {
            int c = ck[0], k = ck[1];
            long[][] ks = edgeCases(n, c, TestData.SEED + c);
            try (DeviceBuffer points = G1TestPoints.make(d, ks[1], 2, TestData.SEED)) {
                long[] want = G1TestPoints.expected(G1TestPoints.dotTiled(ks[0], ks[1]));
                assertArrayEquals(want, msmWithCopies(points, ks[0], c, k), "MSM n=" + n + " c=" + c + " copies=" + k
                        + " (seed " + TestData.SEED + ")");
            }
        }
    }

    @Test
    void largerMsmsWithShiftedBasesEqualReference() {
        // 2^16 and 2^18 points: crowded buckets shared by several windows' entries, many slots per set.
        GpuDevice d = GpuTestDevice.get();
        SplittableRandom rnd = new SplittableRandom(TestData.SEED + 4343);
        for (int lg : new int[] {16, 18}) {
            int n = 1 << lg;
            long[] s = TestData.randomFr(n, TestData.SEED + 4344 + lg);
            long[] crowded = TestData.randomFr(n, TestData.SEED + 4346 + lg);
            for (int i = 0; i < n; i++) {
                if (rnd.nextInt(4) != 0) {
                    put(crowded, i, BigInteger.valueOf(5 + rnd.nextInt(5)).shiftLeft(rnd.nextInt(2) * 200));
                }
            }
            long[] random = TestData.randomFr(n, TestData.SEED + 4348 + lg);
            try (DeviceBuffer points = G1TestPoints.make(d, s, 2, TestData.SEED)) {
                for (long[] k : new long[][] {crowded, random}) {
                    long[] want = G1TestPoints.expected(G1TestPoints.dotTiled(k, s));
                    for (int[] ck : new int[][] {{16, 4}, {20, 13}, {22, 12}, {22, 6}, {24, 11}}) {
                        assertArrayEquals(want, msmWithCopies(points, k, ck[0], ck[1]), "MSM 2^" + lg + " c=" + ck[0] + " copies="
                                + ck[1] + (k == crowded ? " crowded" : " random") + " (seed " + TestData.SEED + ")");
                    }
                }
            }
        }
    }

    @Test
    void scalarsUploadedInPartsEqualReference() {
        // The histogram of each part of the pinned scalars' upload runs as soon as that part has
        // arrived, and each batch of parts is accumulated on its own and merged: one to thirteen
        // parts of unequal sizes in one batch, two, or one per part, without and with shifted
        // bases, one workspace reused throughout. The edge cases (repeated points, P and -P, zero
        // and r - 1 scalars) fall into different batches.
        GpuDevice d = GpuTestDevice.get();
        int n = 1000;
        long[][] ks = edgeCases(n, 11, TestData.SEED + 11);
        try (DeviceBuffer points = G1TestPoints.make(d, ks[1], 2, TestData.SEED); Msm m = new Msm(d, Curve.G1);
             GpuStream s = d.newStream(); G1ShiftedBases table = new G1ShiftedBases(d, points, n, 13, 5, s)) {
            long[] want = G1TestPoints.expected(G1TestPoints.dotTiled(ks[0], ks[1]));
            for (int parts : new int[] {1, 2, 3, 7, 8, 13}) {
                for (int batches : new int[] {1, 2, parts}) {
                    if (batches > parts) {
                        continue;
                    }
                    String split = " in " + parts + " parts, " + batches + " batches (seed " + TestData.SEED + ")";
                    assertArrayEquals(want, msmFromPinned(m, points, ks[0], MsmPlan.withWindow(n, 11), parts, batches),
                            "MSM n=" + n + " c=11" + split);
                    assertArrayEquals(want, msmFromPinned(m, table.buffer(), ks[0], table.plan(), parts, batches),
                            "MSM n=" + n + " c=13 copies=5" + split);
                }
            }
        }
    }

    @Test
    void scalarsUploadedInThePlansPartsEqualReference() {
        // 2^22 + 2^20 + 3 scalars: the plan's six parts of unequal sizes, in the plan's one batch,
        // then in a first batch of one part and a second of five; the second upload reuses the
        // stage the first run's histograms read.
        GpuDevice d = GpuTestDevice.get();
        int n = (1 << 22) + (1 << 20) + 3;
        MsmPlan plan = MsmPlan.forSize(n);
        assertEquals(6, plan.uploadParts());
        long[] k = TestData.randomFr(n, TestData.SEED + 5151);
        long[] logs = TestData.randomFr(n, TestData.SEED + 5152);
        long[] want = G1TestPoints.expected(G1TestPoints.dotTiled(k, logs));
        try (DeviceBuffer points = G1TestPoints.make(d, logs, 4, TestData.SEED); Msm m = new Msm(d, Curve.G1);
             GpuStream s = d.newStream(); PinnedHostBuffer pinned = new PinnedHostBuffer(d, 32L * n)) {
            pinned.put(0, k, 0, k.length);
            assertEquals(6, plan.firstBatchParts(Curve.G1));
            assertArrayEquals(want, G1Points.jacobianToAffine(m.run(points, pinned, plan, s)), "MSM n=" + n
                    + " in the plan's batch (seed " + TestData.SEED + ")");
            assertArrayEquals(want, G1Points.jacobianToAffine(m.run(points, pinned, plan, s, 6, new int[] {0, 1, 6})), "MSM n=" + n
                    + " in batches of one and five parts (seed " + TestData.SEED + ")");
        }
    }

    @Test
    void allScalarsZeroGiveIdentity() {
        GpuDevice d = GpuTestDevice.get();
        int n = 4096;
        long[] s = TestData.randomFr(n, new SplittableRandom().nextLong());
        try (DeviceBuffer points = G1TestPoints.make(d, s, 1, 1)) {
            assertArrayEquals(new long[12], msm(points, new long[4 * n], MsmPlan.forSize(n)));
        }
    }
}
