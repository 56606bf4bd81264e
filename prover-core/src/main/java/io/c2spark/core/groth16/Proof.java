package io.c2spark.core.groth16;

import io.c2spark.core.curve.ZcashEncoding;

/** A Groth16 proof: A and C in G1 (12 longs), B in G2 (24 longs), affine, identity all zero. */
public record Proof(long[] a, long[] b, long[] c) {
    /** Bytes of the encoding bellperson and Filecoin use: A, B, C compressed (zcash). */
    public static final int BYTES = ZcashEncoding.G1_COMPRESSED + ZcashEncoding.G2_COMPRESSED + ZcashEncoding.G1_COMPRESSED;

    public Proof {
        if (a.length != VerifyingKey.G1_LONGS || b.length != VerifyingKey.G2_LONGS || c.length != VerifyingKey.G1_LONGS) {
            throw new IllegalArgumentException("proof points have " + a.length + ", " + b.length + ", " + c.length
                    + " longs, expected 12, 24, 12");
        }
    }

    /** The 192-byte encoding: A (48) || B (96) || C (48), compressed. */
    public byte[] toBytes() {
        byte[] out = new byte[BYTES];
        ZcashEncoding.writeG1(a, 0, true, out, 0);
        ZcashEncoding.writeG2(b, 0, true, out, ZcashEncoding.G1_COMPRESSED);
        ZcashEncoding.writeG1(c, 0, true, out, ZcashEncoding.G1_COMPRESSED + ZcashEncoding.G2_COMPRESSED);
        return out;
    }

    /** Decodes {@link #toBytes()}'s encoding at in[off], checking every point (curve and subgroup). */
    public static Proof fromBytes(byte[] in, int off) {
        if (in.length - off < BYTES) {
            throw new IllegalArgumentException("a proof needs " + BYTES + " bytes, " + (in.length - off) + " left");
        }
        long[] a = new long[VerifyingKey.G1_LONGS];
        long[] b = new long[VerifyingKey.G2_LONGS];
        long[] c = new long[VerifyingKey.G1_LONGS];
        ZcashEncoding.readG1(in, off, ZcashEncoding.G1_COMPRESSED, true, a, 0);
        ZcashEncoding.readG2(in, off + ZcashEncoding.G1_COMPRESSED, ZcashEncoding.G2_COMPRESSED, true, b, 0);
        ZcashEncoding.readG1(in, off + ZcashEncoding.G1_COMPRESSED + ZcashEncoding.G2_COMPRESSED, ZcashEncoding.G1_COMPRESSED, true, c, 0);
        return new Proof(a, b, c);
    }
}
