package io.c2spark.spark.job;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.c2spark.spark.io.SectorFile;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The batch's scheduling window without Spark: preparation starts proving + ahead sectors, each
 * sector proven hands its place to the first prepared one and starts one more preparation (never a
 * group), sectors prepared out of order are proven in the order they were prepared, and a sector
 * that fails or is rejected frees what it held.
 */
class SectorWindowTest {
    private static SectorWindow window(int proving, int ahead, int sectors) {
        SectorWindow w = new SectorWindow(proving, ahead);
        for (int i = 1; i <= sectors; i++) {
            w.add(new SectorFile("s" + i, "/in/s" + i + ".json", 100));
        }
        return w;
    }

    private static List<String> ids(List<SectorFile> files) {
        return files.stream().map(SectorFile::sectorId).toList();
    }

    @Test
    void preparationRunsAheadAndIsRefilledOneSectorAtATime() {
        SectorWindow w = window(2, 2, 8);
        assertEquals(List.of("s1", "s2", "s3", "s4"), ids(w.toPrepare()), "proving places and the ones ahead");
        assertEquals(List.of(), ids(w.toPrepare()));
        w.prepared("s3");
        w.prepared("s1");
        assertEquals(List.of("s3", "s1"), w.toProve(), "first prepared, first proven");
        w.prepared("s2");
        w.prepared("s4");
        assertEquals(List.of(), w.toProve(), "two proving at most");
        assertEquals(List.of(), ids(w.toPrepare()), "two prepared ahead already");
        w.proven("s3");
        assertEquals(List.of("s2"), w.toProve());
        assertEquals(List.of("s5"), ids(w.toPrepare()), "one more preparation as one sector is proven");
        w.left("s3");
        assertEquals(List.of(), ids(w.toPrepare()), "writing a proven sector frees nothing more");
        w.proven("s1");
        assertEquals(List.of("s4"), w.toProve());
        assertEquals(List.of("s6"), ids(w.toPrepare()));
        // A rejected preparation and a failed proof free their places.
        w.left("s5");
        assertEquals(List.of("s7"), ids(w.toPrepare()));
        w.left("s2");
        w.prepared("s6");
        assertEquals(List.of("s6"), w.toProve());
        assertEquals(List.of("s8"), ids(w.toPrepare()));
        assertFalse(w.hasWaiting());
    }

    @Test
    void withNothingAheadPreparationWaitsForAProvingPlace() {
        SectorWindow w = window(1, 0, 3);
        assertEquals(List.of("s1"), ids(w.toPrepare()));
        w.prepared("s1");
        assertEquals(List.of("s1"), w.toProve());
        assertEquals(List.of(), ids(w.toPrepare()));
        w.proven("s1");
        assertEquals(List.of("s2"), ids(w.toPrepare()));
        assertEquals(List.of("s3"), ids(w.drainWaiting()));
    }

    @Test
    void aStoppedBatchDrainsWhatWasNeverSubmitted() {
        SectorWindow w = window(2, 1, 5);
        assertEquals(3, w.toPrepare().size());
        assertEquals(List.of("s4", "s5"), ids(w.drainWaiting()));
        assertFalse(w.hasWaiting());
        assertTrue(w.toPrepare().isEmpty());
        assertThrows(IllegalArgumentException.class, () -> new SectorWindow(0, 1));
        assertThrows(IllegalArgumentException.class, () -> new SectorWindow(1, -1));
    }
}
