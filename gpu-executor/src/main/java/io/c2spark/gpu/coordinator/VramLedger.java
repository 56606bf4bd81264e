package io.c2spark.gpu.coordinator;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The one account of a device's memory, kept by its {@link GpuCoordinator}: every key loaded on
 * the device and its slots, each admitted with a {@link Plan} made from sizes known in advance.
 * A plan says whether a key's parameters stay on the card ("resident") or are streamed per MSM
 * from the parameter file ("streamed"), and how many slots (in-flight partitions) it gets beside
 * the keys already admitted. Admission is then by slot count; nothing probes free memory at run
 * time. The planning is a pure function of the sizes, tested without a GPU.
 *
 * <p>A resident key may offer precomputed copies of some of its points ({@link CopyOption}: the
 * GPU prover's shifted bases of the h query, which let its largest MSM use fewer bucket sets and a
 * larger window). They come last: the key's slots are planned first, and then the first option,
 * in the key's order of preference, that fits beside the key and those slots is taken.
 */
public final class VramLedger {
    /** Where a key's parameters live. */
    public enum Mode {
        RESIDENT, STREAMED
    }

    /**
     * One key's sizes, in bytes.
     *
     * @param residentBytes parameters and tables kept on the card in resident mode (SRS, PCE matrices)
     * @param slotBytes one slot's working set (witness, a/b/c, NTT and MSM scratch); 0 for a key
     *     whose slots hold no device memory (the CPU stream backend's)
     * @param streamedResidentBytes what stays on the card in streamed mode (all but the streamed points)
     * @param streamedSlotBytes one slot's working set in streamed mode (its chunk buffers included)
     * @param workers workers of the key per device: more slots than this are never useful
     * @param forceStreamed operator setting: stream even if resident would fit (tests the degraded path)
     */
    public record Request(long residentBytes, long slotBytes, long streamedResidentBytes, long streamedSlotBytes, int workers,
            boolean forceStreamed, List<CopyOption> copyOptions) {
        public Request {
            if (residentBytes < 0 || slotBytes < 0 || streamedResidentBytes < 0 || streamedResidentBytes > residentBytes
                    || streamedSlotBytes < 0 || workers < 1) {
                throw new IllegalArgumentException("invalid VRAM request " + this);
            }
            copyOptions = List.copyOf(copyOptions);
        }

        /** A key that offers no copies. */
        public Request(long residentBytes, long slotBytes, long streamedResidentBytes, long streamedSlotBytes, int workers,
                boolean forceStreamed) {
            this(residentBytes, slotBytes, streamedResidentBytes, streamedSlotBytes, workers, forceStreamed, List.of());
        }
    }

    /**
     * Precomputed copies of points a resident key may hold: copies in all (the points themselves
     * counting as the first), what they add to the key's resident bytes, and a slot's bytes with them
     * (the MSM's plan, and so its workspace, changes with the copies).
     */
    public record CopyOption(int copies, long extraBytes, long slotBytes) {
        public CopyOption {
            if (copies < 2 || extraBytes < 0 || slotBytes < 0) {
                throw new IllegalArgumentException("invalid copy option " + this);
            }
        }
    }

