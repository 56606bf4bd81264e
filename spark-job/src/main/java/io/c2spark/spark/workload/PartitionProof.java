package io.c2spark.spark.workload;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A partition's proof (192 bytes for Groth16 over BLS12-381: A, B, C compressed) with the
 * prover's own timings: phases (witness, upload, kernels...) and waits (slot, memory lock,
 * compute lock), in nanoseconds, in the order the prover lists them. They go to the report.
 */
public final class PartitionProof {
    private final byte[] proof;
    private final LinkedHashMap<String, Long> phaseNanos;
    private final LinkedHashMap<String, Long> waitNanos;

    public PartitionProof(byte[] proof, Map<String, Long> phaseNanos, Map<String, Long> waitNanos) {
        this.proof = proof.clone();
        this.phaseNanos = new LinkedHashMap<>(phaseNanos);
        this.waitNanos = new LinkedHashMap<>(waitNanos);
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
}
