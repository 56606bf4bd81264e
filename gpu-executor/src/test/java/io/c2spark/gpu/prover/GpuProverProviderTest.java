package io.c2spark.gpu.prover;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The command line's GPU backend set-up, without a GPU (GpuProver2KiBTest proves with it on one). */
class GpuProverProviderTest {
    @Test
    void twoWorkersOnTheWholeCardWithCopiesStreamingOnlyWhenAsked() {
        CoordinatedGpuProver.Config c = GpuProverProvider.config();
        assertEquals(2, c.workers(), "the next partition's upload beside the current one's kernels");
        assertEquals(0, c.capBytes(), "no cap: the whole card");
        assertFalse(c.forceStreamed(), "resident unless the ledger finds no room");
        assertEquals(CoordinatedGpuProver.DEFAULT_MAX_H_COPIES, c.maxHCopies());
        assertFalse(c.profile());
        System.setProperty(GpuProverProvider.WORKERS_PROPERTY, "1");
        System.setProperty(GpuProverProvider.H_COPIES_PROPERTY, "1");
        try {
            assertEquals(1, GpuProverProvider.config().workers());
            assertEquals(1, GpuProverProvider.config().maxHCopies());
        } finally {
            System.clearProperty(GpuProverProvider.WORKERS_PROPERTY);
            System.clearProperty(GpuProverProvider.H_COPIES_PROPERTY);
        }
        System.setProperty(GpuProverProvider.STREAM_PROPERTY, "true");
        try {
            CoordinatedGpuProver.Config s = GpuProverProvider.config();
            assertTrue(s.forceStreamed());
            assertEquals(CoordinatedGpuProver.DEFAULT_CHUNK_BYTES, s.chunkBytes());
        } finally {
            System.clearProperty(GpuProverProvider.STREAM_PROPERTY);
        }
    }
}
