package io.c2spark.core.curve;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.c2spark.core.field.Fr;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Group laws of G1 and G2 on fresh random points (random multiples of the generator, each with a
 * random Jacobian scaling so no two operands share a Z), the edge cases the addition formulas
 * special-case, scalar multiplication, normalisation and the subgroup tests.
 */
class GroupLawTest {
    private static final BigInteger R = Fr.MODULUS;

    static Stream<CurveGroup> groups() {
        return Stream.of(CurveGroup.G1_GROUP, CurveGroup.G2_GROUP);
    }

    private static Random random(String what) {
        long seed = System.nanoTime();
        System.out.println(what + " seed " + seed);
        return new Random(seed);
    }

    private static void assertSame(CurveGroup g, long[] p, long[] q, String what) {
        assertTrue(g.isOnCurve(p, 0), what + ": not on curve");
        assertTrue(g.equal(p, 0, q, 0), what);
    }

    private static long[] fromScalar(CurveGroup g, BigInteger k) {
        long[] p = new long[g.jacobianLimbs()];
        g.fromAffine(g.generator(), 0, p, 0);
        g.mul(p, 0, k, p, 0);
        return p;
    }

    @ParameterizedTest
    @MethodSource("groups")
    void generatorIsOnCurveWithOrderR(CurveGroup g) {
        long[] gen = g.generator();
        assertTrue(g.isOnCurveAffine(gen, 0));
        assertTrue(g.isInSubgroup(gen, 0));
        assertTrue(g.isInSubgroupByOrder(gen, 0));
        long[] p = fromScalar(g, R);
        assertTrue(g.isIdentity(p, 0), "[r]G = O");
        long[] q = fromScalar(g, R.subtract(BigInteger.ONE));
        long[] minusG = new long[g.jacobianLimbs()];
        g.fromAffine(gen, 0, minusG, 0);
        g.neg(minusG, 0, minusG, 0);
        assertSame(g, q, minusG, "[r-1]G = -G");
        assertFalse(g.isIdentity(fromScalar(g, BigInteger.ONE), 0));
    }

    @ParameterizedTest
    @MethodSource("groups")
    void lawsOnRandomPoints(CurveGroup g) {
        Random rnd = random(g + " laws");
        int j = g.jacobianLimbs();
        BigInteger[] k = new BigInteger[1];
        for (int iter = 0; iter < 6; iter++) {
            long[] p = g.randomJacobian(rnd, k);
            BigInteger a = k[0];
            long[] q = g.randomJacobian(rnd, k);
            BigInteger b = k[0];
            long[] s = g.randomJacobian(rnd, k);
            BigInteger c = k[0];
            long[] pq = new long[j];
            long[] qp = new long[j];
            g.add(p, 0, q, 0, pq, 0);
            g.add(q, 0, p, 0, qp, 0);
            assertSame(g, pq, qp, "commutativity");
            assertSame(g, pq, fromScalar(g, a.add(b).mod(R)), "[a]G + [b]G = [a+b]G");

            long[] left = new long[j];
            long[] right = new long[j];
            g.add(pq, 0, s, 0, left, 0);
            g.add(q, 0, s, 0, right, 0);
            g.add(p, 0, right, 0, right, 0);
            assertSame(g, left, right, "associativity");

            long[] qAff = new long[g.affineLimbs()];
            g.toAffine(q, 0, qAff, 0);
            long[] mixed = new long[j];
            g.addAffine(p, 0, qAff, 0, mixed, 0);
            assertSame(g, mixed, pq, "mixed add = add");

            long[] d = new long[j];
            g.dbl(p, 0, d, 0);
            assertSame(g, d, fromScalar(g, a.shiftLeft(1).mod(R)), "2 [a]G = [2a]G");
            long[] pOther = p.clone();
            g.rescale(pOther, rnd);
            long[] viaAdd = new long[j];
            g.add(p, 0, pOther, 0, viaAdd, 0);
            assertSame(g, viaAdd, d, "P + P via add = dbl");
            long[] pAff = new long[g.affineLimbs()];
            g.toAffine(p, 0, pAff, 0);
            g.addAffine(pOther, 0, pAff, 0, viaAdd, 0);
            assertSame(g, viaAdd, d, "P + P via mixed add = dbl");

            long[] minus = new long[j];
            g.neg(pOther, 0, minus, 0);
            g.add(p, 0, minus, 0, viaAdd, 0);
            assertTrue(g.isIdentity(viaAdd, 0), "P + (-P) = O via add");
            long[] minusAff = new long[g.affineLimbs()];
            g.negAffine(pAff, 0, minusAff, 0);
            g.addAffine(pOther, 0, minusAff, 0, viaAdd, 0);
            assertTrue(g.isIdentity(viaAdd, 0), "P + (-P) = O via mixed add");

            long[] scaled = new long[j];
            g.mul(p, 0, b, scaled, 0);
            assertSame(g, scaled, fromScalar(g, a.multiply(b).mod(R)), "[b]([a]G) = [ab]G");
            long[] frScaled = new long[j];
            g.mulFr(p, 0, Fr.of(b), 0, frScaled, 0);
            assertSame(g, frScaled, scaled, "Fr scalar = BigInteger scalar");
            g.mul(p, 0, b.negate(), scaled, 0);
            assertSame(g, scaled, fromScalar(g, a.multiply(b).negate().mod(R)), "negative scalar");
            g.mul(p, 0, R, scaled, 0);
            assertTrue(g.isIdentity(scaled, 0), "[r]P = O");
            g.mul(p, 0, BigInteger.ZERO, scaled, 0);
            assertTrue(g.isIdentity(scaled, 0), "[0]P = O");
            assertFalse(g.equal(p, 0, q, 0) && !a.equals(b), "distinct points compare unequal");
        }
    }

