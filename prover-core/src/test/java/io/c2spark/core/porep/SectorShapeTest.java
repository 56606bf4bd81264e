package io.c2spark.core.porep;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.c2spark.core.porep.vanilla.proof.TreeShape;
import org.junit.jupiter.api.Test;

class SectorShapeTest {
    /** Both trees cover exactly the sector's nodes; path lengths are the upstream ones. */
    @Test
    void treesCoverTheSector() {
        for (SectorShape s : SectorShape.values()) {
            assertEquals(s.nodes(), s.treeD().leaves(), s.label());
            assertEquals(s.nodes(), s.treeR().leaves(), s.label());
            assertEquals(s, SectorShape.parse(s.label()));
            assertEquals(s, SectorShape.ofBytes(s.sectorBytes()));
        }
        assertEquals(30, SectorShape.SIZE_32GIB.treeD().levels());
        assertEquals(10, SectorShape.SIZE_32GIB.treeR().levels());
        assertEquals(11, SectorShape.SIZE_64GIB.treeR().levels());
        assertEquals(TreeShape.Variant.SUB, SectorShape.SIZE_32GIB.treeR().variant());
        assertEquals(TreeShape.Variant.TOP, SectorShape.SIZE_64GIB.treeR().variant());
        assertEquals(TreeShape.Variant.SINGLE, SectorShape.SIZE_512MIB.treeR().variant());
        assertThrows(IllegalArgumentException.class, () -> SectorShape.parse("4KiB"));
    }

    @Test
    void siblingOffsetsFollowLevels() {
        TreeShape t = SectorShape.SIZE_64GIB.treeR();
        int offset = 0;
        for (int l = 0; l < t.levels(); l++) {
            assertEquals(offset, t.siblingOffset(l));
            offset += t.arityAt(l) - 1;
        }
        assertEquals(offset, t.siblingCount());
        assertEquals(9 * 7 + 7 + 1, t.siblingCount());
    }

    /** Ids are the upstream discriminants (registry.rs order); names are serde's. */
    @Test
    void registeredProofIdsAndNames() {
        RegisteredSealProof[] all = RegisteredSealProof.values();
        for (int i = 0; i < all.length; i++) {
            assertEquals(i, all[i].id());
            assertSame(all[i], RegisteredSealProof.ofSerdeName(all[i].serdeName()));
            assertSame(all[i], RegisteredSealProof.ofId(i));
        }
        assertEquals("StackedDrg2KiBV1", RegisteredSealProof.STACKED_DRG_2KIB_V1.serdeName());
        assertEquals("StackedDrg32GiBV1_1", RegisteredSealProof.STACKED_DRG_32GIB_V1_1.serdeName());
        assertEquals("StackedDrg64GiBV1_1_Feat_SyntheticPoRep",
                RegisteredSealProof.STACKED_DRG_64GIB_V1_1_SYNTHETIC.serdeName());
        assertEquals("StackedDrg512MiBV1_2_Feat_NonInteractivePoRep",
                RegisteredSealProof.STACKED_DRG_512MIB_V1_2_NI.serdeName());
        assertEquals(8, RegisteredSealProof.STACKED_DRG_32GIB_V1_1.id());
        assertNull(RegisteredSealProof.ofSerdeName("StackedDrg32GiBV2"));
        byte[] expected = new byte[32];
        expected[0] = 8;
        assertArrayEquals(expected, RegisteredSealProof.STACKED_DRG_32GIB_V1_1.porepId());
    }
}
