package io.c2spark.core.field;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.security.SecureRandom;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Fr52 on raw limb values against BigInteger, at the edges of its lazy bounds. */
class Fr52Test {
    private static final BigInteger R = Fr.MODULUS;
    private static final BigInteger TWO_R = R.shiftLeft(1);
    private static final BigInteger FOUR_R = R.shiftLeft(2);
    private static final BigInteger R_PRIME_INV = BigInteger.ONE.shiftLeft(260).modInverse(R);
    private final Random rnd = new Random(new SecureRandom().nextLong());

    private static long[] limbs(BigInteger v) {
        long[] a = new long[Fr52.LIMBS];
        for (int i = 0; i < Fr52.LIMBS; i++) {
            a[i] = v.shiftRight(52 * i).longValue() & ((1L << 52) - 1);
        }
        return a;
    }

    /** The integer the limbs hold, after checking every limb is normalised. */
    private static BigInteger raw(long[] a, int o) {
        BigInteger v = BigInteger.ZERO;
        for (int i = Fr52.LIMBS - 1; i >= 0; i--) {
            assertEquals(0, a[o + i] >>> 52, "limb " + i + " above 52 bits");
            v = v.shiftLeft(52).add(BigInteger.valueOf(a[o + i]));
        }
        return v;
    }

    /** The integer a shared-layout element's four 64-bit limbs hold (its Montgomery form). */
    private static BigInteger shared(long[] x) {
        BigInteger v = BigInteger.ZERO;
        for (int i = 3; i >= 0; i--) {
            v = v.shiftLeft(64).add(new BigInteger(Long.toUnsignedString(x[i])));
        }
        return v;
    }

    /** Values below 4r: the edges of each reduction step, then random ones. */
    private BigInteger lazyValue(int i) {
        return switch (i) {
            case 0 -> BigInteger.ZERO;
            case 1 -> BigInteger.ONE;
            case 2 -> R.subtract(BigInteger.ONE);
            case 3 -> R;
            case 4 -> TWO_R.subtract(BigInteger.ONE);
            case 5 -> TWO_R;
            case 6 -> FOUR_R.subtract(BigInteger.ONE);
            default -> new BigInteger(258, rnd).mod(FOUR_R);
        };
    }

    private BigInteger canonical() {
        return new BigInteger(256, rnd).mod(R);
    }

    @Test
    void unpackAndPackKeepTheSharedLayoutsValue() {
        for (int i = 0; i < 200; i++) {
            long[] x = new long[4];
            Fr.random(rnd, x, 0);
            long[] a = new long[Fr52.LIMBS];
            Fr52.unpack(x, 0, a, 0);
            assertEquals(shared(x), raw(a, 0));
            long[] back = new long[4];
            Fr52.pack(a, 0, back, 0);
            assertArrayEquals(x, back);
        }
    }

    @Test
    void packReducesAnyValueBelowFourR() {
        for (int i = 0; i < 300; i++) {
            BigInteger v = lazyValue(i);
            long[] out = new long[4];
            Fr52.pack(limbs(v), 0, out, 0);
            assertEquals(v.mod(R), shared(out), "v = " + v);
        }
    }

    @Test
    void mulIsMontgomeryByTwoToThe260AndStaysBelowTwoR() {
        for (int i = 0; i < 400; i++) {
            BigInteger x = lazyValue(i % 60);
            // Constants are canonical, except a running power of the coset shift: lazy, below 2^256.
            BigInteger w = i < 60 ? R.subtract(BigInteger.ONE) : i % 2 == 0 ? canonical() : new BigInteger(256, rnd);
            long[] r = new long[Fr52.LIMBS];
            Fr52.mul(limbs(x), 0, limbs(w), 0, r, 0);
            BigInteger got = raw(r, 0);
            assertEquals(x.multiply(w).multiply(R_PRIME_INV).mod(R), got.mod(R), "x = " + x + ", w = " + w);
            assertTrue(got.compareTo(TWO_R) < 0, "product " + got + " not below 2r");
        }
    }

    @Test
    void constantFormIsTheValueTimesSixteenReduced() {
        for (int i = 0; i < 100; i++) {
            long[] x = new long[4];
            Fr.random(rnd, x, 0);
            long[] c = new long[Fr52.LIMBS];
            Fr52.constant(x, 0, c, 0);
            assertEquals(shared(x).shiftLeft(4).mod(R), raw(c, 0));
        }
    }

    @Test
    void butterflyKeepsBothOutputsBelowFourR() {
        for (int i = 0; i < 600; i++) {
            BigInteger x = lazyValue(i % 20);
            BigInteger y = lazyValue(i / 20 % 20);
            boolean one = i % 3 == 0;
            BigInteger w = one ? null : canonical();
            long[] a = new long[2 * Fr52.LIMBS];
            System.arraycopy(limbs(x), 0, a, 0, Fr52.LIMBS);
            System.arraycopy(limbs(y), 0, a, Fr52.LIMBS, Fr52.LIMBS);
            Fr52.butterfly(a, 0, Fr52.LIMBS, one ? null : limbs(w), 0);
            BigInteger t = one ? y : y.multiply(w).multiply(R_PRIME_INV);
            BigInteger sum = raw(a, 0);
            BigInteger difference = raw(a, Fr52.LIMBS);
            assertEquals(x.add(t).mod(R), sum.mod(R), "x + w y");
            assertEquals(x.subtract(t).mod(R), difference.mod(R), "x - w y");
            assertTrue(sum.compareTo(FOUR_R) < 0 && difference.compareTo(FOUR_R) < 0, "outputs not below 4r");
        }
    }
}
