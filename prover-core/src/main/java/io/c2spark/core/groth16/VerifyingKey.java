package io.c2spark.core.groth16;

/**
 * A Groth16 verifying key, points affine in the shared layout (G1 12 longs, G2 24 longs, identity
 * all zero): alpha, beta and delta in G1 and G2 as bellperson's .vk holds them, gamma in G2, and the
 * IC points (one per public input, ONE first) for the input combination.
 */
public record VerifyingKey(long[] alpha1, long[] beta1, long[] beta2, long[] gamma2, long[] delta1, long[] delta2,
        long[] ic) {
    public static final int G1_LONGS = 12;
    public static final int G2_LONGS = 24;

    public VerifyingKey {
        check(alpha1, G1_LONGS, "alpha_g1");
        check(beta2, G2_LONGS, "beta_g2");
        check(gamma2, G2_LONGS, "gamma_g2");
        check(delta2, G2_LONGS, "delta_g2");
        if (beta1 != null) {
            check(beta1, G1_LONGS, "beta_g1");
        }
        if (delta1 != null) {
            check(delta1, G1_LONGS, "delta_g1");
        }
        if (ic.length == 0 || ic.length % G1_LONGS != 0) {
            throw new IllegalArgumentException("IC holds " + ic.length + " longs, not a positive number of G1 points");
        }
    }

    private static void check(long[] p, int len, String name) {
        if (p.length != len) {
            throw new IllegalArgumentException(name + " holds " + p.length + " longs, expected " + len);
        }
    }

    /** Public inputs the key verifies, ONE excluded. */
    public int numPublic() {
        return ic.length / G1_LONGS - 1;
    }
}
