package io.c2spark.core.pairing;

import io.c2spark.core.curve.G2;
import io.c2spark.core.field.Fp2;

/**
 * A G2 point prepared for Miller loops: the coefficients of every line of the loop over |x|, so
 * that a fixed point (a verifying key's beta, gamma, delta) pays for its G2 arithmetic once.
 *
 * <p>The loop walks T from Q to [|x|]Q on the twist E': y^2 = x^3 + 4 xi in homogeneous projective
 * coordinates (x = X/Z, y = Y/Z), one doubling per bit below the top one and one addition of Q per
 * set bit. The twist is of M type: psi(x', y') = (x' w^-2, y' w^-3) maps E' into E(Fp12), so the
 * line through psi(T) with slope lambda' w^-1, evaluated at P = (xP, yP) and scaled by w^3 (an
 * element of Fp4, which the final exponentiation removes), is
 * (lambda' xT - yT) + (-lambda' xP) v + yP v w.
 * Each line is stored as three Fp2 values (c0, c1, c4): the line at P is then
 * c0 + (c1 xP) v + (c4 yP) v w, the sparse shape {@link io.c2spark.core.field.Fp12#mulBy014} takes.
 * The lines are scaled by Fp2 factors to clear the projective denominators; those factors also die
 * in the final exponentiation.
 */
public final class G2Prepared {
    /** Longs per line: c0, c1, c4. */
    static final int LINE = 3 * Fp2.LIMBS;
    private static final int E = Fp2.LIMBS;

    private final long[] lines;
    private final boolean identity;

    private G2Prepared(long[] lines, boolean identity) {
        this.lines = lines;
        this.identity = identity;
    }

    /**
     * Prepares the G2 affine point at q[qo] (24 longs: x.c0, x.c1, y.c0, y.c1; all zero for the
     * identity). An off-twist point is refused; the point must also be in the order-r subgroup for
     * the result to be a pairing, which is the decoder's check ({@link G2#isInSubgroup}), made where
     * points enter.
     */
    public static G2Prepared of(long[] q, int qo) {
        if (G2.LAW.isIdentityAffine(q, qo)) {
            return new G2Prepared(new long[0], true);
        }
        if (!G2.LAW.isOnCurveAffine(q, qo)) {
            throw new IllegalArgumentException(
                    "G2 point at offset " + qo + " is not on the twist y^2 = x^3 + 4(1 + u)");
        }
        long[] lines = new long[MillerSchedule.LINES * LINE];
        long[] t = new long[3 * E];
        System.arraycopy(q, qo, t, 0, 2 * E);
        Fp2.setOne(t, 2 * E);
        long[] scratch = new long[Scratch.SIZE];
        int line = 0;
        for (int bit = MillerSchedule.TOP_BIT - 1; bit >= 0; bit--) {
            doublingStep(t, lines, line++ * LINE, scratch);
            if (MillerSchedule.isSet(bit)) {
                additionStep(t, q, qo, lines, line++ * LINE, scratch);
            }
        }
        return new G2Prepared(lines, false);
    }

    public boolean isIdentity() {
        return identity;
    }

    long[] lines() {
        return lines;
    }

    /** Scratch offsets shared by the two steps (Fp2 slots). */
    private static final class Scratch {
        static final int A = 0, B = E, C = 2 * E, D = 3 * E, F = 4 * E, G = 5 * E, H = 6 * E, K = 7 * E;
        static final int SIZE = 8 * E;
    }

