package io.c2spark.core.field;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.security.SecureRandom;
import java.util.Random;
import jdk.incubator.vector.LongVector;
import org.junit.jupiter.api.Test;

/**
 * Fp49Lanes against BigInteger, lane by lane, at the edges of its bounds. Each operation is first run
 * enough times for the JIT's optimising compiler to take it: the checks then cover the Vector API's
 * intrinsics the MSM runs, not only its plain-Java fallback.
 */
class Fp49LanesTest {
    private static final BigInteger P = Fp.MODULUS;
    private static final BigInteger R = BigInteger.ONE.shiftLeft(392);
    private static final BigInteger R_INV = R.modInverse(P);
    private static final int WARM_UP = 50_000;
    private final long seed = new SecureRandom().nextLong();
    private final Random rnd = new Random(seed);

    /** The lanes run at the hardware's width, 512 bits at most, or at 256 where that is asked. */
    @Test
    void vectorWidthIsTheHardwaresUnlessNarrowerIsAsked() {
        int hardware = LongVector.SPECIES_PREFERRED.vectorBitSize();
        String asked = System.getProperty(MontgomeryLanes.WIDTH_PROPERTY);
        int expected = hardware >= 512 && !"256".equals(asked) ? 512 : 256;
        System.out.println("Fp49LanesTest: " + MontgomeryLanes.vectorBits() + "-bit vectors (hardware " + hardware
                + ", " + MontgomeryLanes.WIDTH_PROPERTY + " = " + asked + ")");
        assertEquals(expected, MontgomeryLanes.vectorBits());
    }

    /** Raw value of lane j, checking that every limb is normalised. */
    private static BigInteger raw(long[] g, int lane) {
        BigInteger v = BigInteger.ZERO;
        for (int k = Fp49Lanes.LIMBS - 1; k >= 0; k--) {
            long limb = g[Fp49Lanes.LANES * k + lane];
            assertEquals(0, limb >>> 49, "limb " + k + " of lane " + lane + " above 49 bits");
            v = v.shiftLeft(49).or(BigInteger.valueOf(limb));
        }
        return v;
    }

    private static void put(long[] g, int lane, BigInteger v) {
        Fp49Lanes.arithmetic().set(g, 0, lane, Fp49Lanes.limbs(v));
    }

    /** Random values below bound in every lane. */
    private void fill(long[] g, BigInteger bound) {
        for (int j = 0; j < Fp49Lanes.LANES; j++) {
            put(g, j, below(bound, 5 + j));
        }
    }

    /** Random values below bound, with the bound's edges mixed in. */
    private BigInteger below(BigInteger bound, int i) {
        return switch (i % 11) {
            case 0 -> BigInteger.ZERO;
            case 1 -> bound.subtract(BigInteger.ONE);
            case 2 -> P.subtract(BigInteger.ONE).min(bound.subtract(BigInteger.ONE));
            case 3 -> P.min(bound.subtract(BigInteger.ONE));
            default -> new BigInteger(bound.bitLength() + 8, rnd).mod(bound);
        };
    }

    @Test
    void mulIsMontgomeryMultiplicationForInputsBelowEightP() {
        MontgomeryLanes f = Fp49Lanes.arithmetic();
        BigInteger bound = P.shiftLeft(3);
        long[] a = new long[Fp49Lanes.GROUP];
        long[] b = new long[Fp49Lanes.GROUP];
        long[] r = new long[Fp49Lanes.GROUP];
        fill(a, bound);
        fill(b, bound);
        for (int i = 0; i < WARM_UP; i++) {
            f.mul(a, 0, b, 0, r, 0);
        }
        for (int round = 0; round < 400; round++) {
            BigInteger[] x = new BigInteger[8];
            BigInteger[] y = new BigInteger[8];
            for (int j = 0; j < 8; j++) {
                x[j] = below(bound, round + j);
                y[j] = below(bound, round * 3 + j * 7);
                put(a, j, x[j]);
                put(b, j, y[j]);
            }
            f.mul(a, 0, b, 0, r, 0);
            for (int j = 0; j < 8; j++) {
                BigInteger got = raw(r, j);
                assertTrue(got.compareTo(P.multiply(BigInteger.valueOf(104)).divide(BigInteger.valueOf(100))) < 0,
                        "product not below 1.04 p");
                assertEquals(x[j].multiply(y[j]).multiply(R_INV).mod(P), got.mod(P), "lane " + j + ", seed " + seed);
            }
        }
    }

