package io.c2spark.gpu;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.Random;

import org.junit.jupiter.api.Test;

import io.c2spark.core.field.Fp;
import io.c2spark.core.field.Fr;

/** The references the GPU tests trust: domain constants, the textbook NTT, the affine G1. */
class CpuReferenceTest {
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

    @Test
    void generatorIsOnTheCurveWithOrderR() {
        assertTrue(G1Reference.onCurve(G1Reference.G));
        assertNull(G1Reference.mul(G1Reference.G, Fr.MODULUS));
        BigInteger[] p = G1Reference.mul(G1Reference.G, BigInteger.valueOf(12345));
        assertTrue(G1Reference.onCurve(p));
        assertArrayEquals(p, G1Reference.add(G1Reference.mul(G1Reference.G, BigInteger.valueOf(12344)), G1Reference.G));
        assertNull(G1Reference.add(p, G1Reference.neg(p)));
    }

    @Test
    void jacobianToAffineInvertsZ() {
        BigInteger[] p = G1Reference.mul(G1Reference.G, BigInteger.valueOf(987654321));
        BigInteger z = new BigInteger("123456789abcdef", 16);
        BigInteger q = Fp.MODULUS;
        long[] j = new long[18];
        System.arraycopy(Fp.of(p[0].multiply(z.pow(2)).mod(q)), 0, j, 0, 6);
        System.arraycopy(Fp.of(p[1].multiply(z.pow(3)).mod(q)), 0, j, 6, 6);
        System.arraycopy(Fp.of(z), 0, j, 12, 6);
        assertArrayEquals(G1Reference.toLimbs(p), G1Points.jacobianToAffine(j));
        assertArrayEquals(new long[12], G1Points.jacobianToAffine(new long[18]));
    }
}
