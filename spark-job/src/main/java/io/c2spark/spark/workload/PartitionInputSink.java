package io.c2spark.spark.workload;

import java.io.IOException;
import java.io.OutputStream;

/** Where a preparer writes each partition's compact input; the job decides where that lives. */
public interface PartitionInputSink {
    /** A fresh stream for partition {@code index} (0-based); the preparer closes it. */
    OutputStream partition(int index) throws IOException;
}