    /**
     * T = 2T and the tangent line at T. With B = Y^2, C = Z^2, E = 3b'C = 12 xi C, F = 3E and
     * H = 2YZ (all times 4 against the usual halved formulas, to avoid dividing by 2):
     * X' = 2XY (B - F), Y' = (B + F)^2 - 12 E^2, Z' = 4 B H.
     * Line times 2YZ: c0 = Y^2 - 3b'Z^2 = B - E (using Y^2 Z = X^3 + b'Z^3), c1 = -3X^2, c4 = H.
     */
    static void doublingStep(long[] t, long[] lines, int lo, long[] s) {
        final int x = 0, y = E, z = 2 * E;
        final int xy = Scratch.A, b = Scratch.B, c = Scratch.C, e = Scratch.D, f = Scratch.F, h = Scratch.G,
                u = Scratch.H, w = Scratch.K;
        Fp2.mul(t, x, t, y, s, xy);
        Fp2.sqr(t, y, s, b);
        Fp2.sqr(t, z, s, c);
        Fp2.mulByNonResidue(s, c, s, e);
        times12(s, e, u);
        Fp2.dbl(s, e, s, f);
        Fp2.add(s, f, s, e, s, f);
        Fp2.add(t, y, t, z, s, h);
        Fp2.sqr(s, h, s, h);
        Fp2.sub(s, h, s, b, s, h);
        Fp2.sub(s, h, s, c, s, h);

        // Line coefficients.
        Fp2.sub(s, b, s, e, lines, lo);
        Fp2.sqr(t, x, s, u);
        Fp2.dbl(s, u, s, w);
        Fp2.add(s, w, s, u, s, w);
        Fp2.neg(s, w, lines, lo + E);
        System.arraycopy(s, h, lines, lo + 2 * E, E);

        // X' = 2 XY (B - F)
        Fp2.sub(s, b, s, f, s, u);
        Fp2.mul(s, xy, s, u, t, x);
        Fp2.dbl(t, x, t, x);
        // Y' = (B + F)^2 - 12 E^2
        Fp2.add(s, b, s, f, s, u);
        Fp2.sqr(s, u, s, u);
        Fp2.sqr(s, e, s, w);
        times12(s, w, c);
        Fp2.sub(s, u, s, w, t, y);
        // Z' = 4 B H
        Fp2.mul(s, b, s, h, t, z);
        Fp2.dbl(t, z, t, z);
        Fp2.dbl(t, z, t, z);
    }

    /**
     * T = T + Q (Q affine) and the line through T and Q. With theta = Y - yQ Z, lambda = X - xQ Z
     * (the slope is theta / lambda), C = theta^2, D = lambda^2, L = lambda^3, F = Z C, G = X D,
     * H = L + F - 2G: X' = lambda H, Y' = theta (G - H) - Y L, Z' = Z L.
     * Line anchored at Q, times lambda: c0 = theta xQ - lambda yQ, c1 = -theta, c4 = lambda.
     */
    static void additionStep(long[] t, long[] q, int qo, long[] lines, int lo, long[] s) {
        final int x = 0, y = E, z = 2 * E;
        final int theta = Scratch.A, lambda = Scratch.B, c = Scratch.C, d = Scratch.D, l = Scratch.F,
                g = Scratch.G, h = Scratch.H, u = Scratch.K;
        Fp2.mul(q, qo + E, t, z, s, theta);
        Fp2.sub(t, y, s, theta, s, theta);
        Fp2.mul(q, qo, t, z, s, lambda);
        Fp2.sub(t, x, s, lambda, s, lambda);

        // Line coefficients.
        Fp2.mul(s, theta, q, qo, s, u);
        Fp2.mul(s, lambda, q, qo + E, s, c);
        Fp2.sub(s, u, s, c, lines, lo);
        Fp2.neg(s, theta, lines, lo + E);
        System.arraycopy(s, lambda, lines, lo + 2 * E, E);

        Fp2.sqr(s, theta, s, c);
        Fp2.sqr(s, lambda, s, d);
        Fp2.mul(s, lambda, s, d, s, l);
        Fp2.mul(t, z, s, c, s, h);
        Fp2.mul(t, x, s, d, s, g);
        // H = L + F - 2G, with F = Z C held in h for now
        Fp2.add(s, l, s, h, s, h);
        Fp2.sub(s, h, s, g, s, h);
        Fp2.sub(s, h, s, g, s, h);
        Fp2.mul(s, lambda, s, h, t, x);
        // Y' = theta (G - H) - Y L
        Fp2.sub(s, g, s, h, s, u);
        Fp2.mul(s, theta, s, u, s, u);
        Fp2.mul(t, y, s, l, s, c);
        Fp2.sub(s, u, s, c, t, y);
        Fp2.mul(t, z, s, l, t, z);
    }

    /** s[a] = 12 s[a], using the slot tmp. */
    private static void times12(long[] s, int a, int tmp) {
        Fp2.dbl(s, a, s, tmp);
        Fp2.add(s, tmp, s, a, s, tmp);
        Fp2.dbl(s, tmp, s, tmp);
        Fp2.dbl(s, tmp, s, a);
    }
}
