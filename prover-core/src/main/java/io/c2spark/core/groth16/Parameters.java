package io.c2spark.core.groth16;

/**
 * Groth16 parameters held on the heap, bellperson's Parameters: the verifying key (with beta and
 * delta in G1, which the prover needs) and the five queries as flat affine arrays.
 */
public record Parameters(VerifyingKey vk, long[] h, long[] l, long[] a, long[] bG1, long[] bG2)
        implements ParameterSource {
    public Parameters {
        if (vk.beta1() == null || vk.delta1() == null) {
            throw new IllegalArgumentException("proving parameters need beta_g1 and delta_g1 in the verifying key");
        }
        check(h, VerifyingKey.G1_LONGS, "h");
        check(l, VerifyingKey.G1_LONGS, "l");
        check(a, VerifyingKey.G1_LONGS, "a");
        check(bG1, VerifyingKey.G1_LONGS, "b_g1");
        check(bG2, VerifyingKey.G2_LONGS, "b_g2");
        if (bG1.length / VerifyingKey.G1_LONGS != bG2.length / VerifyingKey.G2_LONGS) {
            throw new IllegalArgumentException("b_g1 holds " + bG1.length / VerifyingKey.G1_LONGS + " points, b_g2 "
                    + bG2.length / VerifyingKey.G2_LONGS);
        }
    }

    private static void check(long[] query, int pointLongs, String name) {
        if (query.length % pointLongs != 0) {
            throw new IllegalArgumentException("query " + name + " holds " + query.length + " longs, not a whole number of "
                    + pointLongs + "-long points");
        }
    }
}
