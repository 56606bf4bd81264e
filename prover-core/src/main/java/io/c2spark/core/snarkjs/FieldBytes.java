package io.c2spark.core.snarkjs;

import io.c2spark.core.field.Fp;
import io.c2spark.core.field.Fr;
import java.math.BigInteger;
import java.nio.ByteBuffer;

/** Little-endian field elements as the snarkjs files hold them, read into our limb layout. */
final class FieldBytes {
    private FieldBytes() {
    }

    /** An unsigned little-endian integer of n8 bytes. */
    static BigInteger readUnsigned(ByteBuffer b, int n8) {
        byte[] be = new byte[n8 + 1];
        for (int i = 0; i < n8; i++) {
            be[n8 - i] = b.get();
        }
        return new BigInteger(be);
    }

    private static void readLimbs(ByteBuffer b, long[] out, int off, int limbs) {
        for (int i = 0; i < limbs; i++) {
            out[off + i] = b.getLong();
        }
    }

    /** A canonical (non-Montgomery) Fr value, converted to Montgomery form; false when not below r. */
    static boolean readFrCanonical(ByteBuffer b, long[] out, int off) {
        long[] c = new long[Fr.LIMBS];
        readLimbs(b, c, 0, Fr.LIMBS);
        if (!Fr.FIELD.isCanonical(c, 0)) {
            return false;
        }
        Fr.FIELD.toMontgomery(c, 0, out, off);
        return true;
    }

    /**
     * n affine points of coords Fp coordinates each (2 for G1, 4 for G2) into a flat array; the
     * point at infinity is all-zero bytes in snarkjs and all-zero limbs here.
     */
    static long[] readPoints(BinFile file, ByteBuffer b, int n, int coords, String what) {
        long[] out = new long[n * coords * Fp.LIMBS];
        b.asLongBuffer().get(out);
        b.position(b.position() + 8 * out.length);
        for (int i = 0; i < n * coords; i++) {
            if (!Fp.FIELD.isCanonical(out, i * Fp.LIMBS)) {
                throw file.error(what + " point " + (i / coords) + " has a coordinate not below p");
            }
        }
        return out;
    }
}
