package io.c2spark.core.porep.seal;

import io.c2spark.core.field.Fr;
import io.c2spark.core.field.FrBytes;
import java.util.stream.IntStream;

/**
 * The replica: node v is the last-layer label (the key) plus the data node, added in Fr
 * (rfp storage-proofs-porep encode.rs encode).
 */
public final class Encoding {
    private static final int CHUNK = 1 << 12;

    private Encoding() {
    }

    public static byte[] encodeAll(byte[] keys, byte[] data) {
        if (keys.length != data.length) {
            throw new IllegalArgumentException("keys and data differ in length: " + keys.length + " vs " + data.length);
        }
        int nodes = data.length / 32;
        byte[] out = new byte[data.length];
        int chunks = (nodes + CHUNK - 1) / CHUNK;
        IntStream.range(0, chunks).parallel().forEach(c -> {
            long[] a = new long[8];
            long[] scratch = new long[4];
            int end = Math.min(nodes, (c + 1) * CHUNK);
            for (int v = c * CHUNK; v < end; v++) {
                encodeNode(keys, data, 32 * v, out, 32 * v, a, scratch);
            }
        });
        return out;
    }

    /** key + data for one node; both must be canonical field elements. */
    public static byte[] encode(byte[] key, byte[] data) {
        byte[] out = new byte[32];
        encodeNode(key, data, 0, out, 0, new long[8], new long[4]);
        return out;
    }

    private static void encodeNode(byte[] keys, byte[] data, int off, byte[] out, int outOff, long[] a, long[] scratch) {
        if (!FrBytes.isCanonical(data, off)) {
            throw new IllegalArgumentException("data node at byte " + off + " is not a field element (not fr32-padded)");
        }
        FrBytes.read(keys, off, a, 0);
        FrBytes.read(data, off, a, 4);
        Fr.add(a, 0, a, 4, a, 0);
        FrBytes.write(a, 0, out, outOff, scratch);
    }
}
