package io.c2spark.core.porep.hash;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * SHA-256 as Filecoin uses it for labels, tree_d and replica ids: the digest with its two top bits
 * cleared (byte[31] &= 0x3F) so that, read little-endian, it is below 2^254 and thus an Fr element
 * (rfp fr32 bytes_into_fr_repr_safe, filecoin-hashers sha256.rs).
 */
public final class FilecoinSha256 {
    private static final ThreadLocal<MessageDigest> DIGEST = ThreadLocal.withInitial(FilecoinSha256::newDigest);

    private FilecoinSha256() {
    }

    /** A fresh JDK SHA-256 digest (uses the CPU's SHA extensions where the JVM has the intrinsic). */
    public static MessageDigest newDigest() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK lacks SHA-256", e);
        }
    }

    /** This thread's digest, reset. */
    public static MessageDigest digest() {
        MessageDigest d = DIGEST.get();
        d.reset();
        return d;
    }

    public static void truncate(byte[] digest, int offset) {
        digest[offset + 31] &= 0x3F;
    }

    /** SHA-256 of the concatenated parts, truncated. */
    public static byte[] hash(byte[]... parts) {
        MessageDigest d = digest();
        for (byte[] p : parts) {
            d.update(p);
        }
        byte[] out = d.digest();
        truncate(out, 0);
        return out;
    }

    /** The binary-tree node hash of filecoin-hashers Sha256Function: SHA256(left || right), truncated. */
    public static void node(byte[] src, int leftOff, int rightOff, byte[] dst, int dstOff) {
        MessageDigest d = digest();
        d.update(src, leftOff, 32);
        d.update(src, rightOff, 32);
        try {
            d.digest(dst, dstOff, 32);
        } catch (java.security.DigestException e) {
            throw new IllegalStateException(e);
        }
        truncate(dst, dstOff);
    }
}
