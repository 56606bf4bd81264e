package io.c2spark.core.field;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** Where the native kernels run, and the constants they read. */
class IfmaLibraryTest {

    /** On a Linux x86-64 machine whose CPU has IFMA the build must have made the library and it must load. */
    @Test
    void availableWhereTheCpuHasIfma() throws IOException {
        Path cpuinfo = Path.of("/proc/cpuinfo");
        assumeTrue(Files.isReadable(cpuinfo) && System.getProperty("os.arch").equals("amd64"), "not Linux x86-64");
        assumeTrue(Boolean.parseBoolean(System.getProperty(IfmaLibrary.PROPERTY, "true")), "kernels switched off");
        boolean ifma = Files.readString(cpuinfo).contains(" avx512ifma");
        assertEquals(ifma, IfmaLibrary.AVAILABLE, IfmaLibrary.STATE);
        assertEquals(ifma, IfmaLibrary.describe().startsWith("NTTs and MSM buckets in native AVX-512 IFMA"),
                IfmaLibrary.describe());
        if (ifma) {
            assertTrue(IfmaLibrary.cpuSupported());
        }
    }

    /** -Dc2spark.ifma=false (the test run without the native kernels) keeps them off, and the logs say so. */
    @Test
    void switchedOffByTheProperty() {
        assumeFalse(Boolean.parseBoolean(System.getProperty(IfmaLibrary.PROPERTY, "true")), "kernels not switched off");
        assertFalse(IfmaLibrary.AVAILABLE);
        assertEquals("off (-Dc2spark.ifma=false)", IfmaLibrary.STATE);
        assertTrue(IfmaLibrary.describe().endsWith("; native kernels off (-Dc2spark.ifma=false)"), IfmaLibrary.describe());
    }

    /** m, 2m, -m^-1 mod 2^52, R mod m and R^3 mod m, for Fp in 8 limbs and Fr in 5; values one after another in limbs. */
    @Test
    void montgomeryConstantsRecombine() {
        for (BigInteger m : new BigInteger[] {Fp.MODULUS, Fr.MODULUS}) {
            int limbs = m.equals(Fp.MODULUS) ? 8 : 5;
            BigInteger r = BigInteger.ONE.shiftLeft(52 * limbs);
            long[] c = IfmaLibrary.montgomeryConstants(m, limbs);
            assertEquals(4 * limbs + 1, c.length);
            assertEquals(m, limbs(c, 0, limbs));
            assertEquals(m.shiftLeft(1), limbs(c, limbs, limbs));
            BigInteger word = BigInteger.ONE.shiftLeft(52);
            assertEquals(word.subtract(BigInteger.ONE), m.multiply(BigInteger.valueOf(c[2 * limbs])).mod(word));
            assertEquals(r.mod(m), limbs(c, 2 * limbs + 1, limbs));
            assertEquals(r.pow(3).mod(m), limbs(c, 3 * limbs + 1, limbs));
            for (int i = 0; i < c.length; i++) {
                assertEquals(0, c[i] >>> 52, "limb " + i + " above 52 bits");
            }
            long[] two = IfmaLibrary.limbs(limbs, m.subtract(BigInteger.ONE), BigInteger.valueOf(12345));
            assertEquals(m.subtract(BigInteger.ONE), limbs(two, 0, limbs));
            assertEquals(BigInteger.valueOf(12345), limbs(two, limbs, limbs));
        }
    }

    private static BigInteger limbs(long[] c, int from, int limbs) {
        BigInteger v = BigInteger.ZERO;
        for (int k = limbs - 1; k >= 0; k--) {
            v = v.shiftLeft(52).or(BigInteger.valueOf(c[from + k]));
        }
        return v;
    }
}