    /**
     * A key's admission: its mode, slot count and the bytes each part takes, the ledger's budget,
     * the keys beside it and their bytes, and the idle keys evicted to make room for it.
     */
    public record Plan(String key, Mode mode, int slots, long residentBytes, long perSlotBytes, long budgetBytes,
            long besideBytes, List<String> beside, List<String> evicted, Copies copies) {
        public Plan {
            beside = List.copyOf(beside);
            evicted = List.copyOf(evicted);
        }

        /** The copies the key holds (residentBytes includes their extra bytes): 1 when none. */
        public int copyCount() {
            return copies.chosen() == null ? 1 : copies.chosen().copies();
        }

        /** This key's bytes: parameters and tables, and its slots. */
        public long usedBytes() {
            return residentBytes + slots * perSlotBytes;
        }

        /** The plan line printed when the key is loaded. */
        public String describe() {
            StringBuilder b = new StringBuilder(String.format(
                    "%s key: %s parameters, %d slot(s) of %.2f GiB, %.2f GiB resident, %.2f GiB in all; device %.2f of %.2f GiB budget",
                    key, mode.name().toLowerCase(), slots, gib(perSlotBytes), gib(residentBytes), gib(usedBytes()),
                    gib(besideBytes + usedBytes()), gib(budgetBytes)));
            if (!beside.isEmpty()) {
                b.append(String.format(", beside the %s key%s (%.2f GiB)", String.join(", ", beside), beside.size() > 1 ? "s" : "",
                        gib(besideBytes)));
            }
            if (!evicted.isEmpty()) {
                b.append("; evicted the idle ").append(String.join(", ", evicted)).append(evicted.size() > 1 ? " keys" : " key");
            }
            String c = copies.describe();
            if (!c.isEmpty()) {
                b.append("; ").append(c);
            }
            return b.toString();
        }
    }

    /**
     * What the plan chose of the key's copy options: the option taken (null: none), how many the
     * key offered, and whether the key is streamed (its points are not on the card to copy).
     */
    public record Copies(CopyOption chosen, int offered, boolean streamed) {

        /** The plan line's part: empty when the key offered no copies. */
        public String describe() {
            if (offered == 0) {
                return "";
            }
            if (chosen != null) {
                return String.format("precomputed point copies: %d (%.2f GiB beyond the points)", chosen.copies(),
                        gib(chosen.extraBytes()));
            }
            return "precomputed point copies: none (" + (streamed ? "the points are streamed" : "no room beside the slots") + ")";
        }
    }

    private final long budgetBytes;
    private final Map<String, Plan> admitted = new LinkedHashMap<>();

    /**
     * The ledger of a device of deviceBytes, of which c2spark may plan for at most capBytes (0 = no
     * cap; an operator's cap leaves room for other proofs such as WindowPoSt), less reserveBytes for
     * the context, the modules and headroom.
     */
    public VramLedger(long deviceBytes, long capBytes, long reserveBytes) {
        if (deviceBytes <= 0 || capBytes < 0 || reserveBytes < 0) {
            throw new IllegalArgumentException("invalid device memory: " + deviceBytes + " bytes, cap " + capBytes + ", reserve "
                    + reserveBytes);
        }
        long usable = capBytes > 0 ? Math.min(deviceBytes, capBytes) : deviceBytes;
        this.budgetBytes = usable - reserveBytes;
        if (budgetBytes <= 0) {
            throw new IllegalStateException(String.format(
                    "GPU memory budget is empty: %.2f GiB usable (cap %.2f GiB) minus %.2f GiB reserve",
                    gib(usable), gib(capBytes), gib(reserveBytes)));
        }
    }

    private VramLedger() {
        this.budgetBytes = 0;
    }

    /** The ledger of a device with no memory of c2spark's (the CPU stream backend): only keys of no bytes fit. */
    public static VramLedger none() {
        return new VramLedger();
    }

    public long budgetBytes() {
        return budgetBytes;
    }

    /** Bytes of every admitted key and its slots. */
    public synchronized long usedBytes() {
        return admitted.values().stream().mapToLong(Plan::usedBytes).sum();
    }

    /** The admitted keys' plans, in admission order. */
    public synchronized List<Plan> entries() {
        return List.copyOf(admitted.values());
    }

    /** The admitted plan of the key, or null. */
    public synchronized Plan entry(String key) {
        return admitted.get(key);
    }

    /** The plan for the key beside the admitted keys; throws with the sizes when not even one streamed slot fits. */
    public Plan plan(String key, Request r) {
        Plan p = plan(key, r, List.of());
        if (p == null) {
            throw new IllegalStateException(noRoom(key, r, List.of(), false));
        }
        return p;
    }

