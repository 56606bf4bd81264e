package io.c2spark.spark.task;

import java.io.Serializable;
import java.util.LinkedHashMap;
import java.util.Map;

/** A prove task's result: the partition's proof and where, when and how fast it was made. */
public final class PartitionOutcome implements Serializable {
    private static final long serialVersionUID = 1L;

    public final String sectorId;
    public final int partition;
    public final byte[] proof;
    public final LinkedHashMap<String, Long> phaseNanos;
    public final LinkedHashMap<String, Long> waitNanos;
    public final LinkedHashMap<String, Double> deviceClockMs;
    public final long inputBytes;
    public final String device;
    public final String deviceSource;
    public final String executorId;
    public final String host;
    public final int attempt;
    public final long startMillis;
    public final long endMillis;
    public final long readNanos;
    public final long proveNanos;

    public PartitionOutcome(String sectorId, int partition, byte[] proof, Map<String, Long> phaseNanos,
                     Map<String, Long> waitNanos, Map<String, Double> deviceClockMs, long inputBytes, String device, String deviceSource,
                     String executorId, String host, int attempt, long startMillis, long endMillis,
                     long readNanos, long proveNanos) {
        this.sectorId = sectorId;
        this.partition = partition;
        this.proof = proof;
        this.phaseNanos = new LinkedHashMap<>(phaseNanos);
        this.waitNanos = new LinkedHashMap<>(waitNanos);
        this.deviceClockMs = new LinkedHashMap<>(deviceClockMs);
        this.inputBytes = inputBytes;
        this.device = device;
        this.deviceSource = deviceSource;
        this.executorId = executorId;
        this.host = host;
        this.attempt = attempt;
        this.startMillis = startMillis;
        this.endMillis = endMillis;
        this.readNanos = readNanos;
        this.proveNanos = proveNanos;
    }
}
