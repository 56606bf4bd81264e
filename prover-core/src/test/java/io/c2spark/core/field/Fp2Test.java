package io.c2spark.core.field;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Fp2 against a BigInteger model of (x0 + x1 u), u^2 = -1. */
class Fp2Test {
    private static final BigInteger P = Fp.MODULUS;

    private static BigInteger[] val(long[] a) {
        return new BigInteger[] {Fp.toBigInteger(a, 0), Fp.toBigInteger(a, Fp.LIMBS)};
    }

    private static BigInteger[] mul(BigInteger[] x, BigInteger[] y) {
        return new BigInteger[] {
            x[0].multiply(y[0]).subtract(x[1].multiply(y[1])).mod(P),
            x[0].multiply(y[1]).add(x[1].multiply(y[0])).mod(P)};
    }

    private static void assertVal(BigInteger[] want, long[] got) {
        BigInteger[] g = val(got);
        assertEquals(want[0], g[0]);
        assertEquals(want[1], g[1]);
    }

    @Test
    void fieldLawsMatchBigIntegerModel() {
        Random rnd = new Random();
        long[] r = new long[Fp2.LIMBS];
        for (int i = 0; i < 200; i++) {
            long[] a = new long[Fp2.LIMBS];
            long[] b = new long[Fp2.LIMBS];
            Fp2.random(rnd, a, 0);
            Fp2.random(rnd, b, 0);
            if (i == 0) {
                Fp2.setZero(b, 0);
            }
            BigInteger[] x = val(a);
            BigInteger[] y = val(b);
            Fp2.mul(a, 0, b, 0, r, 0);
            assertVal(mul(x, y), r);
            Fp2.sqr(a, 0, r, 0);
            assertVal(mul(x, x), r);
            Fp2.add(a, 0, b, 0, r, 0);
            assertVal(new BigInteger[] {x[0].add(y[0]).mod(P), x[1].add(y[1]).mod(P)}, r);
            Fp2.sub(a, 0, b, 0, r, 0);
            assertVal(new BigInteger[] {x[0].subtract(y[0]).mod(P), x[1].subtract(y[1]).mod(P)}, r);
            Fp2.mulByNonResidue(a, 0, r, 0);
            assertVal(mul(x, new BigInteger[] {BigInteger.ONE, BigInteger.ONE}), r);
            Fp2.inverse(a, 0, r, 0);
            Fp2.mul(r, 0, a, 0, r, 0);
            assertVal(new BigInteger[] {BigInteger.ONE, BigInteger.ZERO}, r);
            Fp2.conjugate(a, 0, r, 0);
            assertVal(new BigInteger[] {x[0], x[1].negate().mod(P)}, r);
        }
    }

    @Test
    void sqrtFindsRootsOfSquaresAndRejectsNonSquares() {
        Random rnd = new Random();
        long[] a = new long[Fp2.LIMBS];
        long[] sq = new long[Fp2.LIMBS];
        long[] root = new long[Fp2.LIMBS];
        long[] check = new long[Fp2.LIMBS];
        int nonSquares = 0;
        for (int i = 0; i < 60; i++) {
            Fp2.random(rnd, a, 0);
            if (i % 10 == 0) {
                Fp.FIELD.setZero(a, Fp.LIMBS);
            }
            if (i % 10 == 1) {
                Fp.FIELD.setZero(a, 0);
            }
            Fp2.sqr(a, 0, sq, 0);
            assertTrue(Fp2.sqrt(sq, 0, root, 0));
            Fp2.sqr(root, 0, check, 0);
            assertTrue(Fp2.equal(check, 0, sq, 0));
            // Multiplying a square by the non-square (1 + u) gives a non-square.
            Fp2.mulByNonResidue(sq, 0, check, 0);
            if (!Fp2.isZero(check, 0)) {
                assertFalse(Fp2.sqrt(check, 0, root, 0));
                nonSquares++;
            }
        }
        assertTrue(nonSquares > 50);
    }
}
