package io.c2spark.gpu;

import java.math.BigInteger;
import java.util.SplittableRandom;
import java.util.stream.IntStream;

import io.c2spark.core.field.Fp;
import io.c2spark.core.field.Fr;

/** Fresh random field arrays for the kernel tests, generated in parallel for the large sizes. */
public final class TestData {
    /** A per-run seed, printed by the tests so that a failure can be replayed. */
    public static final long SEED = Long.getLong("c2spark.test.seed", System.nanoTime());

    private TestData() {
    }

    /** n uniform elements of the field with the given modulus and limb count, as raw limbs below the modulus. */
    public static long[] randomElements(int n, BigInteger modulus, int limbs, long seed) {
        long[] out = new long[n * limbs];
        long[] p = new long[limbs];
        for (int i = 0; i < limbs; i++) {
            p[i] = modulus.shiftRight(64 * i).longValue();
        }
        int topBits = modulus.bitLength() - 64 * (limbs - 1);
        long topMask = (1L << topBits) - 1;
        int blocks = Math.max(1, Math.min(256, n / 4096));
        IntStream.range(0, blocks).parallel().forEach(blk -> {
            SplittableRandom rnd = new SplittableRandom(seed * 31 + blk);
            int lo = (int) ((long) n * blk / blocks), hi = (int) ((long) n * (blk + 1) / blocks);
            for (int i = lo; i < hi; i++) {
                int o = i * limbs;
                do {
                    for (int l = 0; l < limbs; l++) {
                        out[o + l] = rnd.nextLong();
                    }
                    out[o + limbs - 1] &= topMask;
                } while (!below(out, o, p));
            }
        });
        return out;
    }

    private static boolean below(long[] a, int o, long[] p) {
        for (int i = p.length - 1; i >= 0; i--) {
            int c = Long.compareUnsigned(a[o + i], p[i]);
            if (c != 0) {
                return c < 0;
            }
        }
        return false;
    }

    public static long[] randomFr(int n, long seed) {
        return randomElements(n, Fr.MODULUS, 4, seed);
    }

    public static long[] randomFp(int n, long seed) {
        return randomElements(n, Fp.MODULUS, 6, seed);
    }

    /** Edge values every field test includes: 0, 1, 2, p - 1, p - 2, R mod p, R^-1 mod p (Montgomery encoded). */
    public static BigInteger[] edgeValues(BigInteger p) {
        BigInteger r = BigInteger.ONE.shiftLeft(64 * ((p.bitLength() + 63) / 64)).mod(p);
        return new BigInteger[] {BigInteger.ZERO, BigInteger.ONE, BigInteger.TWO, p.subtract(BigInteger.ONE),
            p.subtract(BigInteger.TWO), r, r.modInverse(p)};
    }
}
