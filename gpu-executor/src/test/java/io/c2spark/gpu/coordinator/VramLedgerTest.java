package io.c2spark.gpu.coordinator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class VramLedgerTest {
    private static final long GIB = 1L << 30;

    private static VramLedger.Request req(long device, long cap, long resident, long slot, int workers, boolean stream) {
        // Streamed: 1 GiB of tables stays on the card, and a slot takes 1 GiB more (its chunk buffers).
        return new VramLedger.Request(device * GIB, cap * GIB, 2 * GIB, resident * GIB, slot * GIB,
                Math.min(resident, 1) * GIB, (slot + 1) * GIB, workers, stream);
    }

    @Test
    void h200HoldsThe32GiBSrsAndOneSlotPerWorker() {
        VramLedger.Plan p = VramLedger.plan(req(141, 0, 47, 14, 4, false));
        assertEquals(VramLedger.Mode.RESIDENT, p.mode());
        assertEquals(4, p.slots());
        assertTrue(p.usedBytes() <= p.budgetBytes());
    }

    @Test
    void residentWithFewerSlotsWhenWorkersDoNotAllFit() {
        VramLedger.Plan p = VramLedger.plan(req(141, 0, 47, 14, 8, false));
        assertEquals(VramLedger.Mode.RESIDENT, p.mode());
        assertEquals((141 - 2 - 47) / 14, p.slots());
    }

    @Test
    void capLeavesRoomForOtherProofsAndForcesStreaming() {
        VramLedger.Plan p = VramLedger.plan(req(141, 40, 47, 14, 4, false));
        assertEquals(VramLedger.Mode.STREAMED, p.mode());
        assertEquals(2, p.slots(), "38 GiB budget less 1 GiB of tables / 15 GiB per streamed slot");
        assertEquals(GIB, p.residentBytes());
    }

    @Test
    void smallCardStreams() {
        VramLedger.Plan p = VramLedger.plan(req(16, 0, 47, 12, 2, false));
        assertEquals(VramLedger.Mode.STREAMED, p.mode());
        assertEquals(1, p.slots());
    }

    @Test
    void forcedStreamingOnALargeCard() {
        VramLedger.Plan p = VramLedger.plan(req(141, 0, 47, 14, 4, true));
        assertEquals(VramLedger.Mode.STREAMED, p.mode());
        assertEquals(4, p.slots());
    }

    @Test
    void refusesWhenNotEvenOneStreamedSlotFits() {
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> VramLedger.plan(req(8, 0, 47, 14, 1, false)));
        assertTrue(e.getMessage().contains("streamed mode"), e.getMessage());
        assertThrows(IllegalStateException.class, () -> VramLedger.plan(req(141, 1, 0, 1, 1, false)));
        assertThrows(IllegalArgumentException.class, () -> req(141, 0, 0, 0, 1, false));
    }
}
