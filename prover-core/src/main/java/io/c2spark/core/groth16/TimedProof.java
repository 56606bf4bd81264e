package io.c2spark.core.groth16;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A proof and where its time went, in milliseconds: waiting for the prover's device (its key, a
 * slot, the locks), the device busy with it (a GPU's upload and kernels, by its own clock; the whole
 * proof on the CPU), the call from start to end, and, when the prover profiles, the device's time
 * per phase in order (empty otherwise).
 */
public record TimedProof(Proof proof, double waitMs, double busyMs, double totalMs, Map<String, Double> phasesMs) {
    public TimedProof {
        phasesMs = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(phasesMs));
    }
}
