package io.c2spark.core.groth16;

import io.c2spark.core.curve.G1;
import io.c2spark.core.curve.G2;
import io.c2spark.core.field.Fr;
import io.c2spark.core.msm.BatchAddition;
import io.c2spark.core.ntt.EvaluationDomain;
import io.c2spark.core.r1cs.R1csShape;
import io.c2spark.core.r1cs.Witness;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Random;

/**
 * The reference CPU Groth16 prover, bellperson's algorithm (prover/native.rs) on a shape and a
 * witness: a = A w, b = B w, c = C w over the domain; h = (a b - c) / Z on the coset g H (g = 7)
 * by inverse FFT, coset FFT, division and inverse coset FFT; then
 * A = alpha + sum w_i A_i + r delta, B = beta + sum w_i B_i + s delta (G2, and in G1 for C),
 * C = sum aux_j L_j + sum h_i H_i + s A + r B1 - r s delta. The shape must include the input
 * constraints.
 *
 * <p>Each sum over the variables splits as the witness does: inputs by MSM, bit variables by
 * batch addition of the bases their bitmap selects, the other aux variables (the tail) by MSM over
 * bases gathered once, here, from the shape's bit flags. The quotient still expands the witness
 * to a dense array (the sparse products are the reference ones).
 */
public final class Prover {
    private final ProvingKey pk;
    private final R1csShape shape;
    private final MultiExp msm;
    private final EvaluationDomain domain;
    private final int numAux;
    /** The shape's non-bit aux variables, ascending: the witness tail's order. */
    private final int[] tail;
    private final long[] inputA;
    private final long[] inputB1;
    private final long[] inputB2;
    private final long[] auxA;
    private final long[] auxB1;
    private final long[] auxB2;
    private final long[] tailA;
    private final long[] tailB1;
    private final long[] tailB2;
    private final long[] tailL;

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
        int nIn = shape.numInputs();
        this.numAux = shape.numAux();
        int[] t = new int[numAux];
        int k = 0;
        for (int j = 0; j < numAux; j++) {
            if (!shape.isBit(j)) {
                t[k++] = j;
            }
        }
        this.tail = Arrays.copyOf(t, k);
        this.inputA = Arrays.copyOfRange(pk.a(), 0, nIn * G1.AFFINE);
        this.inputB1 = Arrays.copyOfRange(pk.b1(), 0, nIn * G1.AFFINE);
        this.inputB2 = Arrays.copyOfRange(pk.b2(), 0, nIn * G2.AFFINE);
        this.auxA = Arrays.copyOfRange(pk.a(), nIn * G1.AFFINE, pk.a().length);
        this.auxB1 = Arrays.copyOfRange(pk.b1(), nIn * G1.AFFINE, pk.b1().length);
        this.auxB2 = Arrays.copyOfRange(pk.b2(), nIn * G2.AFFINE, pk.b2().length);
        this.tailA = gather(auxA, G1.AFFINE);
        this.tailB1 = gather(auxB1, G1.AFFINE);
        this.tailB2 = gather(auxB2, G2.AFFINE);
        this.tailL = gather(pk.l(), G1.AFFINE);
    }

    private long[] gather(long[] bases, int stride) {
        long[] out = new long[tail.length * stride];
        for (int i = 0; i < tail.length; i++) {
            System.arraycopy(bases, tail[i] * stride, out, i * stride, stride);
        }
        return out;
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
        if (!Arrays.equals(w.tailAux(), tail)) {
            throw new IllegalArgumentException("the witness's bit variables differ from the shape's");
        }
        long[] inputs = w.inputs();
        long[] h = quotient(inputs, w.denseAux());
        long[] bits = w.bits();
        long[] values = w.tail();
        VerifyingKey vk = pk.vk();

        long[] g1 = new long[G1.JACOBIAN];
        long[] piA = msm.g1(inputA, inputs);
        G1.add(piA, 0, BatchAddition.g1(auxA, bits, numAux), 0, piA, 0);
        G1.add(piA, 0, msm.g1(tailA, values), 0, piA, 0);
        addG1(piA, vk.alpha1(), null);
        addG1(piA, vk.delta1(), r);

        long[] piB1 = msm.g1(inputB1, inputs);
        G1.add(piB1, 0, BatchAddition.g1(auxB1, bits, numAux), 0, piB1, 0);
        G1.add(piB1, 0, msm.g1(tailB1, values), 0, piB1, 0);
        addG1(piB1, vk.beta1(), null);
        addG1(piB1, vk.delta1(), s);

        long[] piB = msm.g2(inputB2, inputs);
        G2.add(piB, 0, BatchAddition.g2(auxB2, bits, numAux), 0, piB, 0);
        G2.add(piB, 0, msm.g2(tailB2, values), 0, piB, 0);
        long[] g2 = new long[G2.JACOBIAN];
        G2.fromAffine(vk.beta2(), 0, g2, 0);
        G2.add(piB, 0, g2, 0, piB, 0);
        G2.fromAffine(vk.delta2(), 0, g2, 0);
        G2.mul(g2, 0, s, 0, g2, 0);
        G2.add(piB, 0, g2, 0, piB, 0);

        long[] piC = BatchAddition.g1(pk.l(), bits, numAux);
        G1.add(piC, 0, msm.g1(tailL, values), 0, piC, 0);
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
