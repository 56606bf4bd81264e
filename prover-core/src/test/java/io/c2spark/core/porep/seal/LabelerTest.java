package io.c2spark.core.porep.seal;

import static org.junit.jupiter.api.Assertions.*;

import io.c2spark.core.porep.ApiVersion;
import io.c2spark.core.porep.graph.StackedGraph;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class LabelerTest {
    private static byte[] le(long... limbs) {
        byte[] b = new byte[32];
        for (int i = 0; i < 4; i++) {
            for (int j = 0; j < 8; j++) {
                b[8 * i + j] = (byte) (limbs[i] >>> (8 * j));
            }
        }
        return b;
    }

    private static byte[] filled(int v) {
        byte[] b = new byte[32];
        Arrays.fill(b, (byte) v);
        return b;
    }

    private static void check(int sectorBytes, byte[] porepId, ApiVersion version, byte[] expectedLast) {
        int nodes = sectorBytes / 32;
        StackedGraph g = new StackedGraph(nodes, porepId, version);
        byte[][] labels = Labeler.labelAll(g.generate(), nodes, 11, filled(9), null);
        byte[] last = Arrays.copyOfRange(labels[10], (nodes - 1) * 32, nodes * 32);
        assertArrayEquals(expectedLast, last, sectorBytes + " " + version);
    }

    /** rfp storage-proofs-porep/tests/stacked_vanilla.rs test_stacked_porep_generate_labels (11 layers, replica_id [9; 32]). */
    @Test
    void upstreamLastLabels() {
        check(2048, new byte[32], ApiVersion.V1_0_0,
                le(0xd3faa96b9a0fba04L, 0xea81a283d106485eL, 0xe3d51b9afa5ac2b3L, 0x0462f4f4f1a68d37L));
        check(4096, new byte[32], ApiVersion.V1_0_0,
                le(0x7e191e52c4a8da86L, 0x5ae8a1c9e6fac148L, 0xce239f3b88a894b8L, 0x234c00d1dc1d53beL));
        check(2048, filled(123), ApiVersion.V1_1_0,
                le(0xabb3f38bb70defcfL, 0x777a2e4d7769119fL, 0x3448959d495490bcL, 0x06021188c7a71cb5L));
        check(4096, filled(123), ApiVersion.V1_1_0,
                le(0x22ab81cf68c4676dL, 0x7a77a82fc7c9c189L, 0xc6c03d32c1e42d23L, 0x0f777c18cc2c55bdL));
        check(2048, filled(123), ApiVersion.V1_2_0,
                le(0xabb3f38bb70defcfL, 0x777a2e4d7769119fL, 0x3448959d495490bcL, 0x06021188c7a71cb5L));
    }

    @Test
    void singleLabelEqualsLayerComputation() {
        int nodes = 64;
        StackedGraph g = new StackedGraph(nodes, filled(5), ApiVersion.V1_1_0);
        int[] parents = g.generate();
        byte[][] labels = Labeler.labelAll(parents, nodes, 2, filled(7), null);
        for (int v = 1; v < nodes; v++) {
            byte[] pl = new byte[32 * Labeler.TOTAL_PARENTS];
            for (int k = 0; k < Labeler.TOTAL_PARENTS; k++) {
                int p = parents[v * 14 + (k % 14)];
                System.arraycopy(labels[(k % 14) < 6 ? 1 : 0], p * 32, pl, 32 * k, 32);
            }
            assertArrayEquals(Arrays.copyOfRange(labels[1], v * 32, v * 32 + 32), Labeler.label(filled(7), 2, v, pl));
        }
    }
}
