package io.c2spark.core.field;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Fp12 against the schoolbook polynomial model in w (w^6 = 1 + u) and against pow. */
class Fp12Test {
    private static final int E = Fp2.LIMBS;
    private static final int L = Fp12.LIMBS;

    private static long[] random(Random rnd) {
        long[] a = new long[L];
        Fp12.random(rnd, a, 0);
        return a;
    }

    /** Random elements, plus 0, 1, an Fp6 element and one with only the w part. */
    private static long[] sample(Random rnd, int i) {
        long[] a = random(rnd);
        switch (i) {
            case 0 -> Fp12.setZero(a, 0);
            case 1 -> Fp12.setOne(a, 0);
            case 2 -> Fp6.setZero(a, Fp6.LIMBS);
            case 3 -> Fp6.setZero(a, 0);
            default -> {
            }
        }
        return a;
    }

    private static void assertFp12(long[] want, long[] got, String what) {
        assertTrue(Fp12.equal(want, 0, got, 0), what);
    }

    /** An element of the cyclotomic subgroup: a^((p^6 - 1)(p^2 + 1)). */
    static long[] cyclotomic(Random rnd) {
        long[] a = random(rnd);
        long[] inv = new long[L];
        Fp12.inverse(a, 0, inv, 0);
        Fp12.conjugate(a, 0, a, 0);
        Fp12.mul(a, 0, inv, 0, a, 0);
        Fp12.frobenius(a, 0, 2, inv, 0);
        Fp12.mul(a, 0, inv, 0, a, 0);
        return a;
    }

    @Test
    void productsMatchSchoolbook() {
        Random rnd = new Random();
        long[] r = new long[L];
        for (int i = 0; i < 40; i++) {
            long[] a = sample(rnd, i % 5);
            long[] b = sample(rnd, (i / 5) % 5);
            Fp12.mul(a, 0, b, 0, r, 0);
            assertFp12(TowerReference.fp12Mul(a, 0, b, 0), r, "mul");
            Fp12.sqr(a, 0, r, 0);
            assertFp12(TowerReference.fp12Mul(a, 0, a, 0), r, "sqr");

            // A line: coefficients of 1, v and v w (tower slots 0, 1 and 4).
            long[] line = new long[L];
            System.arraycopy(b, 0, line, 0, E);
            System.arraycopy(b, E, line, E, E);
            System.arraycopy(b, 4 * E, line, 4 * E, E);
            Fp12.mulBy014(a, 0, b, 0, b, E, b, 4 * E, r, 0);
            assertFp12(TowerReference.fp12Mul(a, 0, line, 0), r, "mulBy014");
        }
    }

    @Test
    void additiveLawsAndAliasing() {
        Random rnd = new Random();
        for (int i = 0; i < 20; i++) {
            long[] a = random(rnd);
            long[] b = random(rnd);
            long[] r = new long[L];
            Fp12.add(a, 0, b, 0, r, 0);
            Fp12.sub(r, 0, b, 0, r, 0);
            assertFp12(a, r, "a + b - b");
            Fp12.neg(a, 0, r, 0);
            Fp12.add(r, 0, a, 0, r, 0);
            assertTrue(Fp12.isZero(r, 0));

            long[] big = new long[3 * L];
            System.arraycopy(a, 0, big, L, L);
            System.arraycopy(b, 0, big, 2 * L, L);
            Fp12.mul(big, L, big, 2 * L, big, 2 * L);
            assertFp12(TowerReference.fp12Mul(a, 0, b, 0), Arrays.copyOfRange(big, 2 * L, 3 * L), "aliased mul");
            System.arraycopy(a, 0, big, L, L);
            Fp12.sqr(big, L, big, L);
            assertFp12(TowerReference.fp12Mul(a, 0, a, 0), Arrays.copyOfRange(big, L, 2 * L), "aliased sqr");
            System.arraycopy(a, 0, big, L, L);
            Fp12.mulBy014(big, L, b, 0, b, E, b, 4 * E, big, L);
            Fp12.mulBy014(a, 0, b, 0, b, E, b, 4 * E, r, 0);
            assertFp12(r, Arrays.copyOfRange(big, L, 2 * L), "aliased mulBy014");
        }
    }

