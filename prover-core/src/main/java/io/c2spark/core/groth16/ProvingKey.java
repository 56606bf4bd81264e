package io.c2spark.core.groth16;

/**
 * Groth16 parameters in bellperson's layout (groth16/params.rs), in memory: the verifying key; H,
 * n - 1 G1 points tau^i Z(tau) / delta; L, one G1 point per aux variable; A and B (G1 and G2) with
 * one point per variable, inputs then aux, left as the identity where the variable is not in A
 * (B) — bellperson's files drop those by density, this keeps the index of every variable.
 */
public record ProvingKey(VerifyingKey vk, long[] h, long[] l, long[] a, long[] b1, long[] b2) {
    public int numInputs() {
        return vk.numPublic() + 1;
    }

    public int numAux() {
        return l.length / VerifyingKey.G1_LONGS;
    }

    /** The domain size n (H has n - 1 points). */
    public int domainSize() {
        return h.length / VerifyingKey.G1_LONGS + 1;
    }
}
