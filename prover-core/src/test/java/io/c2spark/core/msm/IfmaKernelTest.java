package io.c2spark.core.msm;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.c2spark.core.field.Fp;
import java.math.BigInteger;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The MSM kernel's conversion factors; MsmTest checks its sums against BigInteger. */
class IfmaKernelTest {

    @Test
    void conversionFactorsChangeTheForm() {
        long[] c = IfmaKernel.factors();
        BigInteger p = Fp.MODULUS;
        BigInteger r = BigInteger.ONE.shiftLeft(416);
        BigInteger rInv = r.modInverse(p);
        assertEquals(16, c.length);
        BigInteger fromShared = limbs(c, 0);
        BigInteger toFp56 = limbs(c, 8);
        for (long seed = 1; seed <= 5; seed++) {
            BigInteger x = new BigInteger(381, new Random(seed)).mod(p);
            // The kernel's Montgomery product by a factor: from x 2^384 (the shared layout) to x R, from x R to Fp56's x 2^392.
            assertEquals(x.multiply(r).mod(p), x.shiftLeft(384).multiply(fromShared).multiply(rInv).mod(p));
            assertEquals(x.shiftLeft(392).mod(p), x.multiply(r).multiply(toFp56).multiply(rInv).mod(p));
        }
    }

    private static BigInteger limbs(long[] c, int from) {
        BigInteger v = BigInteger.ZERO;
        for (int k = 7; k >= 0; k--) {
            v = v.shiftLeft(52).or(BigInteger.valueOf(c[from + k]));
        }
        return v;
    }
}
