package io.c2spark.core.field;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Fp6 against the schoolbook polynomial model of {@link TowerReference} and against pow. */
class Fp6Test {
    private static final int E = Fp2.LIMBS;
    private static final int L = Fp6.LIMBS;

    private static long[] random(Random rnd) {
        long[] a = new long[L];
        Fp6.random(rnd, a, 0);
        return a;
    }

    /** Random elements, plus 0, 1 and elements with zero coefficients. */
    private static long[] sample(Random rnd, int i) {
        long[] a = random(rnd);
        switch (i) {
            case 0 -> Fp6.setZero(a, 0);
            case 1 -> Fp6.setOne(a, 0);
            case 2 -> Fp2.setZero(a, 0);
            case 3 -> {
                Fp2.setZero(a, E);
                Fp2.setZero(a, 2 * E);
            }
            default -> {
            }
        }
        return a;
    }

    private static void assertFp6(long[] want, long[] got) {
        assertTrue(Fp6.equal(want, 0, got, 0), "Fp6 values differ");
    }

    @Test
    void productsMatchSchoolbook() {
        Random rnd = new Random();
        long[] r = new long[L];
        for (int i = 0; i < 60; i++) {
            long[] a = sample(rnd, i % 6);
            long[] b = sample(rnd, (i / 6) % 6);
            Fp6.mul(a, 0, b, 0, r, 0);
            assertFp6(TowerReference.fp6Mul(a, 0, b, 0), r);
            Fp6.sqr(a, 0, r, 0);
            assertFp6(TowerReference.fp6Mul(a, 0, a, 0), r);

            long[] sparse = new long[L];
            System.arraycopy(b, 0, sparse, 0, 2 * E);
            Fp6.mulBy01(a, 0, b, 0, b, E, r, 0);
            assertFp6(TowerReference.fp6Mul(a, 0, sparse, 0), r);
            Fp6.setZero(sparse, 0);
            System.arraycopy(b, E, sparse, E, E);
            Fp6.mulBy1(a, 0, b, E, r, 0);
            assertFp6(TowerReference.fp6Mul(a, 0, sparse, 0), r);

            long[] v = new long[L];
            Fp2.setOne(v, E);
            Fp6.mulByNonResidue(a, 0, r, 0);
            assertFp6(TowerReference.fp6Mul(a, 0, v, 0), r);

            long[] s = new long[L];
            System.arraycopy(b, 0, s, 0, E);
            Fp6.mulByFp2(a, 0, b, 0, r, 0);
            assertFp6(TowerReference.fp6Mul(a, 0, s, 0), r);
        }
    }

    @Test
    void additiveLawsAndAliasing() {
        Random rnd = new Random();
        for (int i = 0; i < 30; i++) {
            long[] a = random(rnd);
            long[] b = random(rnd);
            long[] r = new long[L];
            Fp6.add(a, 0, b, 0, r, 0);
            Fp6.sub(r, 0, b, 0, r, 0);
            assertFp6(a, r);
            Fp6.neg(a, 0, r, 0);
            Fp6.add(r, 0, a, 0, r, 0);
            assertTrue(Fp6.isZero(r, 0));
            Fp6.dbl(a, 0, r, 0);
            long[] twice = new long[L];
            Fp6.add(a, 0, a, 0, twice, 0);
            assertFp6(twice, r);
            // Outputs aliasing inputs, at a non-zero offset inside a larger array.
            long[] big = new long[3 * L];
            System.arraycopy(a, 0, big, L, L);
            System.arraycopy(b, 0, big, 2 * L, L);
            Fp6.mul(big, L, big, 2 * L, big, L);
            assertFp6(TowerReference.fp6Mul(a, 0, b, 0), java.util.Arrays.copyOfRange(big, L, 2 * L));
            System.arraycopy(a, 0, big, L, L);
            Fp6.sqr(big, L, big, L);
            assertFp6(TowerReference.fp6Mul(a, 0, a, 0), java.util.Arrays.copyOfRange(big, L, 2 * L));
        }
    }

    @Test
    void inverseTimesElementIsOne() {
        Random rnd = new Random();
        long[] inv = new long[L];
        long[] r = new long[L];
        for (int i = 0; i < 40; i++) {
            long[] a = sample(rnd, 1 + i % 5);
            Fp6.inverse(a, 0, inv, 0);
            Fp6.mul(a, 0, inv, 0, r, 0);
            assertTrue(Fp6.isOne(r, 0), "a * a^-1 != 1");
        }
        long[] zero = new long[L];
        Fp6.inverse(zero, 0, inv, 0);
        assertTrue(Fp6.isZero(inv, 0));
    }

    @Test
    void frobeniusIsThePowerOfP() {
        Random rnd = new Random();
        BigInteger p = Fp.MODULUS;
        long[] pLimbs = PrimeField.limbsOf(p, Fp.LIMBS);
        long[] a = random(rnd);
        long[] want = new long[L];
        long[] got = new long[L];
        // pow over Fp6 by square and multiply with the Karatsuba product checked above.
        long[] acc = a.clone();
        for (int k = 1; k <= 6; k++) {
            acc = pow(acc, pLimbs);
            Fp6.frobenius(a, 0, k, got, 0);
            assertFp6(acc, got);
        }
        assertFp6(a, acc);
        Fp6.frobenius(a, 0, 0, want, 0);
        assertFp6(a, want);
    }

    private static long[] pow(long[] a, long[] e) {
        long[] acc = new long[L];
        Fp6.setOne(acc, 0);
        for (int i = e.length - 1; i >= 0; i--) {
            for (int bit = 63; bit >= 0; bit--) {
                Fp6.sqr(acc, 0, acc, 0);
                if (((e[i] >>> bit) & 1) != 0) {
                    Fp6.mul(acc, 0, a, 0, acc, 0);
                }
            }
        }
        return acc;
    }
}
