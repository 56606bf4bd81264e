package io.c2spark.core.porep.seal;

import io.c2spark.core.field.FrBytes;
import io.c2spark.core.poseidon.Poseidon;
import java.util.stream.IntStream;

/**
 * tree_c leaves: leaf v is Poseidon (arity = layers, Merkle domain tag) of the column of labels
 * of node v, layer 1 first (rfp stacked/vanilla/column.rs hash_single_column).
 */
public final class Columns {
    private static final int CHUNK = 1 << 10;

    private Columns() {
    }

    public static byte[] hashAll(byte[][] labels, int nodes) {
        int layers = labels.length;
        byte[] out = new byte[nodes * 32];
        int chunks = (nodes + CHUNK - 1) / CHUNK;
        IntStream.range(0, chunks).parallel().forEach(c -> {
            Poseidon p = new Poseidon(layers);
            long[] in = new long[4 * layers];
            long[] h = new long[4];
            long[] scratch = new long[4];
            int end = Math.min(nodes, (c + 1) * CHUNK);
            for (int v = c * CHUNK; v < end; v++) {
                for (int l = 0; l < layers; l++) {
                    FrBytes.read(labels[l], 32 * v, in, 4 * l);
                }
                p.hash(in, 0, h, 0);
                FrBytes.write(h, 0, out, 32 * v, scratch);
            }
        });
        return out;
    }

    /** The hash of one column given as concatenated 32-byte labels. */
    public static byte[] hash(byte[] column, int layers) {
        byte[] out = new byte[32];
        new Poseidon(layers).hashBytes(column, 0, out, 0);
        return out;
    }
}
