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

    /** resident GiB, slots of slot GiB, and copy options of (copies, extra GiB, slot GiB), best first. */
    private static VramLedger.Request withCopies(long resident, long slot, int workers, boolean stream, long[]... options) {
        java.util.List<VramLedger.CopyOption> o = new java.util.ArrayList<>();
        for (long[] c : options) {
            o.add(new VramLedger.CopyOption((int) c[0], c[1] * GIB, c[2] * GIB));
        }
        return new VramLedger.Request(resident * GIB, slot * GIB, Math.min(resident, 1) * GIB, (slot + 1) * GIB, workers, stream,
                o);
    }

    /**
     * Copies come after the slots: the first option (the key's best) that fits beside the key and
     * all its slots is taken, with its own slot size; the plan line says which, or why none.
     */
    @Test
    void pointCopiesTakeTheRoomLeftBesideTheSlots() {
        // 139 GiB budget: 64 + 2 x 23 = 110, 29 GiB left. Six copies (+60 GiB) do not fit, three (+24, slots of 24) do.
        VramLedger.Plan p = ledger(141, 0).plan("32GiB", withCopies(64, 23, 2, false, new long[] {6, 60, 24},
                new long[] {3, 24, 24}, new long[] {2, 12, 23}));
        assertEquals(VramLedger.Mode.RESIDENT, p.mode());
        assertEquals(2, p.slots(), "slots first");
        assertEquals(3, p.copyCount());
        assertEquals(88 * GIB, p.residentBytes());
        assertEquals(24 * GIB, p.perSlotBytes());
        assertTrue(p.usedBytes() <= p.budgetBytes());
        assertEquals("32GiB key: resident parameters, 2 slot(s) of 24.00 GiB, 88.00 GiB resident, 136.00 GiB in all; device"
                + " 136.00 of 139.00 GiB budget; precomputed point copies: 3 (24.00 GiB beyond the points)", p.describe());
        // A slot of the option that grows it past the room left: the next option.
        VramLedger.Plan q = ledger(141, 0).plan("32GiB", withCopies(64, 23, 2, false, new long[] {3, 24, 26},
                new long[] {2, 12, 23}));
        assertEquals(2, q.copyCount());
        // Never a slot fewer for copies: with four workers three slots fit and no copy beside them.
        VramLedger.Plan r = ledger(141, 0).plan("32GiB", withCopies(64, 23, 4, false, new long[] {2, 12, 23}));
        assertEquals(3, r.slots());
        assertEquals(1, r.copyCount());
        assertEquals(64 * GIB, r.residentBytes());
        assertTrue(r.describe().endsWith("; precomputed point copies: none (no room beside the slots)"), r.describe());
        VramLedger.Plan s = ledger(141, 0).plan("32GiB", withCopies(64, 23, 2, true, new long[] {2, 12, 23}));
        assertEquals(VramLedger.Mode.STREAMED, s.mode());
        assertEquals(1, s.copyCount());
        assertTrue(s.describe().endsWith("; precomputed point copies: none (the points are streamed)"), s.describe());
        assertTrue(ledger(141, 0).plan("2KiB", req(1, 1, 1, false)).describe().endsWith("GiB budget"), "no options, no word");
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
