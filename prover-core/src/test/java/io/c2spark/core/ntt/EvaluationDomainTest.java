package io.c2spark.core.ntt;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.c2spark.core.field.Fr;
import java.math.BigInteger;
import java.security.SecureRandom;
import java.util.Random;
import org.junit.jupiter.api.Test;

class EvaluationDomainTest {
    private static final BigInteger R = Fr.MODULUS;
    private static final BigInteger SEVEN = BigInteger.valueOf(7);
    private final Random rnd = new Random(new SecureRandom().nextLong());

    private long[] randomVector(int n) {
        long[] a = new long[4 * n];
        for (int i = 0; i < n; i++) {
            Fr.random(rnd, a, 4 * i);
        }
        return a;
    }

    private static BigInteger[] toBig(long[] a) {
        BigInteger[] v = new BigInteger[a.length / 4];
        for (int i = 0; i < v.length; i++) {
            v[i] = Fr.toBigInteger(a, 4 * i);
        }
        return v;
    }

    private static BigInteger omegaOf(int k) {
        BigInteger t = R.subtract(BigInteger.ONE).shiftRight(32);
        return SEVEN.modPow(t.shiftLeft(32 - k), R);
    }

    /** Evaluates the polynomial with coefficients c at x (Horner, BigInteger). */
    private static BigInteger eval(BigInteger[] c, BigInteger x) {
        BigInteger acc = BigInteger.ZERO;
        for (int i = c.length - 1; i >= 0; i--) {
            acc = acc.multiply(x).add(c[i]).mod(R);
        }
        return acc;
    }

    /** A plain recursive BigInteger FFT: the reference for sizes where O(n^2) is too slow. */
    private static BigInteger[] referenceFft(BigInteger[] c, BigInteger w) {
        int n = c.length;
        if (n == 1) {
            return c.clone();
        }
        BigInteger[] even = new BigInteger[n / 2];
        BigInteger[] odd = new BigInteger[n / 2];
        for (int i = 0; i < n / 2; i++) {
            even[i] = c[2 * i];
            odd[i] = c[2 * i + 1];
        }
        BigInteger w2 = w.multiply(w).mod(R);
        BigInteger[] e = referenceFft(even, w2);
        BigInteger[] o = referenceFft(odd, w2);
        BigInteger[] out = new BigInteger[n];
        BigInteger x = BigInteger.ONE;
        for (int i = 0; i < n / 2; i++) {
            BigInteger t = x.multiply(o[i]).mod(R);
            out[i] = e[i].add(t).mod(R);
            out[i + n / 2] = e[i].subtract(t).mod(R);
            x = x.multiply(w).mod(R);
        }
        return out;
    }

    @Test
    void rootOfUnityIsSevenToTheTAndMatchesBlstrs() {
        // blstrs src/scalar.rs ROOT_OF_UNITY, little-endian Montgomery limbs.
        long[] blstrs = {0xb9b58d8c5f0e466aL, 0x5b1b4c801819d7ecL, 0x0af53ae352a31e64L, 0x5bf3adda19e9b27bL};
        assertArrayEquals(blstrs, EvaluationDomain.rootOfUnity());
        BigInteger root = Fr.toBigInteger(EvaluationDomain.rootOfUnity(), 0);
        assertEquals(BigInteger.ONE, root.modPow(BigInteger.ONE.shiftLeft(32), R));
        assertEquals(R.subtract(BigInteger.ONE), root.modPow(BigInteger.ONE.shiftLeft(31), R));
        assertEquals(BigInteger.valueOf(7), Fr.toBigInteger(EvaluationDomain.generator(), 0));
    }

    @Test
    void omegaHasExactOrderN() {
        for (int k = 0; k <= 20; k++) {
            EvaluationDomain d = EvaluationDomain.ofLogSize(Math.min(k, 4));
            BigInteger w = k <= 4 ? Fr.toBigInteger(d.omega(), 0) : omegaOf(k);
            assertEquals(omegaOf(k), w, "omega for k=" + k);
            assertEquals(BigInteger.ONE, w.modPow(BigInteger.ONE.shiftLeft(k), R), "omega^n for k=" + k);
            if (k > 0) {
                assertNotEquals(BigInteger.ONE, w.modPow(BigInteger.ONE.shiftLeft(k - 1), R), "omega^(n/2), k=" + k);
            }
            if (k <= 4) {
                assertEquals(w.modInverse(R), Fr.toBigInteger(d.omegaInv(), 0));
            }
        }
        EvaluationDomain d = EvaluationDomain.ofLogSize(12);
        assertEquals(omegaOf(12), Fr.toBigInteger(d.omega(), 0));
    }

