package io.c2spark.spark.task;

import java.io.Serializable;

/** One prove task's work: a sector's partition and where its compact input lies. */
public final class PartitionTask implements Serializable {
    private static final long serialVersionUID = 1L;

    public final String sectorId;
    public final int partition;
    public final String inputPath;

    public PartitionTask(String sectorId, int partition, String inputPath) {
        this.sectorId = sectorId;
        this.partition = partition;
        this.inputPath = inputPath;
    }
}
