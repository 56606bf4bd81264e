package io.c2spark.core.groth16;

import io.c2spark.core.curve.G1;
import io.c2spark.core.curve.G2;

/** A Groth16 proof: A and C in G1 (12 longs), B in G2 (24 longs), affine, identity all zero. */
public record Proof(long[] a, long[] b, long[] c) {
    public Proof {
        if (a.length != VerifyingKey.G1_LONGS || b.length != VerifyingKey.G2_LONGS || c.length != VerifyingKey.G1_LONGS) {
            throw new IllegalArgumentException("proof points have " + a.length + ", " + b.length + ", " + c.length
                    + " longs, expected 12, 24, 12");
        }
    }

    /** The proof of the Jacobian points A, C (G1) and B (G2) a prover ends with. */
    public static Proof ofJacobian(long[] a, long[] b, long[] c) {
        long[] pa = new long[G1.AFFINE];
        long[] pb = new long[G2.AFFINE];
        long[] pc = new long[G1.AFFINE];
        G1.LAW.toAffine(a, 0, pa, 0);
        G2.LAW.toAffine(b, 0, pb, 0);
        G1.LAW.toAffine(c, 0, pc, 0);
        return new Proof(pa, pb, pc);
    }
}