    @Test
    void fftMatchesNaiveEvaluation() {
        for (int k = 0; k <= 8; k++) {
            EvaluationDomain d = EvaluationDomain.ofLogSize(k);
            int n = d.size();
            long[] a = randomVector(n);
            BigInteger[] c = toBig(a);
            d.fft(a);
            BigInteger w = omegaOf(k);
            for (int i = 0; i < n; i++) {
                assertEquals(eval(c, w.modPow(BigInteger.valueOf(i), R)), Fr.toBigInteger(a, 4 * i), "k=" + k + " i=" + i);
            }
        }
    }

    /** A domain on snarkjs's roots (powers of 5) moves evaluations to any coset exactly; a root of lower order is refused. */
    @Test
    void toCosetOnAnotherRootMatchesNaiveEvaluation() {
        BigInteger five = BigInteger.valueOf(5);
        BigInteger t = R.subtract(BigInteger.ONE).shiftRight(32);
        for (int k = 1; k <= 8; k++) {
            BigInteger w = five.modPow(t.shiftLeft(32 - k), R);
            EvaluationDomain d = EvaluationDomain.withRoot(Fr.of(w), k);
            int n = d.size();
            BigInteger[] c = toBig(randomVector(n));
            long[] a = new long[4 * n];
            for (int i = 0; i < n; i++) {
                System.arraycopy(Fr.of(eval(c, w.modPow(BigInteger.valueOf(i), R))), 0, a, 4 * i, 4);
            }
            BigInteger shift = Fr.toBigInteger(randomVector(1), 0);
            d.toCoset(a, Fr.of(shift));
            for (int i = 0; i < n; i++) {
                BigInteger x = shift.multiply(w.modPow(BigInteger.valueOf(i), R)).mod(R);
                assertEquals(eval(c, x), Fr.toBigInteger(a, 4 * i), "k=" + k + " i=" + i);
            }
            int logSize = k;
            assertThrows(IllegalArgumentException.class, () -> EvaluationDomain.withRoot(Fr.of(w.multiply(w).mod(R)), logSize));
        }
    }

    @Test
    void cosetFftMatchesNaiveEvaluationOnTheCoset() {
        for (int k = 0; k <= 7; k++) {
            EvaluationDomain d = EvaluationDomain.ofLogSize(k);
            int n = d.size();
            long[] a = randomVector(n);
            BigInteger[] c = toBig(a);
            d.cosetFft(a);
            BigInteger w = omegaOf(k);
            for (int i = 0; i < n; i++) {
                BigInteger x = SEVEN.multiply(w.modPow(BigInteger.valueOf(i), R)).mod(R);
                assertEquals(eval(c, x), Fr.toBigInteger(a, 4 * i), "k=" + k + " i=" + i);
            }
        }
    }

    @Test
    void largeFftMatchesReferenceFft() {
        // 2^15 takes the recursive, parallel path (blocks above 2^LEAF_LOG).
        int k = 15;
        EvaluationDomain d = EvaluationDomain.ofLogSize(k);
        long[] a = randomVector(d.size());
        BigInteger[] expected = referenceFft(toBig(a), omegaOf(k));
        d.fft(a);
        assertArrayEquals(expected, toBig(a));
    }

    @Test
    void inverseUndoesForward() {
        for (int k : new int[] {0, 1, 2, 3, 5, 8, 13, 14, 16}) {
            EvaluationDomain d = EvaluationDomain.ofLogSize(k);
            long[] a = randomVector(d.size());
            long[] x = a.clone();
            d.fft(a);
            d.ifft(a);
            assertArrayEquals(x, a, "ifft(fft(x)) k=" + k);
            d.ifft(a);
            d.fft(a);
            assertArrayEquals(x, a, "fft(ifft(x)) k=" + k);
        }
    }

    @Test
    void cosetInverseUndoesCosetForward() {
        for (int k : new int[] {0, 1, 4, 9, 16, EvaluationDomain.LANES_MIN_LOG}) {
            EvaluationDomain d = EvaluationDomain.ofLogSize(k);
            long[] a = randomVector(d.size());
            long[] x = a.clone();
            d.cosetFft(a);
            d.icosetFft(a);
            assertArrayEquals(x, a, "icoset(coset(x)) k=" + k);
        }
    }

