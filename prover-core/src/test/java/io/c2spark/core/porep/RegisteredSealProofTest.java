package io.c2spark.core.porep;

import static org.junit.jupiter.api.Assertions.*;

import org.junit.jupiter.api.Test;

class RegisteredSealProofTest {
    @Test
    void idsAndShapesFollowTheRegistry() {
        assertEquals(20, RegisteredSealProof.values().length);
        assertEquals(0, RegisteredSealProof.StackedDrg2KiBV1.id());
        assertEquals(9, RegisteredSealProof.StackedDrg64GiBV1_1.id());
        assertEquals(14, RegisteredSealProof.StackedDrg64GiBV1_1_Feat_SyntheticPoRep.id());
        assertEquals(15, RegisteredSealProof.StackedDrg2KiBV1_2_Feat_NonInteractivePoRep.id());

        RegisteredSealProof p32 = RegisteredSealProof.StackedDrg32GiBV1_1;
        assertEquals(1L << 30, p32.nodes());
        assertEquals(11, p32.layers());
        assertEquals(10, p32.partitions());
        assertEquals(18, p32.challengesPerPartition());
        assertEquals(new TreeShape(8, 8, 0), p32.treeShape());
        assertEquals(8, p32.treeShape().baseTreeCount());
        assertEquals(new TreeShape(8, 8, 2), RegisteredSealProof.StackedDrg64GiBV1.treeShape());
        assertEquals(16, RegisteredSealProof.StackedDrg64GiBV1.treeShape().baseTreeCount());

        RegisteredSealProof p2 = RegisteredSealProof.StackedDrg2KiBV1;
        assertEquals(64, p2.nodes());
        assertEquals(2, p2.layers());
        assertEquals(1, p2.partitions());
        assertEquals(2, p2.challengesPerPartition());
        assertEquals(ApiVersion.V1_0_0, p2.apiVersion());
        assertEquals(ApiVersion.V1_1_0, RegisteredSealProof.StackedDrg2KiBV1_1.apiVersion());
        assertEquals(1L << 24, RegisteredSealProof.StackedDrg512MiBV1.nodes());
    }

    @Test
    void porepIdIsTheIdLittleEndianThenZeros() {
        byte[] id = RegisteredSealProof.StackedDrg8MiBV1_1.porepId();
        assertEquals(32, id.length);
        assertEquals(6, id[0]);
        for (int i = 1; i < 32; i++) {
            assertEquals(0, id[i]);
        }
    }

    @Test
    void syntheticAndNonInteractiveAreRefusedClearly() {
        for (RegisteredSealProof p : RegisteredSealProof.values()) {
            if (p.id() < 10) {
                assertSame(p, p.requireSupported());
            } else {
                UnsupportedSealProofException e = assertThrows(UnsupportedSealProofException.class, p::requireSupported);
                assertTrue(e.getMessage().contains(p.name()), e.getMessage());
            }
        }
        assertThrows(IllegalArgumentException.class, () -> RegisteredSealProof.ofId(20));
    }

    @Test
    void sectorSizesParse() {
        assertEquals(RegisteredSealProof.SectorSize.S512MIB, RegisteredSealProof.SectorSize.parse("512MiB"));
        assertEquals(RegisteredSealProof.SectorSize.S32GIB, RegisteredSealProof.SectorSize.parse("34359738368"));
        assertEquals("2KiB", RegisteredSealProof.SectorSize.S2KIB.label());
        assertEquals("64GiB", RegisteredSealProof.SectorSize.S64GIB.label());
        assertThrows(IllegalArgumentException.class, () -> RegisteredSealProof.SectorSize.parse("1GiB"));
        assertEquals(RegisteredSealProof.StackedDrg8MiBV1_1,
                RegisteredSealProof.interactive(RegisteredSealProof.SectorSize.S8MIB, false));
    }
}
