package io.c2spark.gpu.ntt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

class NttPlanTest {
    @Test
    void passesCoverEveryStageOnceWithValidShapes() {
        for (int lg = 1; lg <= NttPlan.MAX_LG; lg++) {
            List<NttPlan.Pass> passes = NttPlan.passes(lg);
            int next = 0;
            for (NttPlan.Pass p : passes) {
                assertEquals(next, p.firstStage(), "2^" + lg + ": passes must be contiguous");
                assertTrue(p.stages() >= 1);
                assertTrue(p.lgLow() <= p.firstStage(), "low bits come from stages already done");
                assertTrue(p.stages() + p.lgLow() <= NttPlan.LG_TILE, "tile fits shared memory");
                assertTrue(p.threadsPerBlock() >= 1 && p.threadsPerBlock() <= 1 << (NttPlan.LG_TILE - NttPlan.LG_REG));
                long perThread = Math.min(1L << NttPlan.LG_REG, 1L << lg);
                assertEquals(1L << lg, perThread * p.threadsPerBlock() * p.blocks(), "every element in exactly one block");
                next += p.stages();
            }
            assertEquals(lg, next, "2^" + lg + ": all stages");
            // The in-place transform's tiled reversal runs before transforms of several passes only.
            assertTrue(passes.size() == 1 || lg >= 2 * Ntt.LG_REVERSE_TILE, "2^" + lg + ": several passes below a reversal tile");
        }
        // The shapes measured fastest on the H200 (NttPlan's comment).
        assertEquals(List.of(new NttPlan.Pass(0, 9, 0, 24), new NttPlan.Pass(9, 8, 1, 24), new NttPlan.Pass(17, 7, 2, 24)),
                NttPlan.passes(24));
        assertEquals(List.of(new NttPlan.Pass(0, 9, 0, 20), new NttPlan.Pass(9, 6, 3, 20), new NttPlan.Pass(15, 5, 4, 20)),
                NttPlan.passes(20));
        assertEquals(List.of(new NttPlan.Pass(0, 9, 0, 27), new NttPlan.Pass(9, 9, 1, 27), new NttPlan.Pass(18, 9, 1, 27)),
                NttPlan.passes(27));
        assertEquals(1, NttPlan.passes(10).size());
    }

    @Test
    void rejectsSizesOutsideTheRange() {
        assertThrows(IllegalArgumentException.class, () -> NttPlan.passes(0));
        assertThrows(IllegalArgumentException.class, () -> NttPlan.passes(32));
    }

    @Test
    void nttTablesOf2pow27FitBesideTheirDataInAFewGiB() {
        // Twiddles w^j and w^-j for j < 2^26 (2 x 2 GiB), coset tables g^i and n^-1 g^-i (2 x 4 GiB).
        assertEquals(4L << 30, Ntt.tableBytes(27, false) - 32);
        assertEquals(12L << 30, Ntt.tableBytes(27, true) - 32);
        assertEquals(2 * 32 + 32, Ntt.tableBytes(1, false));
    }
}
