package io.c2spark.core.curve;

import io.c2spark.core.field.Fp;
import io.c2spark.core.field.IfmaLibrary;
import java.math.BigInteger;

/**
 * {@link LaneDecoder}'s decoding (same arguments, same results) in the native IFMA kernel
 * (src/main/c/ifma_decode.c in {@link IfmaLibrary}): uncompressed G1 and G2 encodings eight at a
 * time, the common case only (no flag, coordinates below p, on the curve); the rest is left for
 * {@link ZcashEncoding}.
 */
public final class IfmaDecoder {
    /** Whether the kernel runs in this JVM ({@link IfmaLibrary#AVAILABLE}). */
    public static final boolean AVAILABLE;

    static {
        if (IfmaLibrary.AVAILABLE) {
            BigInteger p = Fp.MODULUS;
            // x to x R (R = 2^416), x R to the shared layout's x 2^384, and the curve's b = 4 as 4 R.
            init(IfmaLibrary.limbs(8, BigInteger.ONE.shiftLeft(832).mod(p), BigInteger.ONE.shiftLeft(384).mod(p),
                    BigInteger.valueOf(4).shiftLeft(416).mod(p)));
        }
        AVAILABLE = IfmaLibrary.AVAILABLE;
    }

    private IfmaDecoder() {
    }

    /** See {@link LaneDecoder#decodeG1}. */
    public static void decodeG1(byte[] in, int io, int count, long[] out, int oo, boolean[] decoded) {
        decode(false, in, io, count, out, oo, decoded);
    }

    /** See {@link LaneDecoder#decodeG2}. */
    public static void decodeG2(byte[] in, int io, int count, long[] out, int oo, boolean[] decoded) {
        decode(true, in, io, count, out, oo, decoded);
    }

    private static native void init(long[] factors);

    private static native void decode(boolean g2, byte[] in, int io, int count, long[] out, int oo, boolean[] decoded);
}
