package io.c2spark.core.pairing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.c2spark.core.curve.G1;
import io.c2spark.core.curve.G2;
import io.c2spark.core.field.Fp;
import io.c2spark.core.field.Fp12;
import io.c2spark.core.field.Fr;
import java.math.BigInteger;
import java.security.SecureRandom;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The pairing's laws (bilinearity, non-degeneracy, identity, products) on multiples of the
 * generators, its values against @noble/curves and against a plain affine reference, for fresh
 * random scalars on every run. Most points come from noble (one test makes its own with the curve
 * package); the comparisons of our own values with each other do not depend on noble's pairing.
 */
class PairingTest {
    private static final BigInteger R = Fr.MODULUS;

    private static BigInteger a;
    private static BigInteger b;
    private static BigInteger c;
    private static BigInteger d;
    private static NoblePairingOracle.Result noble;

    private static BigInteger randomScalar(Random rnd) {
        BigInteger s;
        do {
            s = new BigInteger(R.bitLength(), rnd);
        } while (s.signum() == 0 || s.compareTo(R) >= 0);
        return s;
    }

    private static BigInteger[] pair(BigInteger x, BigInteger y) {
        return new BigInteger[] {x.mod(R), y.mod(R)};
    }

    @BeforeAll
    static void askNoble() {
        Random rnd = new SecureRandom();
        a = randomScalar(rnd);
        b = randomScalar(rnd);
        c = randomScalar(rnd);
        d = randomScalar(rnd);
        BigInteger ab = a.multiply(b);
        List<BigInteger[]> cases = List.of(
                pair(BigInteger.ONE, BigInteger.ONE), // 0: the generators
                pair(a, b), // 1
                pair(ab, BigInteger.ONE), // 2
                pair(b, a), // 3
                pair(BigInteger.ZERO, b), // 4: identity in G1
                pair(a, BigInteger.ZERO), // 5: identity in G2
                pair(c, d), // 6
                pair(ab.negate(), BigInteger.ONE), // 7: e(7) = e(1)^-1
                pair(BigInteger.ONE, R.subtract(BigInteger.ONE)), // 8: -G2
                pair(BigInteger.ONE, c)); // 9
        List<List<BigInteger[]>> batches = List.of(
                List.of(pair(a, b), pair(c, d), pair(BigInteger.ONE, BigInteger.ONE), pair(ab, c)));
        noble = NoblePairingOracle.run(cases, batches);
    }

    private static NoblePairingOracle.Case point(int i) {
        return noble.cases().get(i);
    }

    private static long[] pairing(int i) {
        return Pairing.pairing(point(i).g1(), 0, point(i).g2(), 0);
    }

    private static void assertFp12(long[] want, long[] got, String what) {
        assertTrue(Fp12.equal(want, 0, got, 0), what);
    }

    private static long[] pow(long[] x, BigInteger e) {
        long[] r = new long[Fp12.LIMBS];
        Fp12.pow(x, 0, limbs(e), r, 0);
        return r;
    }

    private static long[] limbs(BigInteger e) {
        long[] l = new long[e.bitLength() / 64 + 1];
        for (int i = 0; i < l.length; i++) {
            l[i] = e.shiftRight(64 * i).longValue();
        }
        return l;
    }

    @Test
    void valuesMatchNobleCoefficientForCoefficient() {
        for (int i = 0; i < noble.cases().size(); i++) {
            NoblePairingOracle.Case k = point(i);
            long[] ours = Pairing.pairing(k.g1(), 0, k.g2(), 0);
            for (int j = 0; j < 12; j++) {
                assertEquals(Fp.toBigInteger(k.gt(), j * Fp.LIMBS), Fp.toBigInteger(ours, j * Fp.LIMBS),
                        "e([" + k.a() + "]G1, [" + k.b() + "]G2) coefficient " + j);
            }
        }
    }

    @Test
    void matchesThePlainAffineReference() {
        for (int i : new int[] {0, 1, 6}) {
            assertFp12(ReferencePairing.pairing(point(i).g1(), point(i).g2()), pairing(i),
                    "pairing != affine reference for case " + i);
        }
    }

    @Test
    void bilinear() {
        long[] base = pairing(0);
        long[] eab = pairing(1);
        assertFp12(pow(base, a.multiply(b).mod(R)), eab, "e(aP, bQ) != e(P, Q)^(ab)");
        assertFp12(eab, pairing(2), "e(aP, bQ) != e(abP, Q)");
        assertFp12(eab, pairing(3), "e(aP, bQ) != e(bP, aQ)");
        long[] inverse = new long[Fp12.LIMBS];
        Fp12.inverse(base, 0, inverse, 0);
        assertFp12(inverse, pairing(8), "e(P, -Q) != e(P, Q)^-1");
    }

