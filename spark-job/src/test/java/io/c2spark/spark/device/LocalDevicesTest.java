package io.c2spark.spark.device;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.c2spark.spark.workload.Device;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class LocalDevicesTest {
    @Test
    void tasksSpreadOverTheLeastLoadedDevice() {
        LocalDevices d = LocalDevices.fromSetting("0, 1,2");
        List<Device> held = new ArrayList<>();
        for (int i = 0; i < 7; i++) {
            held.add(d.acquire());
        }
        assertArrayEquals(new int[] {3, 2, 2}, d.running());
        assertEquals(Device.gpu("0", Device.Source.LOCAL), held.get(0));
        assertEquals(Device.gpu("1", Device.Source.LOCAL), held.get(1));
        assertEquals(Device.gpu("2", Device.Source.LOCAL), held.get(2));
        d.release(held.get(1));
        d.release(held.get(4));
        assertArrayEquals(new int[] {3, 0, 2}, d.running());
        assertEquals("gpu:1", d.acquire().label());
        assertArrayEquals(new int[] {3, 1, 2}, d.running());
    }

    @Test
    void noGpuMeansTheCpu() {
        LocalDevices d = LocalDevices.fromSetting("none");
        assertEquals(Device.CPU, d.acquire());
        d.release(Device.CPU);
        assertEquals(Device.CPU, LocalDevices.fromSetting("").acquire());
    }

    @Test
    void releasingWhatWasNotAcquiredIsAnError() {
        LocalDevices d = LocalDevices.fromSetting("0");
        assertThrows(IllegalStateException.class, () -> d.release(Device.gpu("0", Device.Source.LOCAL)));
    }
}
