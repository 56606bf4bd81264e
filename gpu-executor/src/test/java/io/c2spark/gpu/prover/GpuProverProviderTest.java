package io.c2spark.gpu.prover;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The command line's GPU backend set-up, without a GPU (GpuProver2KiBTest proves with it on one). */
class GpuProverProviderTest {
    @Test
    void oneWorkerOnTheWholeCardStreamingOnlyWhenAsked() {
        CoordinatedGpuProver.Config c = GpuProverProvider.config();
        assertEquals(1, c.workers());
        assertEquals(0, c.capBytes(), "no cap: the whole card");
        assertFalse(c.forceStreamed(), "resident unless the ledger finds no room");
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
