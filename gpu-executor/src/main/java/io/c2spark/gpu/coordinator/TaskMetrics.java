package io.c2spark.gpu.coordinator;

/**
 * What one partition spent where, in milliseconds: host-side waits and holds of its key (the time
 * until the key was resident, its load included when this worker or another one loaded it then),
 * of the slot and of each lock (wall clock), and the device-side upload and kernel intervals (from
 * the device's own events, in device time since start-up; see {@link StreamBackend#deviceTimeMs}).
 */
public record TaskMetrics(
        int device,
        String key,
        int slot,
        double keyWaitMs,
        double slotWaitMs,
        double prepareMs,
        double memoryLockWaitMs,
        double memoryLockHoldMs,
        double computeLockWaitMs,
        double computeLockHoldMs,
        double finishMs,
        double totalMs,
        double uploadStartDeviceMs,
        double uploadEndDeviceMs,
        double kernelsStartDeviceMs,
        double kernelsEndDeviceMs) {

    public double uploadDeviceMs() {
        return uploadEndDeviceMs - uploadStartDeviceMs;
    }

    public double kernelsDeviceMs() {
        return kernelsEndDeviceMs - kernelsStartDeviceMs;
    }

    /** One log line, the same keys as the report's columns. */
    public String toLogLine() {
        return String.format("device=%d key=%s slot=%d key_wait_ms=%.2f slot_wait_ms=%.2f prepare_ms=%.2f mem_wait_ms=%.2f "
                        + "mem_hold_ms=%.2f compute_wait_ms=%.2f compute_hold_ms=%.2f upload_ms=%.2f kernels_ms=%.2f "
                        + "finish_ms=%.2f total_ms=%.2f", device, key, slot, keyWaitMs, slotWaitMs, prepareMs, memoryLockWaitMs,
                memoryLockHoldMs, computeLockWaitMs, computeLockHoldMs, uploadDeviceMs(), kernelsDeviceMs(), finishMs, totalMs);
    }
}
