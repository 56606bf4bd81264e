package io.c2spark.core.groth16;

import io.c2spark.core.curve.G1;
import io.c2spark.core.curve.G2;
import io.c2spark.core.field.Fr;
import io.c2spark.core.pairing.G2Prepared;
import io.c2spark.core.pairing.Pairing;

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
        G1.negAffine(proof.a(), 0, g1, 0);
        System.arraycopy(vk.alpha1(), 0, g1, G1_LONGS, G1_LONGS);
        inputCombination(publicInputs, g1, 2 * G1_LONGS);
        System.arraycopy(proof.c(), 0, g1, 3 * G1_LONGS, G1_LONGS);
        G2Prepared[] g2 = {G2Prepared.of(proof.b(), 0), beta, gamma, delta};
        return Pairing.pairingCheck(g1, g2);
    }

    /** L = IC_0 + sum x_i IC_{i+1}, affine, written at out[off]. */
    private void inputCombination(long[] x, long[] out, int off) {
        long[] ic = vk.ic();
        long[] acc = new long[G1.JACOBIAN];
        long[] term = new long[G1.JACOBIAN];
        G1.fromAffine(ic, 0, acc, 0);
        for (int i = 0; i < vk.numPublic(); i++) {
            G1.fromAffine(ic, (i + 1) * G1_LONGS, term, 0);
            G1.mul(term, 0, x, i * Fr.LIMBS, term, 0);
            G1.add(acc, 0, term, 0, acc, 0);
        }
        G1.toAffine(acc, 0, out, off);
    }

    private static boolean isValidG1(long[] p) {
        return G1.isOnCurveAffine(p, 0) && G1.isInSubgroup(p, 0);
    }

    private static boolean isValidG2(long[] p) {
        return G2.isOnCurveAffine(p, 0) && G2.isInSubgroup(p, 0);
    }
}
