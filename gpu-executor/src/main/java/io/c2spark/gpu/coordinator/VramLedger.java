package io.c2spark.gpu.coordinator;

/**
 * Decides at start-up, from sizes known in advance, how a device's memory is used: whether the
 * proving parameters stay on the card ("resident") or are streamed per MSM from pinned host memory
 * ("streamed"), and how many slots (in-flight partitions) fit. Admission is then by slot count;
 * nothing probes free memory at run time. Pure functions, tested without a GPU.
 */
public final class VramLedger {
    private VramLedger() {
    }

    /** Where the parameters live. */
    public enum Mode {
        RESIDENT, STREAMED
    }

    /**
     * The sizes a plan is made from, in bytes.
     *
     * @param deviceBytes the card's total memory
     * @param capBytes an operator's cap on what c2spark may use (0 = no cap), e.g. to leave room for WindowPoSt
     * @param reserveBytes context, modules and headroom that never go to c2spark's buffers
     * @param residentBytes parameters and tables kept on the card in resident mode (SRS, PCE matrices)
     * @param slotBytes one slot's working set (witness, a/b/c, NTT and MSM scratch)
     * @param streamedResidentBytes what stays on the card in streamed mode (all but the streamed points)
     * @param streamedSlotBytes one slot's working set in streamed mode (its chunk buffers included)
     * @param workers workers per device: more slots than this are never useful
     * @param forceStreamed operator setting: stream even if resident would fit (tests the degraded path)
     */
    public record Request(long deviceBytes, long capBytes, long reserveBytes, long residentBytes, long slotBytes,
            long streamedResidentBytes, long streamedSlotBytes, int workers, boolean forceStreamed) {
        public Request {
            if (deviceBytes <= 0 || capBytes < 0 || reserveBytes < 0 || residentBytes < 0 || slotBytes <= 0
                    || streamedResidentBytes < 0 || streamedResidentBytes > residentBytes || streamedSlotBytes <= 0
                    || workers < 1) {
                throw new IllegalArgumentException("invalid VRAM request " + this);
            }
        }
    }

    /** The outcome: mode, slot count and the bytes each part takes. */
    public record Plan(Mode mode, int slots, long budgetBytes, long residentBytes, long perSlotBytes) {
        public long usedBytes() {
            return residentBytes + slots * perSlotBytes;
        }

        public String describe() {
            return String.format("%s parameters, %d slot(s) of %.2f GiB, %.2f GiB resident, %.2f of %.2f GiB budget",
                    mode.name().toLowerCase(), slots, gib(perSlotBytes), gib(residentBytes), gib(usedBytes()),
                    gib(budgetBytes));
        }
    }

    /**
     * Resident when the parameters plus at least one slot fit (as many slots as workers, or fewer);
     * otherwise streamed, with as many slots as fit; an error when not even one streamed slot fits.
     */
    public static Plan plan(Request r) {
        long usable = r.capBytes() > 0 ? Math.min(r.deviceBytes(), r.capBytes()) : r.deviceBytes();
        long budget = usable - r.reserveBytes();
        if (budget <= 0) {
            throw new IllegalStateException(String.format(
                    "GPU memory budget is empty: %.2f GiB usable (cap %.2f GiB) minus %.2f GiB reserve",
                    gib(usable), gib(r.capBytes()), gib(r.reserveBytes())));
        }
        if (!r.forceStreamed() && r.residentBytes() + r.slotBytes() <= budget) {
            long fit = (budget - r.residentBytes()) / r.slotBytes();
            int slots = (int) Math.min(r.workers(), fit);
            return new Plan(Mode.RESIDENT, slots, budget, r.residentBytes(), r.slotBytes());
        }
        long fit = (budget - r.streamedResidentBytes()) / r.streamedSlotBytes();
        if (fit < 1) {
            throw new IllegalStateException(String.format(
                    "one partition needs %.2f GiB of GPU memory in streamed mode (%.2f GiB of tables, %.2f GiB per slot)"
                            + " but the budget is %.2f GiB; raise c2spark.gpu.vramCapBytes or use a larger GPU",
                    gib(r.streamedResidentBytes() + r.streamedSlotBytes()), gib(r.streamedResidentBytes()),
                    gib(r.streamedSlotBytes()), gib(budget)));
        }
        return new Plan(Mode.STREAMED, (int) Math.min(r.workers(), fit), budget, r.streamedResidentBytes(),
                r.streamedSlotBytes());
    }

    static double gib(long bytes) {
        return bytes / (double) (1L << 30);
    }
}
