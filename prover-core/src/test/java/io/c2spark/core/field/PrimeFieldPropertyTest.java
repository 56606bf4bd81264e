package io.c2spark.core.field;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Fr and Fp against BigInteger arithmetic: random values plus the edge values 0, 1, p-1, R, R^-1. */
class PrimeFieldPropertyTest {
    private static final int RANDOM_CASES = 400;

    /** Adapts the generated static classes so one test body covers both fields. */
    interface Ops {
        PrimeField field();

        void add(long[] a, long[] b, long[] r);

        void sub(long[] a, long[] b, long[] r);

        void mul(long[] a, long[] b, long[] r);
    }

    static Stream<Arguments> fields() {
        Ops fr = new Ops() {
            public PrimeField field() {
                return Fr.FIELD;
            }

            public void add(long[] a, long[] b, long[] r) {
                Fr.add(a, 0, b, 0, r, 0);
            }

            public void sub(long[] a, long[] b, long[] r) {
                Fr.sub(a, 0, b, 0, r, 0);
            }

            public void mul(long[] a, long[] b, long[] r) {
                Fr.mul(a, 0, b, 0, r, 0);
            }

            public String toString() {
                return "Fr";
            }
        };
        Ops fp = new Ops() {
            public PrimeField field() {
                return Fp.FIELD;
            }

            public void add(long[] a, long[] b, long[] r) {
                Fp.add(a, 0, b, 0, r, 0);
            }

            public void sub(long[] a, long[] b, long[] r) {
                Fp.sub(a, 0, b, 0, r, 0);
            }

            public void mul(long[] a, long[] b, long[] r) {
                Fp.mul(a, 0, b, 0, r, 0);
            }

            public String toString() {
                return "Fp";
            }
        };
        return Stream.of(Arguments.of(fr), Arguments.of(fp));
    }

    private static List<BigInteger> values(PrimeField f, Random rnd) {
        BigInteger p = f.modulus;
        BigInteger r = BigInteger.ONE.shiftLeft(64 * f.limbs).mod(p);
        List<BigInteger> v = new ArrayList<>(List.of(BigInteger.ZERO, BigInteger.ONE, BigInteger.TWO,
                p.subtract(BigInteger.ONE), p.subtract(BigInteger.TWO), r, r.modInverse(p),
                p.shiftRight(1), p.shiftRight(1).add(BigInteger.ONE)));
        for (int i = 0; i < RANDOM_CASES; i++) {
            v.add(new BigInteger(f.bits + 8, rnd).mod(p));
        }
        return v;
    }

    @ParameterizedTest
    @MethodSource("fields")
    void arithmeticMatchesBigInteger(Ops ops) {
        PrimeField f = ops.field();
        BigInteger p = f.modulus;
        Random rnd = new Random();
        List<BigInteger> vs = values(f, rnd);
        long[] r = new long[f.limbs];
        for (int i = 0; i < vs.size(); i++) {
            BigInteger x = vs.get(i);
            BigInteger y = vs.get(rnd.nextInt(vs.size()));
            long[] a = f.fromBigInteger(x);
            long[] b = f.fromBigInteger(y);
            assertEquals(x, f.toBigInteger(a, 0));
            ops.add(a, b, r);
            assertEquals(x.add(y).mod(p), f.toBigInteger(r, 0), () -> ops + " add " + x + " " + y);
            ops.sub(a, b, r);
            assertEquals(x.subtract(y).mod(p), f.toBigInteger(r, 0), () -> ops + " sub " + x + " " + y);
            ops.mul(a, b, r);
            assertEquals(x.multiply(y).mod(p), f.toBigInteger(r, 0), () -> ops + " mul " + x + " " + y);
            f.mul(a, 0, b, 0, r, 0);
            assertEquals(x.multiply(y).mod(p), f.toBigInteger(r, 0), () -> ops + " generic mul");
            f.add(a, 0, b, 0, r, 0);
            assertEquals(x.add(y).mod(p), f.toBigInteger(r, 0));
            f.sub(a, 0, b, 0, r, 0);
            assertEquals(x.subtract(y).mod(p), f.toBigInteger(r, 0));
            f.neg(a, 0, r, 0);
            assertEquals(x.negate().mod(p), f.toBigInteger(r, 0));
            f.inverse(a, 0, r, 0);
            assertEquals(x.signum() == 0 ? BigInteger.ZERO : x.modInverse(p), f.toBigInteger(r, 0));
            long[] e = {rnd.nextLong(), rnd.nextLong()};
            BigInteger eb = new BigInteger(1, toBytesBE(e));
            f.pow(a, 0, e, r, 0);
            assertEquals(x.modPow(eb, p), f.toBigInteger(r, 0));
        }
    }

