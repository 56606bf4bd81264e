package io.c2spark.spark.io;

import java.io.Serializable;

/** One sector's input file as the driver listed it: the sector's name, the full path, its size. */
public final class SectorFile implements Serializable {
    private static final long serialVersionUID = 1L;

    private final String sectorId;
    private final String path;
    private final long length;

    public SectorFile(String sectorId, String path, long length) {
        this.sectorId = sectorId;
        this.path = path;
        this.length = length;
    }

    public String sectorId() {
        return sectorId;
    }

    public String path() {
        return path;
    }

    public long length() {
        return length;
    }

    @Override
    public String toString() {
        return sectorId + " (" + path + ")";
    }
}
