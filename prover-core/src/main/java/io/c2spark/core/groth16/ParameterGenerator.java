package io.c2spark.core.groth16;

import io.c2spark.core.concurrent.ComputePool;
import io.c2spark.core.curve.G1;
import io.c2spark.core.curve.G2;
import io.c2spark.core.field.Fr;
import io.c2spark.core.msm.FixedBase;
import io.c2spark.core.ntt.EvaluationDomain;
import io.c2spark.core.r1cs.R1csShape;
import io.c2spark.core.r1cs.SparseMatrix;
import io.c2spark.core.r1cs.Variable;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Random;
import java.util.function.Consumer;

/**
 * Groth16 parameter generation with bellperson's semantics (groth16/generator.rs
 * generate_parameters), from a circuit's shape recorded with bellperson's input constraints
 * ({@code ShapeSystem.of(circuit, true)}):
 * <ul>
 * <li>the domain is the smallest power of two m holding the constraints; tau^0 .. tau^(m-1) give
 * the H query tau^i Z(tau) / delta for i < m - 1, Z(tau) = tau^m - 1, and, by an inverse FFT, the
 * Lagrange coefficients L_k(tau) of the domain;
 * <li>u_j(tau), v_j(tau), w_j(tau) of every variable are sums of coefficient * L_k(tau) over the
 * rows k of A, B, C holding it;
 * <li>A (B) query: u_j(tau) G1 (v_j(tau) in G1 and G2), inputs then aux, with the points at infinity
 * (u_j(tau) = 0: variables absent from A) filtered out, as bellperson filters them;
 * <li>IC = (beta u + alpha v + w) / gamma per input, L = (beta u + alpha v + w) / delta per aux
 * variable; an aux variable whose L point is the identity is refused as unconstrained (bellperson's
 * SynthesisError::UnconstrainedVariable);
 * <li>G1 and G2 are bellperson's random multiples of the generators, not the generators.
 * </ul>
 * Every multiple of G1 or G2 goes through one {@link FixedBase} table per group, in parallel.
 */
public final class ParameterGenerator {
    private static final int G1L = G1.AFFINE;

    /**
     * The secret values: the bases g1 and g2 (affine) and alpha, beta, gamma, delta, tau (Fr
     * Montgomery).
     */
    public record ToxicWaste(long[] g1, long[] g2, long[] alpha, long[] beta, long[] gamma, long[] delta, long[] tau) {
        /**
         * Drawn in bellperson's order (g1, g2, alpha, beta, gamma, delta, tau) from rnd: a seeded
         * Random gives reproducible test parameters, a SecureRandom real ones. g1 and g2 are random
         * non-zero multiples of the generators; gamma and delta are non-zero (they are inverted).
         */
        public static ToxicWaste random(Random rnd) {
            long[] g1 = new long[G1.AFFINE];
            long[] p1 = new long[G1.JACOBIAN];
            G1.fromAffine(G1.generator(), 0, p1, 0);
            G1.mul(p1, 0, nonZero(rnd), 0, p1, 0);
            G1.toAffine(p1, 0, g1, 0);
            long[] g2 = new long[G2.AFFINE];
            long[] p2 = new long[G2.JACOBIAN];
            G2.fromAffine(G2.generator(), 0, p2, 0);
            G2.mul(p2, 0, nonZero(rnd), 0, p2, 0);
            G2.toAffine(p2, 0, g2, 0);
            return new ToxicWaste(g1, g2, element(rnd), element(rnd), nonZero(rnd), nonZero(rnd), element(rnd));
        }

        private static long[] element(Random rnd) {
            long[] x = new long[Fr.LIMBS];
            Fr.random(rnd, x, 0);
            return x;
        }

        private static long[] nonZero(Random rnd) {
            long[] x;
            do {
                x = element(rnd);
            } while (Fr.isZero(x, 0));
            return x;
        }
    }

    private ParameterGenerator() {
    }

    /** Parameters from toxic waste drawn from a SecureRandom and discarded. */
    public static Parameters generate(R1csShape shape) {
        return generate(shape, ToxicWaste.random(new SecureRandom()));
    }

    /** Parameters from the given toxic waste. */
    public static Parameters generate(R1csShape shape, ToxicWaste tw) {
        return generate(shape, tw, phase -> { });
    }

