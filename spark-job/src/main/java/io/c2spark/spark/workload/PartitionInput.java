package io.c2spark.spark.workload;

/** One partition's compact input as the preparer wrote it. */
public final class PartitionInput {
    private final String sectorId;
    private final int partition;
    private final byte[] bytes;

    public PartitionInput(String sectorId, int partition, byte[] bytes) {
        this.sectorId = sectorId;
        this.partition = partition;
        this.bytes = bytes;
    }

    public String sectorId() {
        return sectorId;
    }

    public int partition() {
        return partition;
    }

    /** The input bytes themselves (not a copy: inputs can be large). */
    public byte[] bytes() {
        return bytes;
    }
}
