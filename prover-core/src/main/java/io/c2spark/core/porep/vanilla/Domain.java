package io.c2spark.core.porep.vanilla;

import java.util.Arrays;
import java.util.HexFormat;

/**
 * One 32-byte hash-domain element as Filecoin stores it (a field element in little-endian
 * representation, or a truncated SHA-256 digest). Immutable: the bytes are copied in and out.
 * Vanilla proofs are small and not a hot path, so an object per element is acceptable here.
 */
public record Domain(byte[] bytes) {
    public static final int SIZE = 32;

    public Domain {
        if (bytes == null || bytes.length != SIZE) {
            throw new IllegalArgumentException("a domain element has 32 bytes, got "
                    + (bytes == null ? "null" : bytes.length));
        }
        bytes = bytes.clone();
    }

    public static Domain of(byte[] src, int offset) {
        return new Domain(Arrays.copyOfRange(src, offset, offset + SIZE));
    }

    @Override
    public byte[] bytes() {
        return bytes.clone();
    }

    public void copyTo(byte[] dst, int offset) {
        System.arraycopy(bytes, 0, dst, offset, SIZE);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Domain d && Arrays.equals(bytes, d.bytes);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(bytes);
    }

    @Override
    public String toString() {
        return HexFormat.of().formatHex(bytes);
    }
}
