package io.c2spark.gpu.msm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigInteger;
import java.util.SplittableRandom;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import io.c2spark.core.curve.G2;
import io.c2spark.core.field.Fr;
import io.c2spark.core.groth16.MultiExp;
import io.c2spark.core.msm.BatchAddition;
import io.c2spark.gpu.GpuTestDevice;
import io.c2spark.gpu.TestData;
import io.c2spark.gpu.runtime.DeviceBuffer;
import io.c2spark.gpu.runtime.GpuDevice;
import io.c2spark.gpu.runtime.GpuStream;
import io.c2spark.gpu.runtime.PinnedHostBuffer;

/**
 * G2 MSM and G2 batch addition on the GPU against prover-core (Msm.g2, the plain sum of scalar
 * multiples, BatchAddition.g2), compared as affine points, on fresh random points and scalars with
 * the edge cases: identity points, P with -P, repeated points, scalars 0, 1, r - 1 and at the
 * signed-digit carry boundary, every window size the plan allows.
 */
@Tag("gpu")
class GpuG2Test {
    /** n affine G2 points (24 longs each): random multiples of the generator, tiled, with the edge points first. */
    static long[] points(int n, long seed) {
        int distinct = Math.min(n, 48);
        long[] logs = TestData.randomFr(distinct, seed);
        long[] base = new long[G2.JACOBIAN];
        G2.LAW.fromAffine(G2.generator(), 0, base, 0);
        long[] distinctPts = new long[24 * distinct];
        long[] t = new long[G2.JACOBIAN];
        for (int i = 0; i < distinct; i++) {
            G2.LAW.mul(base, 0, logs, 4 * i, t, 0);
            G2.LAW.toAffine(t, 0, distinctPts, 24 * i);
        }
        long[] out = new long[24 * n];
        for (int i = 0; i < n; i++) {
            System.arraycopy(distinctPts, 24 * (i % distinct), out, 24 * i, 24);
        }
        if (n >= 8) {
            java.util.Arrays.fill(out, 0, 48, 0L);                // two identity points
            G2.LAW.negAffine(out, 24 * 2, out, 24 * 3);               // P, -P
            System.arraycopy(out, 24 * 4, out, 24 * 5, 24);       // a repeated point
        }
        return out;
    }

    static long[] scalars(int n, int c, long seed) {
        long[] k = TestData.randomFr(n, seed);
        BigInteger r = Fr.MODULUS;
        BigInteger half = BigInteger.ONE.shiftLeft(c - 1);
        BigInteger boundary = BigInteger.ZERO;
        for (int w = 0; w * c < 255; w++) {
            boundary = boundary.add(half.shiftLeft(c * w));
        }
        BigInteger[] edge = {BigInteger.ZERO, BigInteger.ONE, r.subtract(BigInteger.ONE), half, boundary.mod(r)};
        for (int i = 0; i < Math.min(n, edge.length); i++) {
            System.arraycopy(Fr.of(edge[i]), 0, k, 4 * (n - 1 - i), 4);
        }
        if (n >= 8) {
            System.arraycopy(k, 4 * 2, k, 4 * 3, 4);  // P and -P with one scalar cancel
        }
        return k;
    }

    static long[] affine(long[] jacobian) {
        long[] a = new long[24];
        G2.LAW.toAffine(jacobian, 0, a, 0);
        return a;
    }

    /** n points on the device: s_i G2 for the given logs (computed on the CPU), tiled. */
    static DeviceBuffer tiledPoints(GpuDevice d, long[] logs, long n) {
        int m = logs.length / 4;
        long[] host = new long[24 * m];
        long[] gen = new long[G2.JACOBIAN];
        G2.LAW.fromAffine(G2.generator(), 0, gen, 0);
        IntStream.range(0, m).parallel().forEach(i -> {
            long[] t = new long[G2.JACOBIAN];
            G2.LAW.mul(gen, 0, logs, 4 * i, t, 0);
            G2.LAW.toAffine(t, 0, host, 24 * i);
        });
        DeviceBuffer points = d.allocate(192 * n);
        points.upload(host, 0, 0, Math.min(host.length, 24 * n));
        for (long have = m; have < n; have *= 2) {
            points.copyFrom(points, 0, 192 * have, 192 * Math.min(have, n - have));
        }
        return points;
    }

    /** The affine limbs of (log) G2. */
    static long[] expected(long[] log) {
        long[] p = new long[G2.JACOBIAN];
        G2.LAW.fromAffine(G2.generator(), 0, p, 0);
        G2.LAW.mul(p, 0, log, 0, p, 0);
        return affine(p);
    }