    @ParameterizedTest
    @MethodSource("fields")
    void aliasingOutputsAreSafe(Ops ops) {
        PrimeField f = ops.field();
        Random rnd = new Random();
        for (int i = 0; i < 50; i++) {
            BigInteger x = new BigInteger(f.bits - 1, rnd);
            long[] a = f.fromBigInteger(x);
            ops.mul(a, a, a);
            assertEquals(x.multiply(x).mod(f.modulus), f.toBigInteger(a, 0));
            ops.add(a, a, a);
            assertEquals(x.multiply(x).shiftLeft(1).mod(f.modulus), f.toBigInteger(a, 0));
        }
    }

    @ParameterizedTest
    @MethodSource("fields")
    void sqrtAndLegendre(Ops ops) {
        PrimeField f = ops.field();
        BigInteger p = f.modulus;
        Random rnd = new Random();
        long[] r = new long[f.limbs];
        for (int i = 0; i < 60; i++) {
            BigInteger x = new BigInteger(f.bits + 8, rnd).mod(p);
            long[] sq = f.fromBigInteger(x.multiply(x));
            assertTrue(f.sqrt(sq, 0, r, 0));
            BigInteger root = f.toBigInteger(r, 0);
            assertEquals(x.multiply(x).mod(p), root.multiply(root).mod(p));
            BigInteger y = new BigInteger(f.bits + 8, rnd).mod(p);
            boolean isSquare = y.signum() == 0 || y.modPow(p.shiftRight(1), p).equals(BigInteger.ONE);
            assertEquals(isSquare, f.sqrt(f.fromBigInteger(y), 0, r, 0));
        }
    }

    @ParameterizedTest
    @MethodSource("fields")
    void batchInverseKeepsZeros(Ops ops) {
        PrimeField f = ops.field();
        Random rnd = new Random();
        int n = 37;
        BigInteger[] xs = new BigInteger[n];
        long[] arr = new long[(n + 2) * f.limbs];
        for (int i = 0; i < n; i++) {
            xs[i] = i % 7 == 3 ? BigInteger.ZERO : new BigInteger(f.bits - 1, rnd);
            f.fromBigInteger(xs[i], arr, (i + 1) * f.limbs);
        }
        f.batchInverse(arr, 1, n);
        for (int i = 0; i < n; i++) {
            BigInteger want = xs[i].signum() == 0 ? BigInteger.ZERO : xs[i].modInverse(f.modulus);
            assertEquals(want, f.toBigInteger(arr, (i + 1) * f.limbs));
        }
    }

    @ParameterizedTest
    @MethodSource("fields")
    void bytesRoundTripAndRejectNonCanonical(Ops ops) {
        PrimeField f = ops.field();
        Random rnd = new Random();
        byte[] buf = new byte[f.bytes];
        long[] back = new long[f.limbs];
        for (int i = 0; i < 50; i++) {
            long[] a = new long[f.limbs];
            f.random(rnd, a, 0);
            f.toBytesLE(a, 0, buf, 0);
            assertTrue(f.fromBytesLE(buf, 0, back, 0));
            assertArrayEquals(a, back);
            f.toBytesBE(a, 0, buf, 0);
            assertTrue(f.fromBytesBE(buf, 0, back, 0));
            assertArrayEquals(a, back);
            byte[] be = toFixedBE(f.toBigInteger(a, 0), f.bytes);
            assertArrayEquals(be, buf);
        }
        byte[] pBytes = toFixedBE(f.modulus, f.bytes);
        assertFalse(f.fromBytesBE(pBytes, 0, back, 0), "p itself is not canonical");
    }

    private static byte[] toBytesBE(long[] limbs) {
        byte[] out = new byte[8 * limbs.length];
        for (int i = 0; i < limbs.length; i++) {
            for (int j = 0; j < 8; j++) {
                out[out.length - 1 - (8 * i + j)] = (byte) (limbs[i] >>> (8 * j));
            }
        }
        return out;
    }

    private static byte[] toFixedBE(BigInteger v, int len) {
        byte[] raw = v.toByteArray();
        byte[] out = new byte[len];
        int copy = Math.min(raw.length, len);
        System.arraycopy(raw, raw.length - copy, out, len - copy, copy);
        return out;
    }
}
