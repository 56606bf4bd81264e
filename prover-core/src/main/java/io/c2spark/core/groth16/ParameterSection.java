package io.c2spark.core.groth16;

import io.c2spark.core.curve.ZcashEncoding;

/**
 * The point sections of bellperson's parameter files, in file order: IC closes the verifying key
 * (the .vk file ends with it), then the .params file's five queries. Each is a u32 big-endian count
 * followed by that many uncompressed zcash points.
 */
public enum ParameterSection {
    /** (beta u_j + alpha v_j + w_j)(tau) / gamma G1 for every input j, ONE first. */
    IC("ic", false),
    /** tau^i Z(tau) / delta G1 for i = 0 .. m - 2. */
    H("h", false),
    /** (beta u_j + alpha v_j + w_j)(tau) / delta G1 for every aux variable j. */
    L("l", false),
    /** u_j(tau) G1 for the inputs, then the aux variables, whose u_j(tau) is not zero. */
    A("a", false),
    /** v_j(tau) G1 for the inputs, then the aux variables, whose v_j(tau) is not zero. */
    B_G1("b_g1", false),
    /** v_j(tau) G2 for the same variables as {@link #B_G1}. */
    B_G2("b_g2", true);

    private final String label;
    private final boolean g2;

    ParameterSection(String label, boolean g2) {
        this.label = label;
        this.g2 = g2;
    }

    /** bellperson's name of the section: ic, h, l, a, b_g1, b_g2. */
    public String label() {
        return label;
    }

    public boolean isG2() {
        return g2;
    }

    /** Bytes of one uncompressed point: 96 (G1) or 192 (G2). */
    public int pointBytes() {
        return g2 ? ZcashEncoding.G2_UNCOMPRESSED : ZcashEncoding.G1_UNCOMPRESSED;
    }

    /** The section of that label. */
    public static ParameterSection ofLabel(String label) {
        for (ParameterSection s : values()) {
            if (s.label.equals(label)) {
                return s;
            }
        }
        throw new IllegalArgumentException("no parameter section '" + label + "' (ic, h, l, a, b_g1, b_g2)");
    }
}
