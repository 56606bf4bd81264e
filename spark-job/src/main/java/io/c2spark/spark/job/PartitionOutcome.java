package io.c2spark.spark.job;

import java.io.Serializable;
import java.util.LinkedHashMap;
import java.util.Map;

/** A prove task's result: the partition's proof and where, when and how fast it was made. */
public final class PartitionOutcome implements Serializable {
    private static final long serialVersionUID = 1L;

    final String sectorId;
    final int partition;
    final byte[] proof;
    final LinkedHashMap<String, Long> phaseNanos;
    final LinkedHashMap<String, Long> waitNanos;
    final LinkedHashMap<String, Double> deviceClockMs;
    final long inputBytes;
    final String device;
    final String deviceSource;
    final String executorId;
    final String host;
    final int attempt;
    final long startMillis;
    final long endMillis;
    final long readNanos;
    final long proveNanos;

    PartitionOutcome(String sectorId, int partition, byte[] proof, Map<String, Long> phaseNanos,
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
