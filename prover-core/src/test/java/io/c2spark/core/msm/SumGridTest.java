package io.c2spark.core.msm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.math.BigInteger;
import java.security.SecureRandom;
import java.util.Random;
import org.junit.jupiter.api.Test;

class SumGridTest {
    private final Random rnd = new Random(new SecureRandom().nextLong());

    @Test
    void everyPairwiseSumMatchesTheReference() {
        for (boolean g2 : new boolean[] {false, true}) {
            MsmTest.Case rows = new MsmTest.Case(g2, 5, rnd);
            MsmTest.Case cols = new MsmTest.Case(g2, 7, rnd);
            // Same x on purpose: a column equal to a row (doubling), its negation (identity), the identity.
            cols.points[1] = rows.points[2];
            cols.b[1] = rows.b[2];
            cols.points[2] = ReferenceCurve.neg(rows.points[3]);
            cols.b[2] = rows.b[3].negate();
            cols.setBase(3, BigInteger.ZERO);
            long[] out = g2 ? SumGrid.g2(rows.bases(), cols.bases()) : SumGrid.g1(rows.bases(), cols.bases());
            int pl = g2 ? 24 : 12;
            for (int a = 0; a < 5; a++) {
                for (int b = 0; b < 7; b++) {
                    long[] expected = new long[pl];
                    ReferenceCurve.write(ReferenceCurve.add(rows.points[a], cols.points[b]), g2, expected, 0);
                    long[] got = java.util.Arrays.copyOfRange(out, (a * 7 + b) * pl, (a * 7 + b + 1) * pl);
                    assertArrayEquals(expected, got, (g2 ? "G2" : "G1") + " a=" + a + " b=" + b);
                }
            }
        }
    }
}