    @Test
    void ifftMatchesNaiveInterpolation() {
        int k = 5;
        EvaluationDomain d = EvaluationDomain.ofLogSize(k);
        long[] a = randomVector(d.size());
        BigInteger[] evals = toBig(a);
        d.ifft(a);
        // c_j = (1/n) sum_i e_i omega^{-ij}
        BigInteger wInv = omegaOf(k).modInverse(R);
        BigInteger nInv = BigInteger.valueOf(d.size()).modInverse(R);
        for (int j = 0; j < d.size(); j++) {
            BigInteger s = eval(evals, wInv.modPow(BigInteger.valueOf(j), R)).multiply(nInv).mod(R);
            assertEquals(s, Fr.toBigInteger(a, 4 * j), "j=" + j);
        }
    }

    @Test
    void vanishingPolynomialOnTheCoset() {
        for (int k : new int[] {0, 3, 10}) {
            EvaluationDomain d = EvaluationDomain.ofLogSize(k);
            BigInteger z = SEVEN.modPow(BigInteger.valueOf(d.size()), R).subtract(BigInteger.ONE).mod(R);
            assertEquals(z, Fr.toBigInteger(d.zOnCoset(), 0));
            long[] a = randomVector(d.size());
            BigInteger[] before = toBig(a);
            d.divideByZOnCoset(a);
            for (int i = 0; i < d.size(); i++) {
                assertEquals(before[i], Fr.toBigInteger(a, 4 * i).multiply(z).mod(R));
            }
        }
    }

    /** Any a, b, c: the quotient is bellperson's seven transforms' (each vector to the coset and (a b - c) / Z back). */
    @Test
    void quotientEqualsTheSevenTransformsOfBellperson() {
        for (int k : new int[] {0, 1, 5, 12, EvaluationDomain.LANES_MIN_LOG}) {
            EvaluationDomain d = EvaluationDomain.ofLogSize(k);
            long[] a = randomVector(d.size());
            long[] b = randomVector(d.size());
            long[] c = randomVector(d.size());
            long[][] want = {a.clone(), b.clone(), c.clone()};
            for (long[] v : want) {
                d.ifft(v);
                d.cosetFft(v);
            }
            for (int i = 0; i < d.size(); i++) {
                Fr.mul(want[0], 4 * i, want[1], 4 * i, want[0], 4 * i);
                Fr.sub(want[0], 4 * i, want[2], 4 * i, want[0], 4 * i);
            }
            d.divideByZOnCoset(want[0]);
            d.icosetFft(want[0]);
            d.quotient(a, b, c);
            assertArrayEquals(want[0], a, "k=" + k);
        }
    }

    /** With c = a b on the subgroup, h is the upper half of the product A B of the interpolants (BigInteger). */
    @Test
    void quotientIsTheUpperHalfOfTheProduct() {
        int k = 4;
        EvaluationDomain d = EvaluationDomain.ofLogSize(k);
        int n = d.size();
        long[] a = randomVector(n);
        long[] b = randomVector(n);
        BigInteger[] ca = toBig(a);
        BigInteger[] cb = toBig(b);
        BigInteger[] product = new BigInteger[2 * n];
        java.util.Arrays.fill(product, BigInteger.ZERO);
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                product[i + j] = product[i + j].add(ca[i].multiply(cb[j])).mod(R);
            }
        }
        d.fft(a);
        d.fft(b);
        long[] c = new long[4 * n];
        for (int i = 0; i < n; i++) {
            Fr.mul(a, 4 * i, b, 4 * i, c, 4 * i);
        }
        d.quotient(a, b, c);
        for (int i = 0; i < n; i++) {
            assertEquals(product[n + i], Fr.toBigInteger(a, 4 * i), "h_" + i);
        }
    }

    @Test
    void sizesAndBadInput() {
        assertEquals(8, EvaluationDomain.forCoefficients(5).size());
        assertEquals(8, EvaluationDomain.forCoefficients(8).size());
        assertEquals(1, EvaluationDomain.forCoefficients(1).size());
        EvaluationDomain d = EvaluationDomain.ofLogSize(3);
        assertThrows(IllegalArgumentException.class, () -> d.fft(new long[4 * 7]));
        assertThrows(IllegalArgumentException.class, () -> EvaluationDomain.ofLogSize(29));
    }
}
