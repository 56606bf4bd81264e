package io.c2spark.core.msm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.security.SecureRandom;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * G1's two batch implementations leave the same buckets: the SIMD lanes ({@link LaneAffineBatch})
 * against the scalar code ({@link ScalarAffineBatch}), on the same points and digits, including
 * doublings, additions of a bucket's negation and batches that do not fill their last group.
 */
class AffineBatchTest {
    private final Random rnd = new Random(new SecureRandom().nextLong());

    @Test
    void theTestJvmHasTheVectorApiSoMsmTestChecksTheLanes() {
        assertTrue(Msm.SIMD_LANES, "surefire's argLine must add jdk.incubator.vector (and the CPU have AVX2)");
    }

    @Test
    void lanesAndScalarCodeLeaveTheSameBuckets() {
        int n = 3000;
        MsmTest.Case c = new MsmTest.Case(false, n, rnd);
        for (int i = 1; i < n; i += 17) {
            c.copyBase(i - 1, i, i % 2 == 0);
        }
        long[] bases = Coordinates.FP56.fromStandard(c.bases());
        for (int bucketBits : new int[] {3, 6, 9}) {
            for (int batch : new int[] {1, 5, 8, 13, 64}) {
                int buckets = 1 << bucketBits;
                BucketAccumulator lanes = new BucketAccumulator(Coordinates.FP56, buckets, batch, new LaneAffineBatch(batch));
                BucketAccumulator scalar = new BucketAccumulator(Coordinates.FP56, buckets, batch,
                        new ScalarAffineBatch(Coordinates.FP56, batch));
                lanes.reset(bases);
                scalar.reset(bases);
                for (int i = 0; i < n; i++) {
                    int digit = 1 + rnd.nextInt(buckets);
                    int d = rnd.nextBoolean() ? digit : -digit;
                    lanes.add(i, d);
                    scalar.add(i, d);
                }
                lanes.finish();
                scalar.finish();
                PointOps ops = new PointOps(Coordinates.FP56);
                long[] a = new long[3 * Fp56.LIMBS];
                long[] b = new long[3 * Fp56.LIMBS];
                lanes.reduce(ops, a, 0);
                scalar.reduce(ops, b, 0);
                assertArrayEquals(b, a, buckets + " buckets, batches of " + batch);
            }
        }
    }
}
