package io.c2spark.gpu.msm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;

import org.junit.jupiter.api.Test;

import io.c2spark.core.field.Fp;
import io.c2spark.core.field.Fr;

/** The references the GPU curve tests trust: the affine G1 and the conversion of the kernels' Jacobian results. */
class G1ReferenceTest {
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
