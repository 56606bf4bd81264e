package io.c2spark.spark.task;

import java.io.Serializable;
import java.util.HashMap;
import java.util.Map;

/** A prepare task's result: the prepared sector, or why its input was rejected. */
public final class PrepareOutcome implements Serializable {
    private static final long serialVersionUID = 1L;

    public final String sectorId;
    /** Null when the sector was prepared. */
    public final String rejection;
    public final int partitions;
    public final byte[] statement;
    public final HashMap<String, String> facts;
    public final long[] partitionInputBytes;
    public final long prepareNanos;
    public final String executorId;
    public final String host;
    public final int attempt;
    /** The executor's clock (epoch ms) when the task started and when it ended. */
    public final long startMillis;
    public final long endMillis;

    public PrepareOutcome(String sectorId, String rejection, int partitions, byte[] statement, Map<String, String> facts,
                   long[] partitionInputBytes, long prepareNanos, String executorId, String host, int attempt,
                   long startMillis, long endMillis) {
        this.sectorId = sectorId;
        this.rejection = rejection;
        this.partitions = partitions;
        this.statement = statement;
        this.facts = new HashMap<>(facts);
        this.partitionInputBytes = partitionInputBytes;
        this.prepareNanos = prepareNanos;
        this.executorId = executorId;
        this.host = host;
        this.attempt = attempt;
        this.startMillis = startMillis;
        this.endMillis = endMillis;
    }
}
