package io.c2spark.gpu;

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
                assertTrue(p.threadsPerBlock() >= 1 && p.threadsPerBlock() <= 512);
                assertEquals(1L << lg, 2L * p.threadsPerBlock() * p.blocks(), "every element in exactly one block");
                next += p.stages();
            }
            assertEquals(lg, next, "2^" + lg + ": all stages");
        }
        assertEquals(3, NttPlan.passes(24).size());
        assertEquals(4, NttPlan.passes(27).size());
    }

    @Test
    void rejectsSizesOutsideTheRange() {
        assertThrows(IllegalArgumentException.class, () -> NttPlan.passes(0));
        assertThrows(IllegalArgumentException.class, () -> NttPlan.passes(32));
    }
}
