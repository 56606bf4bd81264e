package io.c2spark.gpu.coordinator;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class DeviceMetricsTest {
    private static TaskMetrics kernels(double start, double end) {
        return new TaskMetrics(0, "key", 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, start, end);
    }

    @Test
    void busyFractionIsKernelTimeOverSpan() {
        DeviceMetrics m = new DeviceMetrics();
        assertEquals(0, m.busyFraction());
        m.add(kernels(0, 10));
        m.add(kernels(15, 25));
        m.add(kernels(30, 40));
        assertEquals(30.0 / 40.0, m.busyFraction(), 1e-12);
        assertEquals(3, m.partitions());
    }

    @Test
    void overlappingIntervalsAreNotCountedTwice() {
        DeviceMetrics m = new DeviceMetrics();
        m.add(kernels(0, 10));
        m.add(kernels(5, 20));
        assertEquals(20, m.busyMs(), 1e-12);
        assertEquals(1.0, m.busyFraction(), 1e-12);
    }
}
