package io.c2spark.core.groth16;

import io.c2spark.core.curve.G1;
import io.c2spark.core.curve.G2;
import io.c2spark.core.field.Fr;
import io.c2spark.core.ntt.EvaluationDomain;
import io.c2spark.core.r1cs.R1csShape;
import io.c2spark.core.r1cs.Witness;
import java.security.SecureRandom;
import java.util.Random;

/**
 * The reference CPU Groth16 prover, bellperson's algorithm (prover/native.rs) on a shape and a
 * witness: a = A w, b = B w, c = C w over the domain; h = (a b - c) / Z on the coset g H (g = 7)
 * by inverse FFT, coset FFT, division and inverse coset FFT; then
 * A = alpha + sum w_i A_i + r delta, B = beta + sum w_i B_i + s delta (G2, and in G1 for C),
 * C = sum aux_j L_j + sum h_i H_i + s A + r B1 - r s delta. The shape must include the input
 * constraints. Witness values are expanded to a dense array here: the bit-aware MSM is the
 * production path.
 */
public final class Prover {
    private final ProvingKey pk;
    private final R1csShape shape;
    private final MultiExp msm;
    private final EvaluationDomain domain;

    public Prover(ProvingKey pk, R1csShape shape, MultiExp msm) {
        if (pk.numInputs() != shape.numInputs() || pk.numAux() != shape.numAux()) {
            throw new IllegalArgumentException("key for " + pk.numInputs() + " inputs and " + pk.numAux()
                    + " aux variables, shape has " + shape.numInputs() + " and " + shape.numAux());
        }
        this.domain = EvaluationDomain.forCoefficients(Math.max(1, shape.numConstraints()));
        if (domain.size() != pk.domainSize()) {
            throw new IllegalArgumentException("key for a domain of " + pk.domainSize() + ", shape needs " + domain.size());
        }
        this.pk = pk;
        this.shape = shape;
        this.msm = msm;
    }

    /** A proof with fresh random r and s. */
    public Proof prove(Witness w) {
        Random rnd = new SecureRandom();
        long[] r = new long[Fr.LIMBS];
        long[] s = new long[Fr.LIMBS];
        Fr.random(rnd, r, 0);
        Fr.random(rnd, s, 0);
        return prove(w, r, s);
    }

    public Proof prove(Witness w, long[] r, long[] s) {
        if (w.numInputs() != shape.numInputs() || w.numAux() != shape.numAux()) {
            throw new IllegalArgumentException("witness has " + w.numInputs() + " inputs and " + w.numAux()
                    + " aux values, the shape " + shape.numInputs() + " and " + shape.numAux());
        }
        long[] inputs = w.inputs();
        long[] aux = w.denseAux();
        long[] h = quotient(inputs, aux);
        long[] all = new long[inputs.length + aux.length];
        System.arraycopy(inputs, 0, all, 0, inputs.length);
        System.arraycopy(aux, 0, all, inputs.length, aux.length);
        VerifyingKey vk = pk.vk();

        long[] g1 = new long[G1.JACOBIAN];
        long[] piA = msm.g1(pk.a(), all);
        addG1(piA, vk.alpha1(), null);
        addG1(piA, vk.delta1(), r);

        long[] piB1 = msm.g1(pk.b1(), all);
        addG1(piB1, vk.beta1(), null);
        addG1(piB1, vk.delta1(), s);

        long[] piB = msm.g2(pk.b2(), all);
        long[] g2 = new long[G2.JACOBIAN];
        G2.fromAffine(vk.beta2(), 0, g2, 0);
        G2.add(piB, 0, g2, 0, piB, 0);
        G2.fromAffine(vk.delta2(), 0, g2, 0);
        G2.mul(g2, 0, s, 0, g2, 0);
        G2.add(piB, 0, g2, 0, piB, 0);

        long[] piC = msm.g1(pk.l(), aux);
        long[] hHead = new long[(domain.size() - 1) * Fr.LIMBS];
        System.arraycopy(h, 0, hHead, 0, hHead.length);
        G1.add(piC, 0, msm.g1(pk.h(), hHead), 0, piC, 0);
        G1.mul(piA, 0, s, 0, g1, 0);
        G1.add(piC, 0, g1, 0, piC, 0);
        G1.mul(piB1, 0, r, 0, g1, 0);
        G1.add(piC, 0, g1, 0, piC, 0);
        long[] rs = new long[Fr.LIMBS];
        Fr.mul(r, 0, s, 0, rs, 0);
        Fr.neg(rs, 0, rs, 0);
        addG1(piC, vk.delta1(), rs);

        long[] a = new long[G1.AFFINE];
        long[] b = new long[G2.AFFINE];
        long[] c = new long[G1.AFFINE];
        G1.toAffine(piA, 0, a, 0);
        G2.toAffine(piB, 0, b, 0);
        G1.toAffine(piC, 0, c, 0);
        return new Proof(a, b, c);
    }

    /** The coefficients of h = (a b - c) / Z, n values of which the last is zero for a satisfied witness. */
    long[] quotient(long[] inputs, long[] aux) {
        int n = domain.size();
        long[] a = new long[n * Fr.LIMBS];
        long[] b = new long[n * Fr.LIMBS];
        long[] c = new long[n * Fr.LIMBS];
        long[] table = shape.coefficients();
        shape.a().multiply(table, inputs, aux, a);
        shape.b().multiply(table, inputs, aux, b);
        shape.c().multiply(table, inputs, aux, c);
        for (long[] v : new long[][] {a, b, c}) {
            domain.ifft(v);
            domain.cosetFft(v);
        }
        Fr.mulArrays(a, 0, b, 0, a, 0, n);
        for (int i = 0; i < n; i++) {
            Fr.sub(a, i * Fr.LIMBS, c, i * Fr.LIMBS, a, i * Fr.LIMBS);
        }
        domain.divideByZOnCoset(a);
        domain.icosetFft(a);
        return a;
    }

    /** acc += [k] p (k null: + p), p affine. */
    private static void addG1(long[] acc, long[] p, long[] k) {
        long[] t = new long[G1.JACOBIAN];
        G1.fromAffine(p, 0, t, 0);
        if (k != null) {
            G1.mul(t, 0, k, 0, t, 0);
        }
        G1.add(acc, 0, t, 0, acc, 0);
    }
}