    @Test
    void msmEqualsProverCoreForEveryWindowSize() {
        GpuDevice d = GpuTestDevice.get();
        for (int n : new int[] {1, 5, 300, 5000}) {
            long[] p = points(n, TestData.SEED + n);
            for (int c : new int[] {4, 8, 16}) {
                long[] k = scalars(n, c, TestData.SEED + 31 * n + c);
                long[] want = affine(io.c2spark.core.msm.Msm.g2(p, k));
                try (Msm m = new Msm(d, Curve.G2); GpuStream s = d.newStream(); DeviceBuffer dp = d.allocate(8L * p.length);
                     DeviceBuffer dk = d.allocate(8L * k.length)) {
                    dp.upload(p);
                    dk.upload(k);
                    assertArrayEquals(want, affine(m.runOnDevice(dp, dk, MsmPlan.withWindow(n, c), s)),
                            "G2 MSM n=" + n + " c=" + c + " (seed " + TestData.SEED + ")");
                }
            }
        }
    }

    @Test
    void msmWithScalarsUploadedInPartsEqualsProverCore() {
        // The histogram of each part of the pinned scalars' upload runs as soon as that part has
        // arrived, each batch of parts accumulated on its own and merged: parts of unequal sizes
        // in one batch or one per part against Msm.g2, then the plan's own four parts (one batch) of
        // 2^21 + 2^20 + 5 scalars over tiled points, whose sum follows from the logs.
        GpuDevice d = GpuTestDevice.get();
        int n = 300;
        long[] p = points(n, TestData.SEED + 77);
        long[] k = scalars(n, 8, TestData.SEED + 78);
        long[] want = affine(io.c2spark.core.msm.Msm.g2(p, k));
        try (Msm m = new Msm(d, Curve.G2); GpuStream s = d.newStream(); DeviceBuffer dp = d.allocate(8L * p.length);
             PinnedHostBuffer pinned = new PinnedHostBuffer(d, 8L * k.length)) {
            dp.upload(p);
            pinned.put(0, k, 0, k.length);
            for (int parts : new int[] {1, 2, 5, 8}) {
                for (int batches : new int[] {1, parts}) {
                    assertArrayEquals(want, affine(m.run(dp, pinned, MsmPlan.withWindow(n, 8), s, parts,
                            GpuMsmTest.equalBatches(parts, batches))),
                            "G2 MSM n=" + n + " in " + parts + " parts, " + batches + " batches (seed " + TestData.SEED + ")");
                }
            }
        }
        int big = (1 << 21) + (1 << 20) + 5;
        MsmPlan plan = MsmPlan.forSize(big, Curve.G2);
        assertEquals(4, plan.uploadParts());
        long[] logs = TestData.randomFr(1 << 10, TestData.SEED + 79);
        long[] kb = TestData.randomFr(big, TestData.SEED + 80);
        try (Msm m = new Msm(d, Curve.G2); GpuStream s = d.newStream(); DeviceBuffer dp = tiledPoints(d, logs, big);
             PinnedHostBuffer pinned = new PinnedHostBuffer(d, 32L * big)) {
            pinned.put(0, kb, 0, kb.length);
            assertArrayEquals(expected(G1TestPoints.dotTiled(kb, logs)), affine(m.run(dp, pinned, plan, s)),
                    "G2 MSM n=" + big + " in the plan's parts (seed " + TestData.SEED + ")");
        }
    }

    @Test
    void smallMsmEqualsPlainSumOfMultiples() {
        GpuDevice d = GpuTestDevice.get();
        int n = 40;
        long[] p = points(n, TestData.SEED + 5);
        long[] k = scalars(n, 4, TestData.SEED + 6);
        try (Msm m = new Msm(d, Curve.G2)) {
            assertArrayEquals(affine(MultiExp.REFERENCE.g2(p, k)), affine(m.run(p, k)), "seed " + TestData.SEED);
        }
    }

    @Test
    void batchAdditionEqualsProverCore() {
        GpuDevice d = GpuTestDevice.get();
        int n = 3000;
        long[] p = points(n, TestData.SEED + 9);
        int words = (n + 63) / 64;
        long[] half = new long[words];
        SplittableRandom rnd = new SplittableRandom(TestData.SEED);
        for (int i = 0; i < words; i++) {
            half[i] = rnd.nextLong();
        }
        long[] all = new long[words];
        java.util.Arrays.fill(all, -1L);
        long[] sparse = new long[words];
        for (int k = 0; k < 7; k++) {
            int i = rnd.nextInt(n);
            sparse[i >>> 6] |= 1L << (i & 63);
        }
        long[] run = new long[words];
        for (int i = 1000; i < 1700; i++) {
            run[i >>> 6] |= 1L << (i & 63);
        }
        try (BatchAdd add = new BatchAdd(d, Curve.G2); GpuStream s = d.newStream(); DeviceBuffer dp = d.allocate(8L * p.length);
             DeviceBuffer bm = d.allocate(8L * words)) {
            dp.upload(p);
            for (long[] bits : new long[][] {new long[words], all, half, sparse, run}) {
                bm.upload(bits);
                assertArrayEquals(affine(BatchAddition.g2(p, bits, n)), affine(add.run(dp, bm, n, s)),
                        "G2 batch addition, " + Long.bitCount(bits[0]) + " bits in the first word (seed " + TestData.SEED + ")");
            }
        }
    }
}
