package io.c2spark.core.groth16;

import io.c2spark.core.curve.G1;
import io.c2spark.core.curve.G2;
import io.c2spark.core.curve.ZcashEncoding;
import java.util.function.BooleanSupplier;

/**
 * bellperson's 192-byte proof encoding (groth16/proof.rs): A, B, C compressed zcash points, 48 + 96
 * + 48 bytes. Reading checks every point is on its curve and in its subgroup and, as bellperson
 * does, refuses points at infinity.
 */
public final class ProofEncoding {
    public static final int BYTES = 2 * ZcashEncoding.G1_COMPRESSED + ZcashEncoding.G2_COMPRESSED;

    private ProofEncoding() {
    }

    public static byte[] encode(Proof proof) {
        byte[] out = new byte[BYTES];
        ZcashEncoding.writeG1(proof.a(), 0, true, out, 0);
        ZcashEncoding.writeG2(proof.b(), 0, true, out, ZcashEncoding.G1_COMPRESSED);
        ZcashEncoding.writeG1(proof.c(), 0, true, out, ZcashEncoding.G1_COMPRESSED + ZcashEncoding.G2_COMPRESSED);
        return out;
    }

    /** @throws IllegalArgumentException naming the point (A, B or C) that is malformed */
    public static Proof decode(byte[] bytes) {
        if (bytes.length != BYTES) {
            throw new IllegalArgumentException("a proof is " + BYTES + " bytes, got " + bytes.length);
        }
        long[] a = new long[G1.AFFINE];
        long[] b = new long[G2.AFFINE];
        long[] c = new long[G1.AFFINE];
        read("A", () -> ZcashEncoding.readG1(bytes, 0, ZcashEncoding.G1_COMPRESSED, true, a, 0),
                () -> G1.LAW.isIdentityAffine(a, 0));
        read("B", () -> ZcashEncoding.readG2(bytes, ZcashEncoding.G1_COMPRESSED, ZcashEncoding.G2_COMPRESSED, true, b, 0),
                () -> G2.LAW.isIdentityAffine(b, 0));
        read("C", () -> ZcashEncoding.readG1(bytes, ZcashEncoding.G1_COMPRESSED + ZcashEncoding.G2_COMPRESSED,
                ZcashEncoding.G1_COMPRESSED, true, c, 0), () -> G1.LAW.isIdentityAffine(c, 0));
        return new Proof(a, b, c);
    }

    private static void read(String name, Runnable r, BooleanSupplier atInfinity) {
        try {
            r.run();
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("proof point " + name + ": " + e.getMessage(), e);
        }
        if (atInfinity.getAsBoolean()) {
            throw new IllegalArgumentException("proof point " + name + " is the point at infinity");
        }
    }
}