    /** [k]G1 and [k]G2 by the curve package's scalar multiplication, affine. */
    private static long[] g1Multiple(BigInteger k) {
        long[] jac = new long[G1.JACOBIAN];
        G1.LAW.fromAffine(G1.generator(), 0, jac, 0);
        G1.LAW.mul(jac, 0, k, jac, 0);
        long[] aff = new long[G1.AFFINE];
        G1.LAW.toAffine(jac, 0, aff, 0);
        return aff;
    }

    private static long[] g2Multiple(BigInteger k) {
        long[] jac = new long[G2.JACOBIAN];
        G2.LAW.fromAffine(G2.generator(), 0, jac, 0);
        G2.LAW.mul(jac, 0, k, jac, 0);
        long[] aff = new long[G2.AFFINE];
        G2.LAW.toAffine(jac, 0, aff, 0);
        return aff;
    }

    @Test
    void bilinearOnTheCurvePackagesMultiples() {
        Random rnd = new SecureRandom();
        BigInteger x = randomScalar(rnd);
        BigInteger y = randomScalar(rnd);
        long[] base = Pairing.pairing(G1.generator(), 0, G2.generator(), 0);
        long[] exy = Pairing.pairing(g1Multiple(x), 0, g2Multiple(y), 0);
        assertFp12(pow(base, x.multiply(y).mod(R)), exy, "e(xP, yQ) != e(P, Q)^(xy)");
        long[] g1 = new long[2 * G1.AFFINE];
        long[] g2 = new long[2 * G2.AFFINE];
        System.arraycopy(g1Multiple(x), 0, g1, 0, G1.AFFINE);
        System.arraycopy(g2Multiple(y), 0, g2, 0, G2.AFFINE);
        System.arraycopy(g1Multiple(x.multiply(y).negate()), 0, g1, G1.AFFINE, G1.AFFINE);
        System.arraycopy(G2.generator(), 0, g2, G2.AFFINE, G2.AFFINE);
        assertTrue(Pairing.pairingCheck(g1, g2, 2), "e(xP, yQ) e(-xyP, Q) != 1");
    }

    @Test
    void nonDegenerateOfOrderR() {
        long[] base = pairing(0);
        assertFalse(Fp12.isOne(base, 0), "e(G1, G2) = 1");
        assertTrue(Fp12.isOne(pow(base, R), 0), "e(G1, G2)^r != 1");
        assertFalse(Fp12.isOne(pairing(6), 0));
    }

    @Test
    void identityPairsToOne() {
        assertTrue(Fp12.isOne(pairing(4), 0), "e(O, Q) != 1");
        assertTrue(Fp12.isOne(pairing(5), 0), "e(P, O) != 1");
        assertTrue(Fp12.isOne(Pairing.pairing(new long[G1.AFFINE], 0, new long[G2.AFFINE], 0), 0), "e(O, O) != 1");
        assertTrue(Fp12.isOne(Pairing.multiPairing(new long[0], new long[0], 0), 0), "empty product != 1");
    }

    @Test
    void multiPairingIsTheProductOfPairings() {
        int[] pick = {1, 6, 0, 4, 2, 5};
        long[] g1 = new long[pick.length * G1.AFFINE];
        long[] g2 = new long[pick.length * G2.AFFINE];
        long[] product = Fp12.one();
        for (int i = 0; i < pick.length; i++) {
            System.arraycopy(point(pick[i]).g1(), 0, g1, i * G1.AFFINE, G1.AFFINE);
            System.arraycopy(point(pick[i]).g2(), 0, g2, i * G2.AFFINE, G2.AFFINE);
            Fp12.mul(product, 0, pairing(pick[i]), 0, product, 0);
        }
        assertFp12(product, Pairing.multiPairing(g1, g2, pick.length), "multi-pairing != product");

        G2Prepared[] prepared = new G2Prepared[pick.length];
        for (int i = 0; i < pick.length; i++) {
            prepared[i] = G2Prepared.of(g2, i * G2.AFFINE);
        }
        assertFp12(product, Pairing.multiPairing(g1, prepared), "prepared multi-pairing != product");
        // The same prepared points reused with other G1 points.
        long[] swapped = new long[g1.length];
        System.arraycopy(g1, G1.AFFINE, swapped, 0, G1.AFFINE);
        System.arraycopy(g1, 0, swapped, G1.AFFINE, G1.AFFINE);
        long[] expected = Fp12.one();
        for (int i = 0; i < 2; i++) {
            long[] single = Pairing.pairing(swapped, i * G1.AFFINE, g2, i * G2.AFFINE);
            Fp12.mul(expected, 0, single, 0, expected, 0);
        }
        assertFp12(expected, Pairing.multiPairing(swapped, new G2Prepared[] {prepared[0], prepared[1]}),
                "reused prepared points");
    }

