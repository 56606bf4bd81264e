package io.c2spark.core.groth16;

import io.c2spark.core.curve.G1;
import io.c2spark.core.curve.G2;
import io.c2spark.core.field.Fr;
import io.c2spark.core.pairing.G2Prepared;
import io.c2spark.core.pairing.Pairing;
import java.math.BigInteger;
import java.util.Random;

/**
 * Groth16 verification: e(A, B) = e(alpha, beta) * e(L, gamma) * e(C, delta), with
 * L = IC_0 + sum x_i IC_{i+1} over the public inputs x (ONE excluded), checked as one product of four
 * pairings, e(-A, B) e(alpha, beta) e(L, gamma) e(C, delta) = 1, with one final exponentiation.
 * The key's G2 points are prepared once. Proof points must be on their curves and in the order-r
 * subgroups; a proof that is not is rejected, like one that fails the equation.
 */
public final class Verifier {
    private static final int G1_LONGS = VerifyingKey.G1_LONGS;

    private final VerifyingKey vk;
    private final G2Prepared beta;
    private final G2Prepared gamma;
    private final G2Prepared delta;

    public Verifier(VerifyingKey vk) {
        this.vk = vk;
        this.beta = G2Prepared.of(vk.beta2(), 0);
        this.gamma = G2Prepared.of(vk.gamma2(), 0);
        this.delta = G2Prepared.of(vk.delta2(), 0);
    }

    /**
     * True when the proof is valid for these public inputs (Fr Montgomery, 4 limbs each, ONE
     * excluded).
     *
     * @throws IllegalArgumentException when the number of inputs differs from the key's
     */
    public boolean verify(long[] publicInputs, Proof proof) {
        if (publicInputs.length != vk.numPublic() * Fr.LIMBS) {
            throw new IllegalArgumentException("the verifying key takes " + vk.numPublic() + " public inputs, got "
                    + publicInputs.length / Fr.LIMBS);
        }
        if (!isValidG1(proof.a()) || !isValidG1(proof.c()) || !isValidG2(proof.b())) {
            return false;
        }
        long[] g1 = new long[4 * G1_LONGS];
        G1.LAW.negAffine(proof.a(), 0, g1, 0);
        System.arraycopy(vk.alpha1(), 0, g1, G1_LONGS, G1_LONGS);
        inputCombination(publicInputs, g1, 2 * G1_LONGS);
        System.arraycopy(proof.c(), 0, g1, 3 * G1_LONGS, G1_LONGS);
        G2Prepared[] g2 = {G2Prepared.of(proof.b(), 0), beta, gamma, delta};
        return Pairing.pairingCheck(g1, g2);
    }

    /**
     * True when every proof is valid for its public inputs (inputs[i], as {@link #verify}), checked
     * together: with random 128-bit weights z_i, prod e(-z_i A_i, B_i) * e(sum z_i alpha, beta) *
     * e(sum z_i L_i, gamma) * e(sum z_i C_i, delta) = 1, one multi-pairing of n + 3 pairs. A batch
     * holding an invalid proof passes with probability about 2^-128; a false result does not say
     * which proof is bad.
     */
    public boolean verifyBatch(long[][] inputs, Proof[] proofs, Random rnd) {
        int n = proofs.length;
        if (inputs.length != n) {
            throw new IllegalArgumentException(n + " proofs but " + inputs.length + " input vectors");
        }
        long[] g1 = new long[(n + 3) * G1_LONGS];
        G2Prepared[] g2 = new G2Prepared[n + 3];
        long[] zSum = new long[Fr.LIMBS];
        long[] lSum = new long[G1.JACOBIAN];
        long[] cSum = new long[G1.JACOBIAN];
        long[] t = new long[G1.JACOBIAN];
        long[] z = new long[Fr.LIMBS];
        long[] l = new long[G1_LONGS];
        for (int i = 0; i < n; i++) {
            Proof p = proofs[i];
            if (inputs[i].length != vk.numPublic() * Fr.LIMBS) {
                throw new IllegalArgumentException("proof " + i + ": the verifying key takes " + vk.numPublic()
                        + " public inputs, got " + inputs[i].length / Fr.LIMBS);
            }
            if (!isValidG1(p.a()) || !isValidG1(p.c()) || !isValidG2(p.b())) {
                return false;
            }
            Fr.FIELD.fromBigInteger(new BigInteger(128, rnd), z, 0);
            Fr.add(zSum, 0, z, 0, zSum, 0);
            G1.LAW.fromAffine(p.a(), 0, t, 0);
            G1.LAW.mul(t, 0, z, 0, t, 0);
            G1.LAW.neg(t, 0, t, 0);
            G1.LAW.toAffine(t, 0, g1, i * G1_LONGS);
            g2[i] = G2Prepared.of(p.b(), 0);
            inputCombination(inputs[i], l, 0);
            G1.LAW.fromAffine(l, 0, t, 0);
            G1.LAW.mul(t, 0, z, 0, t, 0);
            G1.LAW.add(lSum, 0, t, 0, lSum, 0);
            G1.LAW.fromAffine(p.c(), 0, t, 0);
            G1.LAW.mul(t, 0, z, 0, t, 0);
            G1.LAW.add(cSum, 0, t, 0, cSum, 0);
        }
        G1.LAW.fromAffine(vk.alpha1(), 0, t, 0);
        G1.LAW.mul(t, 0, zSum, 0, t, 0);
        G1.LAW.toAffine(t, 0, g1, n * G1_LONGS);
        G1.LAW.toAffine(lSum, 0, g1, (n + 1) * G1_LONGS);
        G1.LAW.toAffine(cSum, 0, g1, (n + 2) * G1_LONGS);
        g2[n] = beta;
        g2[n + 1] = gamma;
        g2[n + 2] = delta;
        return Pairing.pairingCheck(g1, g2);
    }

    /** L = IC_0 + sum x_i IC_{i+1}, affine, written at out[off]. */
    private void inputCombination(long[] x, long[] out, int off) {
        long[] ic = vk.ic();
        long[] acc = new long[G1.JACOBIAN];
        long[] term = new long[G1.JACOBIAN];
        G1.LAW.fromAffine(ic, 0, acc, 0);
        for (int i = 0; i < vk.numPublic(); i++) {
            G1.LAW.fromAffine(ic, (i + 1) * G1_LONGS, term, 0);
            G1.LAW.mul(term, 0, x, i * Fr.LIMBS, term, 0);
            G1.LAW.add(acc, 0, term, 0, acc, 0);
        }
        G1.LAW.toAffine(acc, 0, out, off);
    }

    private static boolean isValidG1(long[] p) {
        return G1.LAW.isOnCurveAffine(p, 0) && G1.isInSubgroup(p, 0);
    }

    private static boolean isValidG2(long[] p) {
        return G2.LAW.isOnCurveAffine(p, 0) && G2.isInSubgroup(p, 0);
    }
}
