package io.c2spark.core.msm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.c2spark.core.field.CoordinateField;
import io.c2spark.core.field.Fp2Lanes;
import io.c2spark.core.field.FpLanes;
import io.c2spark.core.field.LaneField;
import io.c2spark.core.field.LaneSupport;
import io.c2spark.core.field.MontgomeryLanes;
import java.security.SecureRandom;
import java.util.Random;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The two batch implementations leave the same buckets: the SIMD lanes ({@link LaneAffineBatch},
 * over Fp for G1 and Fp2 for G2) against the scalar code ({@link ScalarAffineBatch}), on the same
 * points and digits, including doublings, additions of a bucket's negation and batches that do not
 * fill their last group.
 */
class AffineBatchTest {
    private final long seed = new SecureRandom().nextLong();
    private final Random rnd = new Random(seed);

    @Test
    void theTestJvmHasTheVectorApiModule() {
        assertTrue(ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent(),
                "surefire's argLine must add jdk.incubator.vector");
    }

    /** Where the CPU has 256-bit vectors, MsmTest's G1 cases run the lanes. */
    @Test
    void msmTakesTheLanesWhereTheCpuHasThem() {
        assumeTrue(MontgomeryLanes.hardwareSupported(), "no 256-bit vectors: the MSM runs its scalar code");
        assertTrue(Msm.affineBatch(CoordinateField.FP56, 8) instanceof LaneAffineBatch);
        assertTrue(Msm.affineBatch(CoordinateField.FP2_56, 8) instanceof LaneAffineBatch);
        assertTrue(LaneSupport.describe().startsWith("SIMD lanes, " + MontgomeryLanes.vectorBits() + "-bit"), LaneSupport.describe());
    }

    @BeforeEach
    void lanesInHardware() {
        assumeTrue(MontgomeryLanes.hardwareSupported(), "no 256-bit vectors: the Vector API's Java fallback would take minutes");
    }

    @Test
    void lanesAndScalarCodeLeaveTheSameBuckets() {
        int n = 3000;
        MsmTest.Case c = new MsmTest.Case(false, n, rnd);
        for (int i = 1; i < n; i += 17) {
            c.copyBase(i - 1, i, i % 2 == 0);
        }
        long[] bases = CoordinateField.FP56.fromStandard(c.bases());
        for (int bucketBits : new int[] {3, 6, 9}) {
            for (int batch : new int[] {1, 5, 8, 13, 64}) {
                int buckets = 1 << bucketBits;
                int[] digits = new int[n];
                for (int i = 0; i < n; i++) {
                    int digit = 1 + rnd.nextInt(buckets);
                    digits[i] = rnd.nextBoolean() ? digit : -digit;
                }
                compare(bases, digits, buckets, batch, buckets + " buckets, batches of " + batch);
            }
        }
    }

    /** G2's lanes (Fp2 in pairs of lane groups) against its scalar code, same-x additions included. */
    @Test
    void g2LanesAndScalarCodeLeaveTheSameBuckets() {
        int n = 600;
        MsmTest.Case c = new MsmTest.Case(true, n, rnd);
        for (int i = 1; i < n; i += 13) {
            c.copyBase(i - 1, i, i % 2 == 0);
        }
        long[] bases = CoordinateField.FP2_56.fromStandard(c.bases());
        for (int bucketBits : new int[] {3, 7}) {
            for (int batch : new int[] {1, 8, 13, 64}) {
                int buckets = 1 << bucketBits;
                int[] digits = new int[n];
                for (int i = 0; i < n; i++) {
                    int digit = 1 + rnd.nextInt(buckets);
                    digits[i] = rnd.nextBoolean() ? digit : -digit;
                }
                compare(CoordinateField.FP2_56, new Fp2Lanes(), bases, digits, buckets, batch,
                        "G2, " + buckets + " buckets, batches of " + batch);
            }
        }
    }

    /**
     * The same-x cases on purpose: a point added to a bucket that holds exactly it (a doubling) or
     * its negation (the bucket empties), next to ordinary additions in the same groups.
     */
    @Test
    void sameXLanesDoubleOrEmptyTheirBucket() {
        int n = 64;
        MsmTest.Case c = new MsmTest.Case(false, n, rnd);
        int[] digits = new int[n];
        for (int i = 0; i < n; i++) {
            digits[i] = 9 + rnd.nextInt(50);
        }
        // Buckets 0..3 first receive point 2k, then a copy of it (k even: doubling) or its negation.
        for (int k = 0; k < 4; k++) {
            c.copyBase(2 * k, 2 * k + 1, k % 2 == 1);
            digits[2 * k] = k + 1;
            digits[2 * k + 1] = k + 1;
        }
        long[] bases = CoordinateField.FP56.fromStandard(c.bases());
        for (int batch : new int[] {1, 3, 8, 16}) {
            compare(bases, digits, 64, batch, "same x, batches of " + batch);
        }
    }

    private void compare(long[] bases, int[] digits, int buckets, int batch, String what) {
        compare(CoordinateField.FP56, new FpLanes(), bases, digits, buckets, batch, what);
    }

    private void compare(CoordinateField f, LaneField field, long[] bases, int[] digits, int buckets, int batch, String what) {
        BucketAccumulator lanes = new BucketAccumulator(f, buckets, batch, new LaneAffineBatch(field, batch));
        BucketAccumulator scalar = new BucketAccumulator(f, buckets, batch, new ScalarAffineBatch(f, batch));
        lanes.reset(0);
        scalar.reset(0);
        lanes.bases(bases);
        scalar.bases(bases);
        for (int i = 0; i < digits.length; i++) {
            lanes.add(i, digits[i]);
            scalar.add(i, digits[i]);
        }
        lanes.finish();
        scalar.finish();
        long[] a = new long[3 * f.limbs];
        long[] b = new long[3 * f.limbs];
        lanes.reduce(a, 0);
        scalar.reduce(b, 0);
        assertArrayEquals(b, a, what + ", seed " + seed);
    }
}