    @ParameterizedTest
    @MethodSource("groups")
    void identityOnEitherSide(CurveGroup g) {
        Random rnd = random(g + " identity");
        int j = g.jacobianLimbs();
        long[] p = g.randomJacobian(rnd, new BigInteger[1]);
        long[] o = new long[j];
        long[] oAff = new long[g.affineLimbs()];
        long[] r = new long[j];
        g.add(p, 0, o, 0, r, 0);
        assertSame(g, r, p, "P + O");
        g.add(o, 0, p, 0, r, 0);
        assertSame(g, r, p, "O + P");
        g.add(o, 0, o, 0, r, 0);
        assertTrue(g.isIdentity(r, 0), "O + O");
        g.addAffine(p, 0, oAff, 0, r, 0);
        assertSame(g, r, p, "P + O (mixed)");
        long[] pAff = new long[g.affineLimbs()];
        g.toAffine(p, 0, pAff, 0);
        g.addAffine(o, 0, pAff, 0, r, 0);
        assertSame(g, r, p, "O + P (mixed)");
        g.addAffine(o, 0, oAff, 0, r, 0);
        assertTrue(g.isIdentity(r, 0), "O + O (mixed)");
        g.dbl(o, 0, r, 0);
        assertTrue(g.isIdentity(r, 0), "2 O");
        g.neg(o, 0, r, 0);
        assertTrue(g.isIdentity(r, 0), "-O");
        g.mul(o, 0, BigInteger.valueOf(12345), r, 0);
        assertTrue(g.isIdentity(r, 0), "[k] O");
        g.toAffine(o, 0, pAff, 0);
        assertArrayEquals(new long[g.affineLimbs()], pAff, "affine identity is all zeros");
        g.negAffine(oAff, 0, pAff, 0);
        assertArrayEquals(new long[g.affineLimbs()], pAff, "-O affine");
        g.fromAffine(oAff, 0, r, 0);
        assertTrue(g.isIdentity(r, 0), "affine O to Jacobian");
        assertTrue(g.isOnCurveAffine(oAff, 0) && g.isInSubgroup(oAff, 0), "O is in the group");
        assertFalse(g.equal(p, 0, o, 0) || g.equal(o, 0, p, 0), "P != O");
    }

