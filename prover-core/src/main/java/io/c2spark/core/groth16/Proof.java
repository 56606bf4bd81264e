package io.c2spark.core.groth16;

/** A Groth16 proof: A and C in G1 (12 longs), B in G2 (24 longs), affine, identity all zero. */
public record Proof(long[] a, long[] b, long[] c) {
    public Proof {
        if (a.length != VerifyingKey.G1_LONGS || b.length != VerifyingKey.G2_LONGS || c.length != VerifyingKey.G1_LONGS) {
            throw new IllegalArgumentException("proof points have " + a.length + ", " + b.length + ", " + c.length
                    + " longs, expected 12, 24, 12");
        }
    }
}
