package io.c2spark.core.field;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigInteger;
import java.security.SecureRandom;
import java.util.Random;
import org.junit.jupiter.api.Test;

class Fp56Test {
    private static final BigInteger P = Fp.MODULUS;
    private static final BigInteger R56 = BigInteger.ONE.shiftLeft(392);
    private final Random rnd = new Random(new SecureRandom().nextLong());

    /** The field value of a working-form element: raw limbs / R' mod p. */
    private static BigInteger value(long[] a) {
        BigInteger raw = Fp56.toBigIntegerRaw(a, 0);
        assertEquals(-1, raw.compareTo(P), "not canonical");
        for (long limb : a) {
            assertEquals(0, limb >>> 56, "limb above 56 bits");
        }
        return raw.multiply(R56.modInverse(P)).mod(P);
    }

    private static long[] of(BigInteger v) {
        long[] std = Fp.of(v);
        long[] r = new long[7];
        Fp56.fromStandard(std, 0, r, 0);
        return r;
    }

    private BigInteger randomValue(int i) {
        return switch (i) {
            case 0 -> BigInteger.ZERO;
            case 1 -> BigInteger.ONE;
            case 2 -> P.subtract(BigInteger.ONE);
            case 3 -> R56.mod(P);
            case 4 -> P.subtract(BigInteger.TWO);
            default -> new BigInteger(381, rnd).mod(P);
        };
    }

    @Test
    void arithmeticMatchesBigInteger() {
        for (int i = 0; i < 400; i++) {
            BigInteger x = randomValue(i % 50);
            BigInteger y = randomValue(i / 50 == 0 ? i % 7 : 99);
            long[] a = of(x);
            long[] b = of(y);
            long[] r = new long[7];
            assertEquals(x, value(a));
            Fp56.mul(a, 0, b, 0, r, 0);
            assertEquals(x.multiply(y).mod(P), value(r), "mul");
            Fp56.sqr(a, 0, r, 0);
            assertEquals(x.multiply(x).mod(P), value(r), "sqr");
            Fp56.add(a, 0, b, 0, r, 0);
            assertEquals(x.add(y).mod(P), value(r), "add");
            Fp56.sub(a, 0, b, 0, r, 0);
            assertEquals(x.subtract(y).mod(P), value(r), "sub");
            Fp56.neg(a, 0, r, 0);
            assertEquals(x.negate().mod(P), value(r), "neg");
            Fp56.inverse(a, 0, r, 0);
            assertEquals(x.signum() == 0 ? BigInteger.ZERO : x.modInverse(P), value(r), "inverse");
            long[] back = new long[6];
            Fp56.toStandard(a, 0, back, 0);
            assertArrayEquals(Fp.of(x), back, "round trip");
        }
    }
}
