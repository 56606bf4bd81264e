package io.c2spark.spark.workload;

/**
 * One partition's compact input as the preparer wrote it. bytes is the input itself, not a copy:
 * inputs can be large.
 */
public record PartitionInput(String sectorId, int partition, byte[] bytes) {
}
