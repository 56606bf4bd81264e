package io.c2spark.gpu.coordinator;

/**
 * Per-device totals: how many partitions ran, and the GPU's busy fraction, judged from the
 * device's own kernel intervals (the union of intervals over the span from the first kernel start
 * to the last kernel end). Kernel intervals never overlap under the compute lock, so the union is
 * their sum; the class still merges defensively so that a broken lock would not inflate the figure.
 */
public final class DeviceMetrics {
    private long partitions;
    private double firstStart = Double.NaN;
    private double lastEnd = Double.NaN;
    private double busy;
    private double coveredUntil = Double.NEGATIVE_INFINITY;

    synchronized void add(TaskMetrics m) {
        partitions++;
        double s = m.kernelsStartDeviceMs();
        double e = m.kernelsEndDeviceMs();
        if (Double.isNaN(firstStart) || s < firstStart) {
            firstStart = s;
        }
        if (Double.isNaN(lastEnd) || e > lastEnd) {
            lastEnd = e;
        }
        double from = Math.max(s, coveredUntil);
        if (e > from) {
            busy += e - from;
        }
        coveredUntil = Math.max(coveredUntil, e);
    }

    public synchronized long partitions() {
        return partitions;
    }

    /** Busy kernel time divided by the span from the first kernel start to the last end; 0 when idle. */
    public synchronized double busyFraction() {
        double span = lastEnd - firstStart;
        return partitions == 0 || !(span > 0) ? 0 : Math.min(1.0, busy / span);
    }

    public synchronized double busyMs() {
        return busy;
    }
}
