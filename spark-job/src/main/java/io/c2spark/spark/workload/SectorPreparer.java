package io.c2spark.spark.workload;

import java.io.IOException;

/**
 * The prepare stage of one sector: stream-parse and validate its input, check what can be checked
 * before proving (for PoRep: the vanilla proofs), and write one compact input per partition.
 */
public interface SectorPreparer {
    /**
     * @return the sector's partition count and statement (the public values its verification needs)
     * @throws InvalidSectorException the input is bad: the sector fails with this message, no retry
     * @throws IOException reading or writing failed: the task is retried by Spark
     */
    PreparedSector prepare(SectorSource source, PartitionInputSink sink) throws InvalidSectorException, IOException;
}
