package io.c2spark.core.porep.seal;

import io.c2spark.core.porep.graph.StackedGraph;
import io.c2spark.core.porep.hash.FilecoinSha256;
import java.security.DigestException;
import java.security.MessageDigest;
import java.util.function.IntConsumer;

/**
 * SDR labeling (rfp stacked/vanilla/create_label/single.rs). The label of node v in layer L is
 * SHA256(replica_id || L u32 BE || v u64 BE || 20 zero bytes || 37 parent labels) with its top
 * two bits cleared; node 0 hashes only the 64-byte header. The 37 parent labels cycle through the
 * 6 DRG parents (this layer) in layer 1, and through the 6 DRG parents (this layer) then the 8
 * expander parents (previous layer) in later layers. Within a layer every node depends on its
 * predecessor, so a layer is computed sequentially; the parent graph is generated in parallel
 * beforehand.
 */
public final class Labeler {
    public static final int TOTAL_PARENTS = 37;
    private static final int HEADER = 64;

    private Labeler() {
    }

    /**
     * All layers' labels, layer 1 first, each nodes * 32 bytes.
     *
     * @param parents the graph from {@link StackedGraph#generate()}
     * @param progress told each finished layer (1-based); may be null
     */
    public static byte[][] labelAll(int[] parents, int nodes, int layers, byte[] replicaId, IntConsumer progress) {
        byte[][] out = new byte[layers][];
        for (int layer = 1; layer <= layers; layer++) {
            out[layer - 1] = new byte[nodes * 32];
            labelLayer(parents, nodes, layer, replicaId, out[layer - 1], layer == 1 ? null : out[layer - 2]);
            if (progress != null) {
                progress.accept(layer);
            }
        }
        return out;
    }

    /** Labels one layer into {@code current}; {@code previous} is null for layer 1. */
    public static void labelLayer(int[] parents, int nodes, int layer, byte[] replicaId, byte[] current, byte[] previous) {
        if (replicaId.length != 32) {
            throw new IllegalArgumentException("replica_id has 32 bytes, got " + replicaId.length);
        }
        MessageDigest sha = FilecoinSha256.newDigest();
        byte[] msg = new byte[HEADER + 32 * TOTAL_PARENTS];
        System.arraycopy(replicaId, 0, msg, 0, 32);
        msg[32] = (byte) (layer >>> 24);
        msg[33] = (byte) (layer >>> 16);
        msg[34] = (byte) (layer >>> 8);
        msg[35] = (byte) layer;
        int distinct = previous == null ? 6 : StackedGraph.DEGREE;
        try {
            for (int v = 0; v < nodes; v++) {
                long node = v;
                for (int j = 0; j < 8; j++) {
                    msg[36 + j] = (byte) (node >>> (56 - 8 * j));
                }
                int len = HEADER;
                if (v > 0) {
                    int base = v * StackedGraph.DEGREE;
                    for (int k = 0; k < distinct; k++) {
                        byte[] src = k < 6 ? current : previous;
                        System.arraycopy(src, parents[base + k] * 32, msg, HEADER + 32 * k, 32);
                    }
                    for (int k = distinct; k < TOTAL_PARENTS; k++) {
                        System.arraycopy(msg, HEADER + 32 * (k % distinct), msg, HEADER + 32 * k, 32);
                    }
                    len = msg.length;
                }
                sha.update(msg, 0, len);
                sha.digest(current, v * 32, 32);
                current[v * 32 + 31] &= 0x3F;
            }
        } catch (DigestException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The label hash of one node from its 37 parent labels (the labeling-proof check). */
    public static byte[] label(byte[] replicaId, int layer, long node, byte[] parentLabels) {
        MessageDigest sha = FilecoinSha256.digest();
        byte[] header = new byte[HEADER];
        System.arraycopy(replicaId, 0, header, 0, 32);
        for (int j = 0; j < 4; j++) {
            header[32 + j] = (byte) (layer >>> (24 - 8 * j));
        }
        for (int j = 0; j < 8; j++) {
            header[36 + j] = (byte) (node >>> (56 - 8 * j));
        }
        sha.update(header);
        sha.update(parentLabels);
        byte[] out = sha.digest();
        out[31] &= 0x3F;
        return out;
    }
}