    @Test
    void inverseTimesElementIsOne() {
        Random rnd = new Random();
        long[] inv = new long[L];
        long[] r = new long[L];
        for (int i = 0; i < 30; i++) {
            long[] a = sample(rnd, 1 + i % 4);
            Fp12.inverse(a, 0, inv, 0);
            Fp12.mul(a, 0, inv, 0, r, 0);
            assertTrue(Fp12.isOne(r, 0), "a * a^-1 != 1");
        }
        Fp12.inverse(new long[L], 0, inv, 0);
        assertTrue(Fp12.isZero(inv, 0));
    }

    @Test
    void frobeniusIsThePowerOfPAndHasOrder12() {
        Random rnd = new Random();
        long[] a = random(rnd);
        long[] want = new long[L];
        long[] got = new long[L];
        Fp12.pow(a, 0, PrimeField.limbsOf(Fp.MODULUS, Fp.LIMBS), want, 0);
        Fp12.frobenius(a, 0, 1, got, 0);
        assertFp12(want, got, "frobenius(1) != a^p");
        Fp12.pow(a, 0, PrimeField.limbsOf(Fp.MODULUS.pow(3), 3 * Fp.LIMBS), want, 0);
        Fp12.frobenius(a, 0, 3, got, 0);
        assertFp12(want, got, "frobenius(3) != a^(p^3)");

        long[] iterated = a.clone();
        for (int k = 1; k <= 12; k++) {
            Fp12.frobenius(iterated, 0, 1, iterated, 0);
            Fp12.frobenius(a, 0, k, got, 0);
            assertFp12(iterated, got, "frobenius(" + k + ") != frobenius(1)^" + k);
        }
        assertFp12(a, iterated, "frobenius^12 != identity");
        Fp12.frobenius(a, 0, 6, got, 0);
        Fp12.conjugate(a, 0, want, 0);
        assertFp12(want, got, "frobenius(6) != conjugate");
    }

    @Test
    void frobeniusCoefficientsAreThePowersOfXi() {
        BigInteger p = Fp.MODULUS;
        long[] xi = Fp2.of(BigInteger.ONE, BigInteger.ONE);
        long[] g = new long[E];
        for (int k = 0; k < 12; k++) {
            for (int i = 0; i < 6; i++) {
                BigInteger e = p.pow(k).subtract(BigInteger.ONE).multiply(BigInteger.valueOf(i))
                        .divide(BigInteger.valueOf(6));
                Fp2.pow(xi, 0, PrimeField.limbsOf(e, (e.bitLength() + 64) / 64), g, 0);
                assertTrue(Fp2.equal(g, 0, FrobeniusCoefficients.table(), FrobeniusCoefficients.offset(k, i)),
                        "gamma(" + k + ", " + i + ")");
            }
        }
    }

    @Test
    void cyclotomicSquareMatchesSquareOnTheSubgroup() {
        Random rnd = new Random();
        long[] want = new long[L];
        long[] got = new long[L];
        for (int i = 0; i < 10; i++) {
            long[] m = cyclotomic(rnd);
            long[] norm = new long[L];
            Fp12.conjugate(m, 0, norm, 0);
            Fp12.mul(norm, 0, m, 0, norm, 0);
            assertTrue(Fp12.isOne(norm, 0), "m^(p^6 + 1) != 1");
            Fp12.sqr(m, 0, want, 0);
            Fp12.cyclotomicSquare(m, 0, got, 0);
            assertFp12(want, got, "cyclotomic square");
            Fp12.cyclotomicSquare(m, 0, m, 0);
            assertFp12(want, m, "aliased cyclotomic square");
        }
        // Off the subgroup the shortcut is wrong, so the test above can tell the two apart.
        long[] a = random(rnd);
        Fp12.sqr(a, 0, want, 0);
        Fp12.cyclotomicSquare(a, 0, got, 0);
        assertFalse(Fp12.equal(want, 0, got, 0));
    }

    @Test
    void powMatchesRepeatedProducts() {
        Random rnd = new Random();
        long[] a = random(rnd);
        long[] want = Fp12.one();
        for (int i = 0; i < 13; i++) {
            Fp12.mul(want, 0, a, 0, want, 0);
        }
        long[] got = new long[L];
        Fp12.pow(a, 0, new long[] {13}, got, 0);
        assertFp12(want, got, "a^13");
        Fp12.pow(a, 0, new long[] {0}, got, 0);
        assertTrue(Fp12.isOne(got, 0));
    }
}
