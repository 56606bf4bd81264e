package io.c2spark.core.groth16;

/**
 * Where a prover reads Groth16 parameters from, in bellperson's layout (groth16/params.rs
 * ParameterSource): heap arrays ({@link Parameters}) now; memory-mapped files and device-resident
 * points can implement the same interface. Points are affine in the shared layout (G1 12 longs, G2
 * 24 longs); no query holds the identity.
 *
 * <ul>
 * <li>h: tau^i Z(tau) / delta G1 for i = 0 .. m - 2 (m the domain size);
 * <li>l: (beta u_j(tau) + alpha v_j(tau) + w_j(tau)) / delta G1, one per aux variable;
 * <li>a: u_j(tau) G1 for every input, then for the aux variables that appear in A;
 * <li>b_g1, b_g2: v_j(tau) in G1 and G2, for the inputs that appear in B, then the aux variables
 * that appear in B.
 * </ul>
 */
public interface ParameterSource {
    VerifyingKey vk();

    long[] h();

    long[] l();

    long[] a();

    long[] bG1();

    long[] bG2();

    /** Points of a G1 query. */
    static int g1Count(long[] query) {
        return query.length / VerifyingKey.G1_LONGS;
    }

    /** Points of a G2 query. */
    static int g2Count(long[] query) {
        return query.length / VerifyingKey.G2_LONGS;
    }
}
