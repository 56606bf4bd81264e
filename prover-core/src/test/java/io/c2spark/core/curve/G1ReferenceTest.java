package io.c2spark.core.curve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.c2spark.core.field.Fp;
import io.c2spark.core.field.Fr;
import java.math.BigInteger;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** G1 against textbook affine arithmetic in BigInteger, and its fixed points of small order. */
class G1ReferenceTest {
    private static final BigInteger P = Fp.MODULUS;
    /** The G1 cofactor (draft-irtf-cfrg-pairing-friendly-curves-11 section 4.2.1). */
    private static final BigInteger H1 = new BigInteger("396c8c005555e1568c00aaab0000aaab", 16);

    /** Affine sum by the chord-and-tangent rule; null is the identity. */
    private static BigInteger[] refAdd(BigInteger[] a, BigInteger[] b) {
        if (a == null) {
            return b;
        }
        if (b == null) {
            return a;
        }
        BigInteger lambda;
        if (a[0].equals(b[0])) {
            if (a[1].add(b[1]).mod(P).signum() == 0) {
                return null;
            }
            lambda = a[0].pow(2).multiply(BigInteger.valueOf(3)).multiply(a[1].shiftLeft(1).modInverse(P)).mod(P);
        } else {
            lambda = b[1].subtract(a[1]).multiply(b[0].subtract(a[0]).modInverse(P)).mod(P);
        }
        BigInteger x = lambda.pow(2).subtract(a[0]).subtract(b[0]).mod(P);
        BigInteger y = lambda.multiply(a[0].subtract(x)).subtract(a[1]).mod(P);
        return new BigInteger[] {x, y};
    }

    private static BigInteger[] refMul(BigInteger[] a, BigInteger k) {
        BigInteger[] acc = null;
        for (int i = k.bitLength() - 1; i >= 0; i--) {
            acc = refAdd(acc, acc);
            if (k.testBit(i)) {
                acc = refAdd(acc, a);
            }
        }
        return acc;
    }

    private static BigInteger[] coords(long[] jac) {
        long[] a = new long[G1.AFFINE];
        G1.LAW.toAffine(jac, 0, a, 0);
        return new BigInteger[] {Fp.toBigInteger(a, 0), Fp.toBigInteger(a, Fp.LIMBS)};
    }

    @Test
    void scalarMultiplesAndSumsMatchAffineReference() {
        long seed = System.nanoTime();
        Random rnd = new Random(seed);
        BigInteger[] gen = {G1.GENERATOR_X, G1.GENERATOR_Y};
        for (int i = 0; i < 5; i++) {
            BigInteger a = new BigInteger(255, rnd);
            BigInteger b = new BigInteger(255, rnd);
            long[] pa = new long[G1.JACOBIAN];
            G1.LAW.fromAffine(G1.generator(), 0, pa, 0);
            long[] pb = pa.clone();
            G1.LAW.mul(pa, 0, a, pa, 0);
            G1.LAW.mul(pb, 0, b, pb, 0);
            BigInteger[] ra = refMul(gen, a);
            BigInteger[] rb = refMul(gen, b);
            assertEquals(ra[0], coords(pa)[0], "seed " + seed);
            assertEquals(ra[1], coords(pa)[1], "seed " + seed);
            long[] sum = new long[G1.JACOBIAN];
            G1.LAW.add(pa, 0, pb, 0, sum, 0);
            BigInteger[] rs = refAdd(ra, rb);
            assertEquals(rs[0], coords(sum)[0], "seed " + seed);
            assertEquals(rs[1], coords(sum)[1], "seed " + seed);
            G1.LAW.dbl(pa, 0, sum, 0);
            BigInteger[] rd = refAdd(ra, ra);
            assertEquals(rd[0], coords(sum)[0], "seed " + seed);
            assertEquals(rd[1], coords(sum)[1], "seed " + seed);
        }
    }

    @Test
    void pointsOfOrderThreeAreOnTheCurveButOutsideG1() {
        // x = 0 gives y^2 = 4: (0, 2) and (0, -2) are inflection points, of order 3.
        long[] t = G1.affine(BigInteger.ZERO, BigInteger.TWO);
        assertTrue(G1.LAW.isOnCurveAffine(t, 0));
        assertFalse(G1.isInSubgroup(t, 0));
        assertFalse(G1.LAW.isInSubgroupByOrder(t, 0));
        long[] j = new long[G1.JACOBIAN];
        G1.LAW.fromAffine(t, 0, j, 0);
        G1.LAW.mul(j, 0, BigInteger.valueOf(3), j, 0);
        assertTrue(G1.LAW.isIdentity(j, 0));
    }

    @Test
    void clearingTheCofactorLandsInG1() {
        Random rnd = new Random();
        long[] a = CurveGroup.G1_GROUP.randomCurvePoint(rnd);
        assertFalse(G1.isInSubgroup(a, 0));
        long[] j = new long[G1.JACOBIAN];
        G1.LAW.fromAffine(a, 0, j, 0);
        G1.LAW.mul(j, 0, H1, j, 0);
        G1.LAW.toAffine(j, 0, a, 0);
        assertTrue(G1.isInSubgroup(a, 0));
        assertTrue(G1.LAW.isInSubgroupByOrder(a, 0));
        // #E(Fp) = p + 1 - trace, trace = z + 1: the cofactor constant must agree with it.
        assertEquals(Fp.MODULUS.subtract(CurveParameter.Z), Fr.MODULUS.multiply(H1));
    }
}