    @ParameterizedTest
    @MethodSource("groups")
    void outputsMayAliasInputsAtOffsets(CurveGroup g) {
        Random rnd = random(g + " aliasing");
        int j = g.jacobianLimbs();
        long[] p = g.randomJacobian(rnd, new BigInteger[1]);
        long[] q = g.randomJacobian(rnd, new BigInteger[1]);
        long[] qAff = new long[g.affineLimbs()];
        g.toAffine(q, 0, qAff, 0);
        long[] want = new long[j];
        g.add(p, 0, q, 0, want, 0);
        long[] buf = new long[3 + 2 * j];
        System.arraycopy(p, 0, buf, 3, j);
        System.arraycopy(q, 0, buf, 3 + j, j);
        g.add(buf, 3, buf, 3 + j, buf, 3);
        assertSame(g, Arrays.copyOfRange(buf, 3, 3 + j), want, "add in place");
        System.arraycopy(p, 0, buf, 3, j);
        g.addAffine(buf, 3, qAff, 0, buf, 3);
        assertSame(g, Arrays.copyOfRange(buf, 3, 3 + j), want, "mixed add in place");
        g.dbl(p, 0, want, 0);
        System.arraycopy(p, 0, buf, 3, j);
        g.dbl(buf, 3, buf, 3);
        assertSame(g, Arrays.copyOfRange(buf, 3, 3 + j), want, "dbl in place");
        System.arraycopy(p, 0, buf, 3, j);
        g.add(buf, 3, buf, 3, buf, 3);
        assertSame(g, Arrays.copyOfRange(buf, 3, 3 + j), want, "P + P, same array and offset");
    }

    @ParameterizedTest
    @MethodSource("groups")
    void batchNormalisationMatchesSingle(CurveGroup g) {
        Random rnd = random(g + " batch");
        int j = g.jacobianLimbs();
        int a = g.affineLimbs();
        int count = 9;
        long[] jac = new long[5 + count * j];
        for (int i = 0; i < count; i++) {
            if (i % 4 != 1) {
                System.arraycopy(g.randomJacobian(rnd, new BigInteger[1]), 0, jac, 5 + i * j, j);
            }
        }
        long[] batch = new long[2 + count * a];
        g.batchToAffine(jac, 5, batch, 2, count);
        long[] single = new long[a];
        for (int i = 0; i < count; i++) {
            g.toAffine(jac, 5 + i * j, single, 0);
            assertArrayEquals(single, Arrays.copyOfRange(batch, 2 + i * a, 2 + (i + 1) * a), "point " + i);
            assertTrue(g.isOnCurveAffine(single, 0));
            long[] back = new long[j];
            g.fromAffine(single, 0, back, 0);
            assertTrue(g.equal(back, 0, jac, 5 + i * j), "round trip " + i);
        }
        assertArrayEquals(new long[a], Arrays.copyOfRange(batch, 2 + a, 2 + 2 * a), "identity in a batch");
    }

    @ParameterizedTest
    @MethodSource("groups")
    void subgroupTestsAgreeWithOrder(CurveGroup g) {
        Random rnd = random(g + " subgroup");
        for (int i = 0; i < 4; i++) {
            long[] outside = g.randomCurvePoint(rnd);
            assertTrue(g.isOnCurveAffine(outside, 0));
            assertFalse(g.isInSubgroupByOrder(outside, 0), "random curve point has order r");
            assertFalse(g.isInSubgroup(outside, 0), "endomorphism test accepts a point of order != r");
            long[] inside = new long[g.affineLimbs()];
            g.toAffine(g.randomJacobian(rnd, new BigInteger[1]), 0, inside, 0);
            assertTrue(g.isInSubgroup(inside, 0));
            assertTrue(g.isInSubgroupByOrder(inside, 0));
            long[] offCurve = inside.clone();
            offCurve[0] ^= 1;
            assertFalse(g.isOnCurveAffine(offCurve, 0));
        }
    }
}
