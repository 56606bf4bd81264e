package io.c2spark.spark.workload;

import java.io.IOException;
import java.io.InputStream;

/** One sector's input file, on whatever file system it lives; streamed, never loaded whole. */
public interface SectorSource {
    String sectorId();

    /** The file's full path (for error messages and the report). */
    String path();

    long length();

    InputStream open() throws IOException;
}
