package io.c2spark.core.groth16;

import io.c2spark.core.curve.G1;
import io.c2spark.core.curve.G2;
import io.c2spark.core.field.Fr;

/**
 * The last step of every prover, on the CPU: the proof from the query sums (Jacobian) and the
 * blinding factors, as bellperson's prover combines them:
 * A = alpha + A(w) + r delta, B = beta + B(w) + s delta (G2),
 * C = s A(w) + r B1(w) + r s delta + s alpha + r beta + H + L (G1). Affine results are unique, so
 * provers that reach the same sums by different routes give the same bytes.
 */
public final class ProofAssembly {
    private ProofAssembly() {
    }

    /**
     * @param h sum over the h query; l, a, b1 (G1) and b2 (G2) the sums over the other queries,
     *        all Jacobian; r and s Fr Montgomery
     */
    public static Proof assemble(VerifyingKey vk, long[] h, long[] l, long[] a, long[] b1, long[] b2, long[] r, long[] s) {
        long[] ga = g1(vk.delta1(), r);
        long[] alpha = new long[G1.JACOBIAN];
        G1.LAW.fromAffine(vk.alpha1(), 0, alpha, 0);
        G1.LAW.add(ga, 0, alpha, 0, ga, 0);
        G1.LAW.add(ga, 0, a, 0, ga, 0);

        long[] gb = new long[G2.JACOBIAN];
        G2.LAW.fromAffine(vk.delta2(), 0, gb, 0);
        G2.LAW.mul(gb, 0, s, 0, gb, 0);
        long[] t2 = new long[G2.JACOBIAN];
        G2.LAW.fromAffine(vk.beta2(), 0, t2, 0);
        G2.LAW.add(gb, 0, t2, 0, gb, 0);
        G2.LAW.add(gb, 0, b2, 0, gb, 0);

        long[] gc = new long[G1.JACOBIAN];
        G1.LAW.mul(a, 0, s, 0, gc, 0);
        long[] rb1 = new long[G1.JACOBIAN];
        G1.LAW.mul(b1, 0, r, 0, rb1, 0);
        G1.LAW.add(gc, 0, rb1, 0, gc, 0);
        long[] rs = new long[Fr.LIMBS];
        Fr.mul(r, 0, s, 0, rs, 0);
        G1.LAW.add(gc, 0, g1(vk.delta1(), rs), 0, gc, 0);
        G1.LAW.add(gc, 0, g1(vk.alpha1(), s), 0, gc, 0);
        G1.LAW.add(gc, 0, g1(vk.beta1(), r), 0, gc, 0);
        G1.LAW.add(gc, 0, h, 0, gc, 0);
        G1.LAW.add(gc, 0, l, 0, gc, 0);

        return Proof.ofJacobian(ga, gb, gc);
    }

    private static long[] g1(long[] affine, long[] k) {
        long[] p = new long[G1.JACOBIAN];
        G1.LAW.fromAffine(affine, 0, p, 0);
        G1.LAW.mul(p, 0, k, 0, p, 0);
        return p;
    }
}