    /**
     * Resident when the parameters plus at least one slot fit beside the admitted keys other than
     * those being evicted (as many slots as workers, or fewer); otherwise streamed, with as many
     * slots as fit; null when not even one streamed slot fits.
     */
    synchronized Plan plan(String key, Request r, Collection<String> evicting) {
        if (admitted.containsKey(key) && !evicting.contains(key)) {
            throw new IllegalStateException("the " + key + " key is admitted already");
        }
        List<String> beside = new ArrayList<>();
        long besideBytes = 0;
        for (Plan p : admitted.values()) {
            if (!evicting.contains(p.key())) {
                beside.add(p.key());
                besideBytes += p.usedBytes();
            }
        }
        List<String> evicted = List.copyOf(evicting);
        long free = budgetBytes - besideBytes;
        int offered = r.copyOptions().size();
        if (!r.forceStreamed() && r.residentBytes() + r.slotBytes() <= free) {
            int slots = slotsThatFit(free - r.residentBytes(), r.slotBytes(), r.workers());
            for (CopyOption o : r.copyOptions()) {
                long resident = r.residentBytes() + o.extraBytes();
                if (resident + slots * o.slotBytes() <= free) {
                    return new Plan(key, Mode.RESIDENT, slots, resident, o.slotBytes(), budgetBytes, besideBytes, beside, evicted,
                            new Copies(o, offered, false));
                }
            }
            return new Plan(key, Mode.RESIDENT, slots, r.residentBytes(), r.slotBytes(), budgetBytes, besideBytes, beside, evicted,
                    new Copies(null, offered, false));
        }
        if (r.streamedResidentBytes() + r.streamedSlotBytes() > free) {
            return null;
        }
        int slots = slotsThatFit(free - r.streamedResidentBytes(), r.streamedSlotBytes(), r.workers());
        return new Plan(key, Mode.STREAMED, slots, r.streamedResidentBytes(), r.streamedSlotBytes(), budgetBytes, besideBytes,
                beside, evicted, new Copies(null, offered, true));
    }

    private static int slotsThatFit(long room, long slotBytes, int workers) {
        return slotBytes == 0 ? workers : (int) Math.min(workers, room / slotBytes);
    }

    /**
     * Why {@link #plan(String, Request, Collection)} found no room; besideBusy: the keys left beside
     * it are busy ones, which are never evicted.
     */
    synchronized String noRoom(String key, Request r, Collection<String> evicting, boolean besideBusy) {
        long beside = 0;
        for (Plan p : admitted.values()) {
            if (!evicting.contains(p.key())) {
                beside += p.usedBytes();
            }
        }
        String held = beside == 0 ? "" : String.format(" (%.2f GiB held by %s)", gib(beside),
                besideBusy ? "busy keys, which are never evicted" : "other keys");
        return String.format("one partition of the %s key needs %.2f GiB of GPU memory in streamed mode (%.2f GiB of tables, "
                        + "%.2f GiB per slot) but %.2f GiB of the %.2f GiB budget are free%s; raise c2spark.gpu.vramCapBytes or use "
                        + "a larger GPU", key, gib(r.streamedResidentBytes() + r.streamedSlotBytes()), gib(r.streamedResidentBytes()),
                gib(r.streamedSlotBytes()), gib(budgetBytes - beside), gib(budgetBytes), held);
    }

    /** Admits a key with its plan, made by {@link #plan} with the same keys admitted. */
    synchronized void admit(Plan p) {
        if (admitted.containsKey(p.key())) {
            throw new IllegalStateException("the " + p.key() + " key is admitted already");
        }
        if (usedBytes() + p.usedBytes() > budgetBytes) {
            throw new IllegalStateException("the " + p.key() + " key's plan no longer fits the ledger: " + p.describe());
        }
        admitted.put(p.key(), p);
    }

    /** Forgets an evicted key. */
    synchronized void release(String key) {
        admitted.remove(key);
    }

    static double gib(long bytes) {
        return bytes / (double) (1L << 30);
    }
}
