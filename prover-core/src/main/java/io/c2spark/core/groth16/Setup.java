package io.c2spark.core.groth16;

import io.c2spark.core.curve.G1;
import io.c2spark.core.curve.G2;
import io.c2spark.core.field.Fr;
import io.c2spark.core.ntt.EvaluationDomain;
import io.c2spark.core.r1cs.R1csShape;
import io.c2spark.core.r1cs.SparseMatrix;
import io.c2spark.core.r1cs.Variable;
import java.util.Random;

/**
 * Groth16 key generation as bellperson's generator.rs: random tau, alpha, beta, gamma, delta (from
 * the caller's Random: seeded for tests, SecureRandom otherwise); the Lagrange coefficients
 * L_i(tau) by an inverse FFT of the powers of tau on the domain of the next power of two at least
 * the constraint count; per variable the QAP values at(tau), bt(tau), ct(tau) from the shape; then
 * A = [at] G1, B = [bt] G1, G2, IC / L = [(beta at + alpha bt + ct) / gamma or delta] G1,
 * H_i = [tau^i Z(tau) / delta] G1. The shape must include the input constraints
 * ({@code ShapeSystem.of(circuit, true)}), as bellperson's does; an aux variable in no constraint
 * is refused (its L point would be the identity), as bellperson refuses it.
 *
 * <p>Points are computed by plain scalar multiplication of the generators: fine for test circuits;
 * a real ceremony's parameters come from files.
 */
public final class Setup {
    private Setup() {
    }

    public static ProvingKey generate(R1csShape shape, Random rnd) {
        long[] tau = nonZero(rnd);
        long[] alpha = nonZero(rnd);
        long[] beta = nonZero(rnd);
        long[] gamma = nonZero(rnd);
        long[] delta = nonZero(rnd);
        EvaluationDomain domain = EvaluationDomain.forCoefficients(Math.max(1, shape.numConstraints()));
        int n = domain.size();

        long[] lagrange = new long[n * Fr.LIMBS];
        long[] power = Fr.FIELD.one();
        for (int i = 0; i < n; i++) {
            System.arraycopy(power, 0, lagrange, i * Fr.LIMBS, Fr.LIMBS);
            Fr.mul(power, 0, tau, 0, power, 0);
        }
        long[] zTau = new long[Fr.LIMBS];
        Fr.sub(power, 0, Fr.FIELD.one(), 0, zTau, 0);
        domain.ifft(lagrange);

        long[] gammaInv = new long[Fr.LIMBS];
        long[] deltaInv = new long[Fr.LIMBS];
        Fr.inverse(gamma, 0, gammaInv, 0);
        Fr.inverse(delta, 0, deltaInv, 0);

        int nIn = shape.numInputs();
        int nAux = shape.numAux();
        int vars = nIn + nAux;
        long[] at = evaluate(shape.a(), shape.coefficients(), lagrange, nIn, vars);
        long[] bt = evaluate(shape.b(), shape.coefficients(), lagrange, nIn, vars);
        long[] ct = evaluate(shape.c(), shape.coefficients(), lagrange, nIn, vars);

        long[] a = new long[vars * G1.AFFINE];
        long[] b1 = new long[vars * G1.AFFINE];
        long[] b2 = new long[vars * G2.AFFINE];
        long[] ic = new long[nIn * G1.AFFINE];
        long[] l = new long[nAux * G1.AFFINE];
        long[] e = new long[Fr.LIMBS];
        long[] t = new long[Fr.LIMBS];
        for (int v = 0; v < vars; v++) {
            int o = v * Fr.LIMBS;
            if (!Fr.isZero(at, o)) {
                g1Times(at, o, a, v * G1.AFFINE);
            }
            if (!Fr.isZero(bt, o)) {
                g1Times(bt, o, b1, v * G1.AFFINE);
                g2Times(bt, o, b2, v * G2.AFFINE);
            }
            Fr.mul(at, o, beta, 0, e, 0);
            Fr.mul(bt, o, alpha, 0, t, 0);
            Fr.add(e, 0, t, 0, e, 0);
            Fr.add(e, 0, ct, o, e, 0);
            if (v < nIn) {
                Fr.mul(e, 0, gammaInv, 0, e, 0);
                g1Times(e, 0, ic, v * G1.AFFINE);
            } else {
                if (Fr.isZero(e, 0)) {
                    throw new IllegalArgumentException("aux variable " + (v - nIn) + " is in no constraint");
                }
                Fr.mul(e, 0, deltaInv, 0, e, 0);
                g1Times(e, 0, l, (v - nIn) * G1.AFFINE);
            }
        }

        long[] h = new long[(n - 1) * G1.AFFINE];
        long[] hi = new long[Fr.LIMBS];
        Fr.mul(zTau, 0, deltaInv, 0, hi, 0);
        for (int i = 0; i < n - 1; i++) {
            g1Times(hi, 0, h, i * G1.AFFINE);
            Fr.mul(hi, 0, tau, 0, hi, 0);
        }

        VerifyingKey vk = new VerifyingKey(g1(alpha), g1(beta), g2(beta), g2(gamma), g1(delta), g2(delta), ic);
        return new ProvingKey(vk, h, l, a, b1, b2);
    }

    /** Per variable (inputs then aux), the sum of coefficient * L_row(tau) over the matrix column. */
    private static long[] evaluate(SparseMatrix m, long[] table, long[] lagrange, int nIn, int vars) {
        long[] out = new long[vars * Fr.LIMBS];
        long[] t = new long[Fr.LIMBS];
        for (int row = 0; row < m.rows(); row++) {
            for (int p = m.rowStart(row); p < m.rowEnd(row); p++) {
                int v = m.var(p);
                int col = (Variable.isInput(v) ? Variable.index(v) : nIn + v) * Fr.LIMBS;
                Fr.mul(table, m.coeffIndex(p) * Fr.LIMBS, lagrange, row * Fr.LIMBS, t, 0);
                Fr.add(out, col, t, 0, out, col);
            }
        }
        return out;
    }

    private static long[] nonZero(Random rnd) {
        long[] x = new long[Fr.LIMBS];
        do {
            Fr.random(rnd, x, 0);
        } while (Fr.isZero(x, 0));
        return x;
    }

    private static long[] g1(long[] k) {
        long[] out = new long[G1.AFFINE];
        g1Times(k, 0, out, 0);
        return out;
    }

    private static long[] g2(long[] k) {
        long[] out = new long[G2.AFFINE];
        g2Times(k, 0, out, 0);
        return out;
    }

    private static void g1Times(long[] k, int ko, long[] out, int oo) {
        long[] p = new long[G1.JACOBIAN];
        G1.fromAffine(G1.generator(), 0, p, 0);
        G1.mul(p, 0, k, ko, p, 0);
        G1.toAffine(p, 0, out, oo);
    }

    private static void g2Times(long[] k, int ko, long[] out, int oo) {
        long[] p = new long[G2.JACOBIAN];
        G2.fromAffine(G2.generator(), 0, p, 0);
        G2.mul(p, 0, k, ko, p, 0);
        G2.toAffine(p, 0, out, oo);
    }
}