    @Test
    void multiPairingMatchesNobleBatch() {
        // The batch asked of noble: (a, b), (c, d), (1, 1), (ab, c); [ab]G1 is case 2's, [c]G2 case 9's.
        int[][] from = {{1, 1}, {6, 6}, {0, 0}, {2, 9}};
        long[] g1 = new long[from.length * G1.AFFINE];
        long[] g2 = new long[from.length * G2.AFFINE];
        for (int i = 0; i < from.length; i++) {
            System.arraycopy(point(from[i][0]).g1(), 0, g1, i * G1.AFFINE, G1.AFFINE);
            System.arraycopy(point(from[i][1]).g2(), 0, g2, i * G2.AFFINE, G2.AFFINE);
        }
        assertFp12(noble.batches().get(0), Pairing.multiPairing(g1, g2, from.length), "multi-pairing != noble batch");
    }

    @Test
    void pairingCheckAcceptsProductsOfOneOnly() {
        long[] g1 = new long[2 * G1.AFFINE];
        long[] g2 = new long[2 * G2.AFFINE];
        System.arraycopy(point(1).g1(), 0, g1, 0, G1.AFFINE);
        System.arraycopy(point(1).g2(), 0, g2, 0, G2.AFFINE);
        System.arraycopy(point(7).g1(), 0, g1, G1.AFFINE, G1.AFFINE);
        System.arraycopy(point(7).g2(), 0, g2, G2.AFFINE, G2.AFFINE);
        assertTrue(Pairing.pairingCheck(g1, g2, 2), "e(aP, bQ) e(-abP, Q) != 1");
        System.arraycopy(point(6).g2(), 0, g2, G2.AFFINE, G2.AFFINE);
        assertFalse(Pairing.pairingCheck(g1, g2, 2), "a wrong pair passed the check");
    }

    @Test
    void finalExponentiationRaisesToThreeTimesTheCofactorOfR() {
        BigInteger p = Fp.MODULUS;
        BigInteger x = BigInteger.valueOf(MillerSchedule.X_ABS).add(BigInteger.ONE.shiftLeft(64)).mod(
                BigInteger.ONE.shiftLeft(64)).negate();
        assertEquals(new BigInteger("d201000000010000", 16).negate(), x);
        BigInteger phi12 = p.pow(4).subtract(p.pow(2)).add(BigInteger.ONE);
        assertEquals(BigInteger.ZERO, phi12.mod(R));
        BigInteger xm1 = x.subtract(BigInteger.ONE);
        BigInteger hard = xm1.pow(2).multiply(x.add(p)).multiply(x.pow(2).add(p.pow(2)).subtract(BigInteger.ONE))
                .add(BigInteger.valueOf(3));
        assertEquals(phi12.multiply(BigInteger.valueOf(3)).divide(R), hard, "hard-part decomposition");

        long[] f = new long[Fp12.LIMBS];
        Fp12.random(new Random(), f, 0);
        long[] got = new long[Fp12.LIMBS];
        FinalExponentiation.apply(f, 0, got, 0);
        BigInteger exponent = p.pow(12).subtract(BigInteger.ONE).divide(R).multiply(BigInteger.valueOf(3));
        assertFp12(pow(f, exponent), got, "f^(3 (p^12 - 1) / r)");
    }

    @Test
    void offCurvePointsAreRefused() {
        long[] p = point(1).g1().clone();
        long[] q = point(1).g2().clone();
        long[] one = Fp.of(1);
        Fp.add(p, Fp.LIMBS, one, 0, p, Fp.LIMBS);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Pairing.pairing(p, 0, point(1).g2(), 0));
        assertTrue(e.getMessage().contains("G1"), e.getMessage());
        Fp.add(q, 0, one, 0, q, 0);
        e = assertThrows(IllegalArgumentException.class, () -> G2Prepared.of(q, 0));
        assertTrue(e.getMessage().contains("G2"), e.getMessage());
    }
}
