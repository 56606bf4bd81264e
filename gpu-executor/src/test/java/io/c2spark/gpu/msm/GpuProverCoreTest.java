package io.c2spark.gpu.msm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.SplittableRandom;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import io.c2spark.core.curve.G1;
import io.c2spark.core.msm.BatchAddition;
import io.c2spark.gpu.GpuTestDevice;
import io.c2spark.gpu.TestData;
import io.c2spark.gpu.runtime.DeviceBuffer;
import io.c2spark.gpu.runtime.GpuDevice;
import io.c2spark.gpu.runtime.GpuStream;

/**
 * The GPU kernels against prover-core's own MSM (Msm.g1) and batch addition (BatchAddition.g1) on
 * fresh random inputs, the results as affine points (Jacobian coordinates of equal points
 * legitimately differ). The NTT's counterpart is ntt.GpuNttProverCoreTest.
 */
@Tag("gpu")
class GpuProverCoreTest {
    static long[] affine(long[] jacobian) {
        long[] a = new long[12];
        G1.LAW.toAffine(jacobian, 0, a, 0);
        return a;
    }

    @Test
    void msmAndBatchAdditionEqualProverCore() {
        GpuDevice d = GpuTestDevice.get();
        for (int n : new int[] {1000, 1 << 14}) {
            long[] k = TestData.randomFr(n, TestData.SEED + 400 + n);
            long[] s = TestData.randomFr(n, TestData.SEED + 500 + n);
            try (DeviceBuffer points = G1TestPoints.make(d, s, 2, TestData.SEED); Msm m = new Msm(d, Curve.G1); GpuStream st = d.newStream();
                 BatchAdd batch = new BatchAdd(d, Curve.G1)) {
                long[] host = new long[12 * n];
                points.download(0, host, 0, host.length);
                assertArrayEquals(affine(io.c2spark.core.msm.Msm.g1(host, k)), G1Points.jacobianToAffine(m.run(host, k)), "MSM n=" + n + " vs Msm.g1");
                int[] words = new int[(n + 31) / 32];
                long[] bitmap = new long[(n + 63) / 64];
                SplittableRandom rnd = new SplittableRandom(TestData.SEED + n);
                for (int i = 0; i < n; i++) {
                    if (rnd.nextBoolean()) {
                        words[i >>> 5] |= 1 << (i & 31);
                        bitmap[i >>> 6] |= 1L << (i & 63);
                    }
                }
                try (DeviceBuffer bm = d.allocate(4L * words.length)) {
                    bm.upload(words);
                    assertArrayEquals(affine(BatchAddition.g1(host, bitmap, n)),
                            G1Points.jacobianToAffine(batch.run(points, bm, n, st)), "batch addition n=" + n);
                }
            }
        }
    }
}
