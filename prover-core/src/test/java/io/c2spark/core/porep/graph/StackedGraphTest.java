package io.c2spark.core.porep.graph;

import static org.junit.jupiter.api.Assertions.*;

import io.c2spark.core.concurrent.ComputePool;
import io.c2spark.core.porep.ApiVersion;
import io.c2spark.core.porep.RegisteredSealProof;
import io.c2spark.core.porep.hash.ChaCha8Rng;
import io.c2spark.core.porep.hash.FilecoinSha256;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

class StackedGraphTest {
    private static void checkDigest(RegisteredSealProof proof) throws IOException {
        String expected = new ParentCacheVectors().digest(proof);
        StackedGraph g = StackedGraph.of(proof);
        long t0 = System.nanoTime();
        byte[] digest = ParentCacheDigest.compute(g, 60_000_000_000L, (done, total, elapsed) ->
                System.out.printf("%s: %d of %d nodes, %.0f nodes/s%n", proof, done, total, done / (elapsed / 1e9)));
        double s = (System.nanoTime() - t0) / 1e9;
        System.out.printf("%s: %d nodes in %.2f s (%.0f nodes/s, %d threads)%n", proof, g.nodes(), s, g.nodes() / s,
                ComputePool.parallelism());
        assertEquals(expected, HexFormat.of().formatHex(digest), proof.toString());
    }

    /** SHA-256 of a materialised graph's parents as u32 LE, the way parent_cache.json defines it. */
    static byte[] digestOf(int[] parents) {
        MessageDigest d = FilecoinSha256.newDigest();
        ByteBuffer bytes = ByteBuffer.allocate(4 * parents.length).order(ByteOrder.LITTLE_ENDIAN);
        bytes.asIntBuffer().put(parents);
        d.update(bytes.array());
        return d.digest();
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

    // 2^30 and 2^31 nodes: minutes on 16 cores, an hour or more on 2. V1 truncates the expander's
    // permuted index to u32 before dividing, which only matters from 2^29 nodes on.
    @Tag("slow")
    @Test
    void parentCacheDigest32GiBV1_1() throws IOException {
        checkDigest(RegisteredSealProof.STACKED_DRG_32GIB_V1_1);
    }

    @Tag("slow")
    @Test
    void parentCacheDigest32GiBV1() throws IOException {
        checkDigest(RegisteredSealProof.STACKED_DRG_32GIB_V1);
    }

    @Tag("slow")
    @Test
    void parentCacheDigest64GiBV1_1() throws IOException {
        checkDigest(RegisteredSealProof.STACKED_DRG_64GIB_V1_1);
    }

    @Tag("slow")
    @Test
    void parentCacheDigest64GiBV1() throws IOException {
        checkDigest(RegisteredSealProof.STACKED_DRG_64GIB_V1);
    }

    @Test
    void streamedDigestEqualsTheMaterialisedGraphsWithARingOfOneOrTwoBlocks() {
        // Three full blocks and a partial one: every block waits for its slot, the last is short.
        StackedGraph g = new StackedGraph(3L * ParentCacheDigest.BLOCK_NODES + 5,
                RegisteredSealProof.STACKED_DRG_8MIB_V1_1.porepId(), ApiVersion.V1_1_0);
        byte[] expected = digestOf(g.generate());
        for (int slots : new int[] {1, 2, 64}) {
            assertArrayEquals(expected, ParentCacheDigest.compute(g, slots, Long.MAX_VALUE, null), "slots " + slots);
        }
    }

    @Test
    void progressIsReportedInOrderAndAFailureEndsTheRunWithItsException() {
        StackedGraph g = StackedGraph.of(RegisteredSealProof.STACKED_DRG_8MIB_V1);
        List<Long> reports = new ArrayList<>();
        ParentCacheDigest.compute(g, 0, (done, total, elapsed) -> {
            assertEquals(g.nodes(), total);
            reports.add(done);
        });
        // 16 blocks, a report after each but the last.
        assertEquals(15, reports.size());
        for (int i = 0; i < reports.size(); i++) {
            assertEquals((i + 1L) * ParentCacheDigest.BLOCK_NODES, reports.get(i));
        }
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> ParentCacheDigest.compute(g, 0,
                (done, total, elapsed) -> {
                    throw new IllegalStateException("stop at " + done);
                }));
        assertEquals("stop at " + ParentCacheDigest.BLOCK_NODES, e.getMessage());
    }

    @Test
    void tabulatedExpanderEqualsTheDirectOneAt32GiBAnd64GiB() {
        Random rnd = new Random(27);
        for (RegisteredSealProof p : new RegisteredSealProof[] {RegisteredSealProof.STACKED_DRG_32GIB_V1_1,
            RegisteredSealProof.STACKED_DRG_32GIB_V1, RegisteredSealProof.STACKED_DRG_64GIB_V1_1}) {
            StackedGraph g = StackedGraph.of(p);
            FeistelExpander direct = g.expander();
            FeistelExpander tables = direct.tabulated();
            int[] a = new int[FeistelExpander.DEGREE];
            int[] b = new int[FeistelExpander.DEGREE];
            int[] block = new int[3 * StackedGraph.DEGREE];
            int[] one = new int[StackedGraph.DEGREE];
            ChaCha8Rng rng = new ChaCha8Rng();
            for (int trial = 0; trial < 2000; trial++) {
                long node = trial < 2 ? trial * (g.nodes() - 1) : (rnd.nextLong() >>> 1) % g.nodes();
                direct.parents(node, a, 0);
                tables.parents(node, b, 0);
                assertArrayEquals(a, b, p + " node " + node);
                long first = Math.min(node, g.nodes() - 3);
                g.parentsOfBlock(first, 3, block, 0, rng);
                for (int i = 0; i < 3; i++) {
                    g.parents(first + i, one, 0);
                    assertArrayEquals(one, Arrays.copyOfRange(block, i * StackedGraph.DEGREE, (i + 1) * StackedGraph.DEGREE));
                }
            }
        }
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
