package io.c2spark.gpu;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.SplittableRandom;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import io.c2spark.core.curve.G1;
import io.c2spark.core.msm.BatchAddition;
import io.c2spark.core.ntt.EvaluationDomain;

/**
 * The GPU kernels against prover-core's own NTT (EvaluationDomain), MSM (Msm.g1) and batch
 * addition (BatchAddition.g1) on fresh random inputs: the NTT bit for bit, the curve results as
 * affine points (Jacobian coordinates of equal points legitimately differ).
 */
@Tag("gpu")
class GpuProverCoreTest {
    @Test
    void nttEqualsEvaluationDomainInAllFourDirections() {
        for (int lg : new int[] {1, 2, 5, 10, 11, 13, 17, 20}) {
            long[] x = TestData.randomFr(1 << lg, TestData.SEED + 300 + lg);
            EvaluationDomain dom = EvaluationDomain.ofLogSize(lg);
            for (GpuNttTest.Kind k : GpuNttTest.Kind.values()) {
                long[] want = x.clone();
                switch (k) {
                    case FORWARD -> dom.fft(want);
                    case INVERSE -> dom.ifft(want);
                    case COSET_FORWARD -> dom.cosetFft(want);
                    case COSET_INVERSE -> dom.icosetFft(want);
                }
                assertArrayEquals(want, GpuNttTest.gpu(lg, x, k, false), k + " 2^" + lg + " vs EvaluationDomain (seed " + TestData.SEED + ")");
            }
        }
    }

    static long[] affine(long[] jacobian) {
        long[] a = new long[12];
        G1.toAffine(jacobian, 0, a, 0);
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