    @Test
    void mulMayWriteOverItsOperands() {
        MontgomeryLanes f = Fp49Lanes.arithmetic();
        long[] a = new long[Fp49Lanes.GROUP];
        BigInteger[] x = new BigInteger[8];
        for (int j = 0; j < 8; j++) {
            x[j] = below(P, 5 + j);
            put(a, j, x[j]);
        }
        f.mul(a, 0, a, 0, a, 0);
        for (int j = 0; j < 8; j++) {
            assertEquals(x[j].multiply(x[j]).multiply(R_INV).mod(P), raw(a, j).mod(P));
        }
    }

    @Test
    void subAddsTwoPAndAddDoesNotReduce() {
        MontgomeryLanes f = Fp49Lanes.arithmetic();
        long[] a = new long[Fp49Lanes.GROUP];
        long[] b = new long[Fp49Lanes.GROUP];
        long[] r = new long[Fp49Lanes.GROUP];
        fill(a, P.shiftLeft(2));
        fill(b, P.shiftLeft(1));
        for (int i = 0; i < WARM_UP; i++) {
            f.sub(a, 0, b, 0, r, 0);
            f.add(a, 0, b, 0, r, 0);
        }
        for (int round = 0; round < 200; round++) {
            BigInteger[] x = new BigInteger[8];
            BigInteger[] y = new BigInteger[8];
            for (int j = 0; j < 8; j++) {
                x[j] = below(P.shiftLeft(2), round + j);
                y[j] = below(P.shiftLeft(1).add(BigInteger.ONE), round * 5 + j);
                put(a, j, x[j]);
                put(b, j, y[j]);
            }
            f.sub(a, 0, b, 0, r, 0);
            for (int j = 0; j < 8; j++) {
                assertEquals(x[j].add(P.shiftLeft(1)).subtract(y[j]), raw(r, j), "seed " + seed);
            }
            f.add(a, 0, b, 0, r, 0);
            for (int j = 0; j < 8; j++) {
                assertEquals(x[j].add(y[j]), raw(r, j), "seed " + seed);
            }
        }
    }

    @Test
    void canonicalReducesEverythingBelowFourP() {
        MontgomeryLanes f = Fp49Lanes.arithmetic();
        long[] a = new long[Fp49Lanes.GROUP];
        long[] w = new long[Fp49Lanes.GROUP];
        fill(w, P.shiftLeft(2));
        for (int i = 0; i < WARM_UP; i++) {
            System.arraycopy(w, 0, a, 0, a.length);
            f.canonical(a, 0);
        }
        for (int round = 0; round < 200; round++) {
            BigInteger[] x = new BigInteger[8];
            for (int j = 0; j < 8; j++) {
                int k = (round + j) % 4;
                x[j] = j == 7 ? P.shiftLeft(2).subtract(BigInteger.ONE)
                        : P.multiply(BigInteger.valueOf(k)).add(below(P, round + j));
                put(a, j, x[j]);
            }
            f.canonical(a, 0);
            for (int j = 0; j < 8; j++) {
                assertEquals(x[j].mod(P), raw(a, j), "seed " + seed);
            }
        }
    }

    @Test
    void loadAndStoreReCutFp56Limbs() {
        long[] g = new long[Fp49Lanes.GROUP];
        long[] back = new long[Fp56.LIMBS];
        for (int i = 0; i < 100; i++) {
            BigInteger v = below(P, i);
            long[] limbs56 = Fp56.limbs(v);
            int lane = i % 8;
            Fp49Lanes.load(limbs56, 0, g, 0, lane);
            assertEquals(v, raw(g, lane));
            Fp49Lanes.store(g, 0, lane, back, 0);
            assertArrayEquals(limbs56, back);
        }
        Fp49Lanes.arithmetic().set(g, 0, 3, Fp49Lanes.ONE);
        assertEquals(R.mod(P), raw(g, 3), "one is R' mod p");
    }
}