    /** Parameters from the given toxic waste; each finished phase is reported with its wall time. */
    public static Parameters generate(R1csShape shape, ToxicWaste tw, Consumer<String> progress) {
        Clock clock = new Clock(progress);
        checkInputConstraints(shape);
        int ni = shape.numInputs();
        int na = shape.numAux();
        int vars = ni + na;
        EvaluationDomain domain = EvaluationDomain.forCoefficients(shape.numConstraints());
        int m = domain.size();

        long[] gammaInv = inverse(tw.gamma(), "gamma");
        long[] deltaInv = inverse(tw.delta(), "delta");

        long[] powers = powersOfTau(tw.tau(), m);
        long[] hScalars = new long[(m - 1) * Fr.LIMBS];
        long[] coeff = new long[Fr.LIMBS];
        Fr.pow(tw.tau(), 0, new long[] {m}, coeff, 0);
        Fr.sub(coeff, 0, Fr.FIELD.one(), 0, coeff, 0);
        Fr.mul(coeff, 0, deltaInv, 0, coeff, 0);
        ComputePool.forRange(0, m - 1, 1 << 12, (from, to) -> {
            for (int i = from; i < to; i++) {
                Fr.mul(powers, i * Fr.LIMBS, coeff, 0, hScalars, i * Fr.LIMBS);
            }
        });
        domain.ifft(powers);
        long[] lagrange = powers;
        clock.lap("powers of tau, Lagrange coefficients (m = " + m + ")");

        long[] u = new long[vars * Fr.LIMBS];
        long[] v = new long[vars * Fr.LIMBS];
        long[] w = new long[vars * Fr.LIMBS];
        boolean[] isOne = oneCoefficients(shape);
        ComputePool.all(
                () -> evaluateAtTau(shape.a(), shape, isOne, lagrange, u),
                () -> evaluateAtTau(shape.b(), shape, isOne, lagrange, v),
                () -> evaluateAtTau(shape.c(), shape, isOne, lagrange, w));

        long[] ext = new long[vars * Fr.LIMBS];
        ComputePool.forRange(0, vars, 1 << 12, (from, to) -> {
            long[] t = new long[Fr.LIMBS];
            for (int j = from; j < to; j++) {
                int o = j * Fr.LIMBS;
                Fr.mul(u, o, tw.beta(), 0, ext, o);
                Fr.mul(v, o, tw.alpha(), 0, t, 0);
                Fr.add(ext, o, t, 0, ext, o);
                Fr.add(ext, o, w, o, ext, o);
                Fr.mul(ext, o, j < ni ? gammaInv : deltaInv, 0, ext, o);
            }
        });
        for (int j = ni; j < vars; j++) {
            if (Fr.isZero(ext, j * Fr.LIMBS)) {
                throw new IllegalArgumentException("aux variable " + (j - ni) + " is unconstrained: its L point is the "
                        + "identity (bellperson refuses such circuits)");
            }
        }
        clock.lap("u, v, w at tau and IC/L scalars (" + vars + " variables)");
        long[] aScalars = nonZero(u);
        long[] bScalars = nonZero(v);

        int g1Count = (m - 1) + vars + aScalars.length / Fr.LIMBS + bScalars.length / Fr.LIMBS;
        FixedBase g1 = FixedBase.g1(tw.g1(), FixedBase.windowFor(g1Count));
        FixedBase g2 = FixedBase.g2(tw.g2(), FixedBase.windowFor(bScalars.length / Fr.LIMBS));

        clock.lap("fixed-base tables (G1 window " + g1.window() + ", G2 window " + g2.window() + ")");
        long[] h = g1.mul(hScalars);
        clock.lap("h: " + (m - 1) + " G1");
        long[] extPoints = g1.mul(ext);
        clock.lap("ic, l: " + vars + " G1");
        long[] a = g1.mul(aScalars);
        clock.lap("a: " + a.length / G1L + " G1");
        long[] bG1 = g1.mul(bScalars);
        clock.lap("b_g1: " + bG1.length / G1L + " G1");
        long[] bG2 = g2.mul(bScalars);
        clock.lap("b_g2: " + bG2.length / G2.AFFINE + " G2");

        VerifyingKey vk = new VerifyingKey(
                g1Multiple(tw.g1(), tw.alpha()), g1Multiple(tw.g1(), tw.beta()), g2Multiple(tw.g2(), tw.beta()),
                g2Multiple(tw.g2(), tw.gamma()), g1Multiple(tw.g1(), tw.delta()), g2Multiple(tw.g2(), tw.delta()),
                Arrays.copyOf(extPoints, ni * G1L));
        long[] l = Arrays.copyOfRange(extPoints, ni * G1L, vars * G1L);
        return new Parameters(vk, h, l, a, bG1, bG2);
    }

