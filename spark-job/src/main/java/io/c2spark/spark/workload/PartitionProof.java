package io.c2spark.spark.workload;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A partition's proof (192 bytes for Groth16 over BLS12-381: A, B, C compressed) with the
 * prover's own timings: phases (witness, upload, kernels...) and waits (slot, memory lock,
 * compute lock), in nanoseconds, in the order the prover lists them; and, for a prover that ran
 * through its device's coordinator, the device-side instants of its upload and kernels in
 * milliseconds of that device's own clock (comparable between partitions of one device in one
 * executor, which is what a busy fraction needs). They go to the report.
 */
public final class PartitionProof {
    private final byte[] proof;
    private final LinkedHashMap<String, Long> phaseNanos;
    private final LinkedHashMap<String, Long> waitNanos;
    private final LinkedHashMap<String, Double> deviceClockMs;

    public PartitionProof(byte[] proof, Map<String, Long> phaseNanos, Map<String, Long> waitNanos) {
        this(proof, phaseNanos, waitNanos, Map.of());
    }

    public PartitionProof(byte[] proof, Map<String, Long> phaseNanos, Map<String, Long> waitNanos,
                          Map<String, Double> deviceClockMs) {
        this.proof = proof.clone();
        this.phaseNanos = new LinkedHashMap<>(phaseNanos);
        this.waitNanos = new LinkedHashMap<>(waitNanos);
        this.deviceClockMs = new LinkedHashMap<>(deviceClockMs);
    }

    public byte[] proof() {
        return proof.clone();
    }

    public Map<String, Long> phaseNanos() {
        return Collections.unmodifiableMap(phaseNanos);
    }

    public Map<String, Long> waitNanos() {
        return Collections.unmodifiableMap(waitNanos);
    }

    /** Device-clock instants (uploadStart, uploadEnd, kernelsStart, kernelsEnd); empty without a coordinator. */
    public Map<String, Double> deviceClockMs() {
        return Collections.unmodifiableMap(deviceClockMs);
    }
}
