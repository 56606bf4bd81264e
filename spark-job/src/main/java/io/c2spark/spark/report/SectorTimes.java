package io.c2spark.spark.report;

/**
 * A sector's way through the driver, for its report row: when the driver took it up (its wall
 * time runs from there) and, on the driver's clock (epoch ms, like the partitions' startMs and
 * endMs), when its prepare job and its prove job were submitted and when its last partition came in.
 */
public final class SectorTimes {
    final long startNanos = System.nanoTime();
    final long prepareSubmittedMillis = System.currentTimeMillis();
    long proveSubmittedMillis;
    long provenMillis;

    public void proveSubmitted() {
        proveSubmittedMillis = System.currentTimeMillis();
    }

    public void proven() {
        provenMillis = System.currentTimeMillis();
    }
}
