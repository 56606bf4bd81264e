package io.c2spark.gpu.msm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.SplittableRandom;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import io.c2spark.core.field.Fr;
import io.c2spark.gpu.GpuTestDevice;
import io.c2spark.gpu.TestData;
import io.c2spark.gpu.runtime.DeviceBuffer;
import io.c2spark.gpu.runtime.GpuDevice;
import io.c2spark.gpu.runtime.GpuStream;

/**
 * The bitmap batch sum equals (sum of the selected logs) G, for empty, full and random bitmaps
 * and for sparse, clustered and end-point ones (the bits past n in the last word set in several).
 */
@Tag("gpu")
class GpuBatchAddTest {
    @Test
    void bitmapSumsEqualReference() {
        GpuDevice d = GpuTestDevice.get();
        int n = (1 << 16) + 5;
        long[] s = TestData.randomFr(n, TestData.SEED + 7);
        // Identity points, a repeated point and a point with its negation.
        System.arraycopy(new long[8], 0, s, 0, 8);
        System.arraycopy(s, 40, s, 44, 4);
        System.arraycopy(Fr.of(Fr.MODULUS.subtract(Fr.toBigInteger(s, 48))), 0, s, 52, 4);
        SplittableRandom rnd = new SplittableRandom(TestData.SEED);
        int words = (n + 31) / 32;
        int[] half = new int[words];
        for (int i = 0; i < words; i++) {
            half[i] = rnd.nextInt();
        }
        int[] all = new int[words];
        java.util.Arrays.fill(all, -1);
        // Shapes that unbalance the warps' tiles of 8192 points: a few bits per tile, one dense
        // run across a tile boundary, only the first and the last point.
        int[] sparse = new int[words];
        for (int k = 0; k < 40; k++) {
            int i = rnd.nextInt(n);
            sparse[i >>> 5] |= 1 << (i & 31);
        }
        int[] run = new int[words];
        for (int i = 3 * 8192 - 1000; i < 3 * 8192 + 20000; i++) {
            run[i >>> 5] |= 1 << (i & 31);
        }
        int[] ends = new int[words];
        ends[0] = 1;
        ends[words - 1] = 1 << ((n - 1) & 31);
        try (DeviceBuffer points = G1TestPoints.make(d, s, 4, TestData.SEED); GpuStream st = d.newStream();
             BatchAdd batch = new BatchAdd(d, Curve.G1)) {
            for (int[] bits : new int[][] {new int[words], all, half, sparse, run, ends}) {
                long[] log = new long[4];
                for (int i = 0; i < n; i++) {
                    if (((bits[i >>> 5] >>> (i & 31)) & 1) != 0) {
                        Fr.add(log, 0, s, 4 * i, log, 0);
                    }
                }
                try (DeviceBuffer bm = d.allocate(4L * words)) {
                    bm.upload(bits);
                    long[] got = G1Points.jacobianToAffine(batch.run(points, bm, n, st));
                    int set = 0;
                    for (int w : bits) {
                        set += Integer.bitCount(w);
                    }
                    assertArrayEquals(G1TestPoints.expected(log), got, "bitmap sum, " + set
                            + " bits set in the words (seed " + TestData.SEED + ")");
                }
            }
        }
    }
}
