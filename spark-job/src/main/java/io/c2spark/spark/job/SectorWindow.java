package io.c2spark.spark.job;

import io.c2spark.spark.io.SectorFile;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Which sectors of a batch the driver prepares and proves next, so that the devices never wait
 * for the next sector's inputs. At most {@code proving} sectors are being proven at once (their
 * prove jobs submitted, not all their partitions in), and preparation runs ahead of them: sectors
 * are prepared as long as those preparing or prepared (waiting to be proven) are fewer than the
 * free proving places plus {@code ahead}. So a batch starts by preparing proving + ahead sectors;
 * as soon as a sector's last partition is in (before it is verified and written) its place goes
 * to the sector prepared first, and the next sector's preparation starts, one sector at a time,
 * never in groups. A sector leaves the window when it is written, fails or is rejected, whatever
 * state it was in. Pure bookkeeping of sector ids, driven by the {@link BatchDriver}'s thread.
 */
final class SectorWindow {
    private final int proving;
    private final int ahead;
    private final Deque<SectorFile> waiting = new ArrayDeque<>();
    private final Set<String> preparing = new LinkedHashSet<>();
    /** Prepared sectors waiting for a proving place, in the order they were prepared. */
    private final Set<String> prepared = new LinkedHashSet<>();
    private final Set<String> inProof = new LinkedHashSet<>();

    /** At most proving sectors proven at once, and ahead sectors prepared beyond the free proving places. */
    SectorWindow(int proving, int ahead) {
        if (proving < 1 || ahead < 0) {
            throw new IllegalArgumentException("sectors proven at once " + proving + " (at least 1), prepared ahead " + ahead
                    + " (at least 0)");
        }
        this.proving = proving;
        this.ahead = ahead;
    }

    /** A sector to prove, after those added before it. */
    void add(SectorFile f) {
        waiting.addLast(f);
    }

    /** The sectors to submit for preparation now, in input order (they count as preparing from now on). */
    List<SectorFile> toPrepare() {
        List<SectorFile> out = new ArrayList<>();
        while (!waiting.isEmpty() && preparing.size() + prepared.size() < ahead + Math.max(0, proving - inProof.size())) {
            SectorFile f = waiting.pollFirst();
            preparing.add(f.sectorId());
            out.add(f);
        }
        return out;
    }

    /** A sector's preparation succeeded: it waits for a proving place. */
    void prepared(String sectorId) {
        if (preparing.remove(sectorId)) {
            prepared.add(sectorId);
        }
    }

    /** The prepared sectors to submit for proving now, first prepared first (they count as proving from now on). */
    List<String> toProve() {
        List<String> out = new ArrayList<>();
        while (!prepared.isEmpty() && inProof.size() < proving) {
            String id = prepared.iterator().next();
            prepared.remove(id);
            inProof.add(id);
            out.add(id);
        }
        return out;
    }

    /** Every partition of the sector is in: its proving place is free (it is verified and written meanwhile). */
    void proven(String sectorId) {
        inProof.remove(sectorId);
    }

    /** The sector is done with (written, failed, rejected): it leaves the window wherever it was. */
    void left(String sectorId) {
        preparing.remove(sectorId);
        prepared.remove(sectorId);
        inProof.remove(sectorId);
    }

    boolean hasWaiting() {
        return !waiting.isEmpty();
    }

    /** The sectors never submitted, in input order, removed from the window (for a batch that stops). */
    List<SectorFile> drainWaiting() {
        List<SectorFile> out = new ArrayList<>(waiting);
        waiting.clear();
        return out;
    }

    int provingLimit() {
        return proving;
    }

    int ahead() {
        return ahead;
    }
}
