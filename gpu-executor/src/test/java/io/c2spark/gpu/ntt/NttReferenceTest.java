package io.c2spark.gpu.ntt;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.math.BigInteger;
import java.util.Random;

import org.junit.jupiter.api.Test;

import io.c2spark.core.field.Fr;

/** The references the GPU NTT tests trust: the domain constants and the textbook NTT. */
class NttReferenceTest {
    @Test
    void rootOfUnityHasOrderExactly2pow32() {
        BigInteger w = FrDomain.ROOT_OF_UNITY_2_32;
        BigInteger r = Fr.MODULUS;
        assertEquals(BigInteger.ONE, w.modPow(BigInteger.ONE.shiftLeft(32), r));
        assertNotEquals(BigInteger.ONE, w.modPow(BigInteger.ONE.shiftLeft(31), r));
        FrDomain d = new FrDomain(10);
        long[] x = new long[4];
        Fr.pow(d.omega, 0, new long[] {1 << 9, 0, 0, 0}, x, 0);
        assertEquals(r.subtract(BigInteger.ONE), Fr.toBigInteger(x, 0), "w^(n/2) = -1");
    }

    @Test
    void domainConstantsEqualProverCoreEvaluationDomain() {
        for (int lg = 0; lg <= 12; lg++) {
            io.c2spark.core.ntt.EvaluationDomain dom = io.c2spark.core.ntt.EvaluationDomain.ofLogSize(lg);
            FrDomain mine = new FrDomain(lg);
            assertArrayEquals(dom.omega(), mine.omega, "omega 2^" + lg);
            assertArrayEquals(dom.omegaInv(), mine.omegaInv, "omega^-1 2^" + lg);
        }
        assertArrayEquals(io.c2spark.core.ntt.EvaluationDomain.rootOfUnity(), Fr.of(FrDomain.ROOT_OF_UNITY_2_32));
        assertArrayEquals(io.c2spark.core.ntt.EvaluationDomain.generator(), new FrDomain(4).generator);
    }

    @Test
    void textbookNttEqualsQuadraticDft() {
        Random rnd = new Random();
        for (int lg = 1; lg <= 6; lg++) {
            int n = 1 << lg;
            long[] a = new long[4 * n];
            for (int i = 0; i < n; i++) {
                Fr.random(rnd, a, 4 * i);
            }
            FrDomain d = new FrDomain(lg);
            long[] fast = a.clone();
            NttReference.forward(fast, d);
            for (int i = 0; i < n; i++) {
                long[] x = new long[4];
                Fr.pow(d.omega, 0, new long[] {i, 0, 0, 0}, x, 0);
                assertArrayEquals(NttReference.evaluate(a, n, x), java.util.Arrays.copyOfRange(fast, 4 * i, 4 * i + 4));
            }
            long[] back = fast.clone();
            NttReference.inverse(back, d);
            assertArrayEquals(a, back);
            long[] coset = a.clone();
            NttReference.cosetForward(coset, d);
            NttReference.cosetInverse(coset, d);
            assertArrayEquals(a, coset);
        }
    }
}
