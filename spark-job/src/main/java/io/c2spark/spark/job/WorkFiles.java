package io.c2spark.spark.job;

import org.apache.hadoop.fs.Path;

/** Names of the compact per-partition inputs under a run's work directory. */
final class WorkFiles {
    private WorkFiles() {
    }

    static Path sectorDir(String workRoot, String sectorId) {
        return new Path(workRoot, sectorId);
    }

    static Path partitionInput(String workRoot, String sectorId, int partition) {
        return new Path(sectorDir(workRoot, sectorId), "partition-" + partition + ".bin");
    }
}
