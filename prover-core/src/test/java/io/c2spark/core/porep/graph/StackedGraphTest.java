package io.c2spark.core.porep.graph;

import static org.junit.jupiter.api.Assertions.*;

import io.c2spark.core.porep.RegisteredSealProof;
import java.io.IOException;
import java.util.HexFormat;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

class StackedGraphTest {
    private static void checkDigest(RegisteredSealProof proof) throws IOException {
        String expected = new ParentCacheVectors().digest(proof);
        StackedGraph g = StackedGraph.of(proof);
        long t0 = System.nanoTime();
        int[] parents = g.generate();
        double s = (System.nanoTime() - t0) / 1e9;
        System.out.printf("%s: %d nodes in %.2f s (%.0f nodes/s)%n", proof, g.nodes(), s, g.nodes() / s);
        assertEquals(expected, HexFormat.of().formatHex(StackedGraph.digest(parents)), proof.toString());
    }

    @Test
    void everyInteractiveProofHasAParentCacheEntry() throws IOException {
        ParentCacheVectors v = new ParentCacheVectors();
        for (int id = 0; id < 10; id++) {
            assertNotNull(v.digest(RegisteredSealProof.ofId(id)));
        }
        // parent_cache.json: 2KiB with porep_id 0 (STACKED_DRG_2KIB_V1) -> 3da49221...
        assertTrue(v.digest(RegisteredSealProof.STACKED_DRG_2KIB_V1).startsWith("3da49221"));
    }

    @Test
    void parentCacheDigest2KiB() throws IOException {
        checkDigest(RegisteredSealProof.STACKED_DRG_2KIB_V1);
        checkDigest(RegisteredSealProof.STACKED_DRG_2KIB_V1_1);
    }

    @Test
    void parentCacheDigest8MiB() throws IOException {
        checkDigest(RegisteredSealProof.STACKED_DRG_8MIB_V1);
        checkDigest(RegisteredSealProof.STACKED_DRG_8MIB_V1_1);
    }

    @Tag("slow")
    @Test
    void parentCacheDigest512MiB() throws IOException {
        checkDigest(RegisteredSealProof.STACKED_DRG_512MIB_V1_1);
        checkDigest(RegisteredSealProof.STACKED_DRG_512MIB_V1);
    }

    @Test
    void perNodeParentsEqualTheMaterialisedGraphAndRespectTheOrder() {
        StackedGraph v11 = StackedGraph.of(RegisteredSealProof.STACKED_DRG_2KIB_V1_1);
        StackedGraph v1 = StackedGraph.of(RegisteredSealProof.STACKED_DRG_2KIB_V1);
        int[] all = v11.generate();
        int[] one = new int[StackedGraph.DEGREE];
        for (int v = 0; v < 64; v++) {
            v11.parents(v, one, 0);
            for (int k = 0; k < StackedGraph.DEGREE; k++) {
                assertEquals(all[v * 14 + k], one[k]);
                assertTrue(one[k] >= 0 && one[k] < 64);
                if (k < 6 && v >= 1) {
                    assertTrue(one[k] < v, "DRG parents precede the node");
                }
            }
            if (v >= 2) {
                assertEquals(v - 1, one[0]);
                v1.parents(v, one, 0);
                assertEquals(v - 1, one[5]);
            }
        }
        assertThrows(IllegalArgumentException.class, () -> v11.parents(64, one, 0));
    }
}
