package io.c2spark.core.msm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.c2spark.core.field.Fp;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The native kernel's availability and constants; MsmTest checks its sums against BigInteger. */
class IfmaKernelTest {

    /** On a Linux x86-64 machine whose CPU has IFMA the build must have made the kernel and the MSM must use it. */
    @Test
    void usedWhereTheCpuHasIfma() throws IOException {
        Path cpuinfo = Path.of("/proc/cpuinfo");
        assumeTrue(Files.isReadable(cpuinfo) && System.getProperty("os.arch").equals("amd64"), "not Linux x86-64");
        assumeTrue(Boolean.parseBoolean(System.getProperty(IfmaKernel.PROPERTY, "true")), "kernel switched off");
        boolean ifma = Files.readString(cpuinfo).contains(" avx512ifma");
        assertEquals(ifma, IfmaKernel.AVAILABLE, IfmaKernel.STATE);
        assertEquals(ifma, Msm.describeBuckets().equals("native AVX-512 IFMA"), Msm.describeBuckets());
        if (ifma) {
            assertTrue(IfmaKernel.cpuSupported());
        }
    }

    /** The constants the kernel reads: limbs of 52 bits recombining to p, 2p, R mod p, the factors and p - 2. */
    @Test
    void constantsRecombine() {
        long[] c = IfmaKernel.constants();
        BigInteger p = Fp.MODULUS;
        BigInteger r = BigInteger.ONE.shiftLeft(416);
        assertEquals(p, limbs(c, 0));
        assertEquals(p.shiftLeft(1), limbs(c, 8));
        assertEquals(BigInteger.ONE, p.multiply(BigInteger.valueOf(c[16])).negate().mod(BigInteger.ONE.shiftLeft(52)));
        assertEquals(r.mod(p), limbs(c, 17));
        BigInteger x = new BigInteger(380, new Random(5)).mod(p);
        // From the shared layout's x 2^384 to x R, and from x R to Fp56's x 2^392, by Montgomery products.
        assertEquals(x.multiply(r).mod(p), x.shiftLeft(384).multiply(limbs(c, 25)).multiply(r.modInverse(p)).mod(p));
        assertEquals(x.shiftLeft(392).mod(p), x.multiply(r).multiply(limbs(c, 33)).multiply(r.modInverse(p)).mod(p));
        BigInteger e = BigInteger.ZERO;
        for (int i = 5; i >= 0; i--) {
            e = e.shiftLeft(64).or(new BigInteger(Long.toUnsignedString(c[41 + i])));
        }
        assertEquals(p.subtract(BigInteger.TWO), e);
        assertEquals(47, c.length);
        for (int i = 0; i < 41; i++) {
            assertEquals(0, c[i] >>> 52, "limb " + i + " above 52 bits");
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
