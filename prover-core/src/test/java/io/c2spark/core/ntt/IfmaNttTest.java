package io.c2spark.core.ntt;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.c2spark.core.field.Fr;
import io.c2spark.core.field.IfmaLibrary;
import java.math.BigInteger;
import java.security.SecureRandom;
import java.util.Random;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The native IFMA NTT against the scalar one, bit for bit: sizes from the smallest (one block of
 * eight groups) through ones with stages across the leaves' blocks (2^14 and up), plain, inverse
 * (reversed), and scaled on either side as the cosets and 1/n are; then the largest values.
 */
class IfmaNttTest {
    private final long seed = new SecureRandom().nextLong();
    private final Random rnd = new Random(seed);

    @BeforeAll
    static void kernel() {
        assumeTrue(IfmaNtt.AVAILABLE, "no native kernel in this JVM: " + IfmaLibrary.STATE);
    }

    private long[] random(int n) {
        long[] a = new long[4 * n];
        for (int i = 0; i < n; i++) {
            Fr.random(rnd, a, 4 * i);
        }
        return a;
    }

    private long[] element() {
        return random(1);
    }

    @Test
    void equalsTheScalarTransformBitForBit() {
        for (int logN : new int[] {6, 7, 9, 13, 14, 16}) {
            int n = 1 << logN;
            long[] omega = EvaluationDomain.ofLogSize(logN).omega();
            long[] tw = Radix2Ntt.twiddleTable(omega, logN);
            IfmaNtt ifma = new IfmaNtt(omega, logN);
            Radix2Ntt.Scaling[][] cases = {
                {null, null},
                {new Radix2Ntt.Scaling(element(), element()), null},
                {new Radix2Ntt.Scaling(element(), null), null},
                {null, new Radix2Ntt.Scaling(element(), null)},
                {null, new Radix2Ntt.Scaling(element(), element())},
                {new Radix2Ntt.Scaling(element(), element()), new Radix2Ntt.Scaling(element(), element())},
            };
            for (Radix2Ntt.Scaling[] c : cases) {
                for (boolean reversed : new boolean[] {false, true}) {
                    long[] a = random(n);
                    long[] want = a.clone();
                    Radix2Ntt.transform(want, logN, tw, c[0], reversed, c[1]);
                    ifma.transform(a, c[0], reversed, c[1]);
                    assertArrayEquals(want, a, "2^" + logN + ", reversed " + reversed + ", in " + (c[0] != null)
                            + ", out " + (c[1] != null) + ", seed " + seed);
                }
            }
        }
    }

    @Test
    void minusOneAndZero() {
        int logN = 15;
        int n = 1 << logN;
        long[] omega = EvaluationDomain.ofLogSize(logN).omega();
        long[] tw = Radix2Ntt.twiddleTable(omega, logN);
        IfmaNtt ifma = new IfmaNtt(omega, logN);
        long[] minusOne = Fr.of(Fr.MODULUS.subtract(BigInteger.ONE));
        for (long[] fill : new long[][] {minusOne, new long[4]}) {
            long[] a = new long[4 * n];
            for (int i = 0; i < n; i++) {
                System.arraycopy(fill, 0, a, 4 * i, 4);
            }
            for (Radix2Ntt.Scaling in : new Radix2Ntt.Scaling[] {null, new Radix2Ntt.Scaling(minusOne, minusOne)}) {
                long[] want = a.clone();
                long[] got = a.clone();
                Radix2Ntt.transform(want, logN, tw, in, true, new Radix2Ntt.Scaling(minusOne, minusOne));
                ifma.transform(got, in, true, new Radix2Ntt.Scaling(minusOne, minusOne));
                assertArrayEquals(want, got);
            }
        }
    }
}