    /**
     * The last numInputs rows must be bellperson's {@code x_i * 0 = 0}, in input order: without
     * them the IC query is not full and the parameters would not fit Filecoin's.
     */
    static void checkInputConstraints(R1csShape shape) {
        int ni = shape.numInputs();
        int n = shape.numConstraints();
        long[] one = Fr.FIELD.one();
        for (int i = 0; i < ni; i++) {
            int row = n - ni + i;
            SparseMatrix a = shape.a();
            boolean ok = row >= 0 && a.rowEnd(row) - a.rowStart(row) == 1 && a.var(a.rowStart(row)) == Variable.input(i)
                    && Fr.equal(shape.coefficients(), a.coeffIndex(a.rowStart(row)) * Fr.LIMBS, one, 0)
                    && shape.b().rowEnd(row) == shape.b().rowStart(row) && shape.c().rowEnd(row) == shape.c().rowStart(row);
            if (!ok) {
                throw new IllegalArgumentException("the shape does not end with bellperson's input constraints "
                        + "(x_i * 0 = 0 for each of its " + ni + " inputs): record it with ShapeSystem.of(circuit, true)");
            }
        }
    }

    private static long[] inverse(long[] x, String name) {
        if (Fr.isZero(x, 0)) {
            throw new IllegalArgumentException(name + " is zero");
        }
        long[] r = new long[Fr.LIMBS];
        Fr.inverse(x, 0, r, 0);
        return r;
    }

    /** tau^0 .. tau^(m-1), each chunk starting from its own power. */
    private static long[] powersOfTau(long[] tau, int m) {
        long[] powers = new long[m * Fr.LIMBS];
        ComputePool.forRange(0, m, 1 << 12, (from, to) -> {
            long[] p = new long[Fr.LIMBS];
            Fr.pow(tau, 0, new long[] {from}, p, 0);
            for (int i = from; i < to; i++) {
                System.arraycopy(p, 0, powers, i * Fr.LIMBS, Fr.LIMBS);
                Fr.mul(p, 0, tau, 0, p, 0);
            }
        });
        return powers;
    }

    private static boolean[] oneCoefficients(R1csShape shape) {
        long[] table = shape.coefficients();
        long[] one = Fr.FIELD.one();
        boolean[] isOne = new boolean[shape.numCoefficients()];
        for (int k = 0; k < isOne.length; k++) {
            isOne[k] = Fr.equal(table, k * Fr.LIMBS, one, 0);
        }
        return isOne;
    }

    /** out[var] += coefficient * L_row(tau) over the matrix; inputs first, then aux. */
    private static void evaluateAtTau(SparseMatrix matrix, R1csShape shape, boolean[] isOne, long[] lagrange,
            long[] out) {
        int ni = shape.numInputs();
        long[] table = shape.coefficients();
        long[] t = new long[Fr.LIMBS];
        for (int row = 0; row < matrix.rows(); row++) {
            int lo = row * Fr.LIMBS;
            for (int p = matrix.rowStart(row); p < matrix.rowEnd(row); p++) {
                int var = matrix.var(p);
                int o = (Variable.isInput(var) ? Variable.index(var) : ni + var) * Fr.LIMBS;
                int k = matrix.coeffIndex(p);
                if (isOne[k]) {
                    Fr.add(out, o, lagrange, lo, out, o);
                } else {
                    Fr.mul(table, k * Fr.LIMBS, lagrange, lo, t, 0);
                    Fr.add(out, o, t, 0, out, o);
                }
            }
        }
    }

    /** The non-zero elements of x, in order: the scalars of a density-filtered query. */
    private static long[] nonZero(long[] x) {
        int n = x.length / Fr.LIMBS;
        int count = 0;
        for (int j = 0; j < n; j++) {
            if (!Fr.isZero(x, j * Fr.LIMBS)) {
                count++;
            }
        }
        long[] out = new long[count * Fr.LIMBS];
        int k = 0;
        for (int j = 0; j < n; j++) {
            if (!Fr.isZero(x, j * Fr.LIMBS)) {
                System.arraycopy(x, j * Fr.LIMBS, out, k * Fr.LIMBS, Fr.LIMBS);
                k++;
            }
        }
        return out;
    }

    private static long[] g1Multiple(long[] base, long[] k) {
        long[] p = new long[G1.JACOBIAN];
        G1.fromAffine(base, 0, p, 0);
        G1.mul(p, 0, k, 0, p, 0);
        long[] out = new long[G1.AFFINE];
        G1.toAffine(p, 0, out, 0);
        return out;
    }

    private static long[] g2Multiple(long[] base, long[] k) {
        long[] p = new long[G2.JACOBIAN];
        G2.fromAffine(base, 0, p, 0);
        G2.mul(p, 0, k, 0, p, 0);
        long[] out = new long[G2.AFFINE];
        G2.toAffine(p, 0, out, 0);
        return out;
    }

    /** Reports the wall time since the previous lap. */
    private static final class Clock {
        private final Consumer<String> progress;
        private long last = System.nanoTime();

        Clock(Consumer<String> progress) {
            this.progress = progress;
        }

        void lap(String phase) {
            long now = System.nanoTime();
            progress.accept(String.format("%-60s %8.2f s", phase, (now - last) / 1e9));
            last = now;
        }
    }
}
