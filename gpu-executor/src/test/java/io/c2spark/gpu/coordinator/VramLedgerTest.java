package io.c2spark.gpu.coordinator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class VramLedgerTest {
    private static final long GIB = 1L << 30;

    /** A key of resident and slot GiB; streamed: 1 GiB of tables stays on the card, and a slot takes 1 GiB more (its chunk buffers). */
    private static VramLedger.Request req(long resident, long slot, int workers, boolean stream) {
        return new VramLedger.Request(resident * GIB, slot * GIB, Math.min(resident, 1) * GIB, (slot + 1) * GIB, workers, stream);
    }

    /** A device of deviceGiB, cap GiB (0: none), 2 GiB reserved. */
    private static VramLedger ledger(long device, long cap) {
        return new VramLedger(device * GIB, cap * GIB, 2 * GIB);
    }

    @Test
    void h200HoldsThe32GiBSrsAndOneSlotPerWorker() {
        VramLedger.Plan p = ledger(141, 0).plan("32GiB", req(47, 14, 4, false));
        assertEquals(VramLedger.Mode.RESIDENT, p.mode());
        assertEquals(4, p.slots());
        assertTrue(p.usedBytes() <= p.budgetBytes());
        assertEquals("32GiB key: resident parameters, 4 slot(s) of 14.00 GiB, 47.00 GiB resident, 103.00 GiB in all; device"
                + " 103.00 of 139.00 GiB budget", p.describe());
    }

    @Test
    void residentWithFewerSlotsWhenWorkersDoNotAllFit() {
        VramLedger.Plan p = ledger(141, 0).plan("32GiB", req(47, 14, 8, false));
        assertEquals(VramLedger.Mode.RESIDENT, p.mode());
        assertEquals((141 - 2 - 47) / 14, p.slots());
    }

    @Test
    void capLeavesRoomForOtherProofsAndForcesStreaming() {
        VramLedger.Plan p = ledger(141, 40).plan("32GiB", req(47, 14, 4, false));
        assertEquals(VramLedger.Mode.STREAMED, p.mode());
        assertEquals(2, p.slots(), "38 GiB budget less 1 GiB of tables / 15 GiB per streamed slot");
        assertEquals(GIB, p.residentBytes());
    }

    @Test
    void smallCardStreams() {
        VramLedger.Plan p = ledger(16, 0).plan("32GiB", req(47, 12, 2, false));
        assertEquals(VramLedger.Mode.STREAMED, p.mode());
        assertEquals(1, p.slots());
    }

    @Test
    void forcedStreamingOnALargeCard() {
        VramLedger.Plan p = ledger(141, 0).plan("32GiB", req(47, 14, 4, true));
        assertEquals(VramLedger.Mode.STREAMED, p.mode());
        assertEquals(4, p.slots());
    }

    @Test
    void refusesWhenNotEvenOneStreamedSlotFits() {
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> ledger(8, 0).plan("32GiB", req(47, 14, 1, false)));
        assertEquals("one partition of the 32GiB key needs 16.00 GiB of GPU memory in streamed mode (1.00 GiB of tables, 15.00 GiB"
                + " per slot) but 6.00 GiB of the 6.00 GiB budget are free; raise c2spark.gpu.vramCapBytes or use a larger GPU",
                e.getMessage());
        assertThrows(IllegalStateException.class, () -> ledger(141, 1));
        assertThrows(IllegalArgumentException.class, () -> new VramLedger.Request(0, 0, 1, 0, 1, false));
        assertThrows(IllegalArgumentException.class, () -> req(1, 1, 0, false));
    }

    /**
     * One ledger for every key of a device: a key is planned beside the admitted ones, the
     * ledger's total is theirs, evicting a key gives its room back, and the plan names both.
     */
    @Test
    void keysArePlannedBesideEachOther() {
        VramLedger l = ledger(141, 0);
        VramLedger.Plan small = l.plan("2KiB", req(1, 1, 4, false));
        l.admit(small);
        VramLedger.Plan large = l.plan("32GiB", req(47, 20, 4, false));
        assertEquals(VramLedger.Mode.RESIDENT, large.mode());
        assertEquals(4, large.slots(), "139 - 5 - 47 = 87 GiB for slots of 20");
        assertEquals(List.of("2KiB"), large.beside());
        assertEquals(5 * GIB, large.besideBytes());
        l.admit(large);
        assertEquals(5 * GIB + 127 * GIB, l.usedBytes());
        assertEquals(List.of(small, large), l.entries());
        // A second large key does not fit beside the first, not even streamed; with the first evicted it is resident.
        assertNull(l.plan("64GiB", req(47, 20, 4, false), List.of()), "139 - 132 = 7 GiB, less than 1 + 21 streamed");
        VramLedger.Plan evicting = l.plan("64GiB", req(47, 20, 4, false), List.of("32GiB"));
        assertEquals(VramLedger.Mode.RESIDENT, evicting.mode());
        assertEquals(4, evicting.slots());
        assertEquals(List.of("32GiB"), evicting.evicted());
        assertTrue(evicting.describe().endsWith(", beside the 2KiB key (5.00 GiB); evicted the idle 32GiB key"), evicting.describe());
        // 7 GiB free beside both: 6 + 2 resident does not fit; 1 GiB of tables and two streamed slots of 3 do.
        VramLedger.Plan streamed = l.plan("512MiB", req(6, 2, 2, false), List.of());
        assertEquals(VramLedger.Mode.STREAMED, streamed.mode());
        assertEquals(2, streamed.slots());
        assertThrows(IllegalStateException.class, () -> l.admit(evicting), "admitted beside the key it evicts");
        l.release("32GiB");
        l.admit(evicting);
        assertEquals(List.of(small, evicting), l.entries());
        assertThrows(IllegalStateException.class, () -> l.plan("2KiB", req(1, 1, 1, false)), "one name, one key");
    }

    /** The CPU stream backend's ledger admits keys of no bytes with all the slots they ask for. */
    @Test
    void aDeviceWithoutMemoryAdmitsKeysOfNoBytes() {
        VramLedger l = VramLedger.none();
        VramLedger.Plan p = l.plan("2KiB", new VramLedger.Request(0, 0, 0, 0, 3, false));
        assertEquals(3, p.slots());
        l.admit(p);
        assertEquals(0, l.usedBytes());
        assertThrows(IllegalStateException.class, () -> l.plan("8MiB", req(1, 1, 1, false)));
    }
}
