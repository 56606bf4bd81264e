package io.c2spark.spark.workload;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What the prepare stage learned of a sector: how many partitions it wrote, the statement the
 * verifier checks the proofs against, and a few facts for the report (sector size, proof type).
 */
public final class PreparedSector {
    private final int partitions;
    private final byte[] statement;
    private final LinkedHashMap<String, String> facts;

    public PreparedSector(int partitions, byte[] statement, Map<String, String> facts) {
        if (partitions < 1) {
            throw new IllegalArgumentException("a sector has at least one partition, got " + partitions);
        }
        this.partitions = partitions;
        this.statement = statement.clone();
        this.facts = new LinkedHashMap<>(facts);
    }

    public int partitions() {
        return partitions;
    }

    public byte[] statement() {
        return statement.clone();
    }

    public Map<String, String> facts() {
        return Collections.unmodifiableMap(facts);
    }
}
