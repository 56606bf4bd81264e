package io.c2spark.gpu.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class LaunchShapesTest {
    @Test
    void gridCoversSmallWorkExactlyAndCapsLargeWork() {
        assertEquals(1, LaunchShapes.gridFor(1, 256, 132));
        assertEquals(2, LaunchShapes.gridFor(257, 256, 132));
        assertEquals(LaunchShapes.BLOCKS_PER_SM * 132, LaunchShapes.gridFor(1L << 27, 256, 132));
        assertThrows(IllegalArgumentException.class, () -> LaunchShapes.gridFor(0, 256, 132));
    }
}
