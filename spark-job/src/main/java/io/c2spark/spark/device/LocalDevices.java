package io.c2spark.spark.device;

import io.c2spark.spark.workload.Device;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Device assignment inside one executor JVM when Spark schedules no gpu resource (plain local
 * mode, where GPU resource settings make jobs hang): each task takes the GPU with the fewest
 * running tasks (lowest address first on ties) and gives it back when it ends; with no GPU, the CPU.
 */
public final class LocalDevices {
    private final List<String> addresses;
    private final int[] running;

    public LocalDevices(List<String> addresses) {
        this.addresses = List.copyOf(addresses);
        this.running = new int[addresses.size()];
    }

    /** From c2spark.local.gpus: "auto" (nvidia-smi), "none" or empty (CPU), or a comma-separated list. */
    public static LocalDevices fromSetting(String value) {
        String v = value.trim().toLowerCase(Locale.ROOT);
        if (v.equals("auto")) {
            return new LocalDevices(GpuProbe.addresses());
        }
        List<String> list = new ArrayList<>();
        if (!v.equals("none")) {
            for (String a : v.split(",")) {
                if (!a.isBlank()) {
                    list.add(a.trim());
                }
            }
        }
        return new LocalDevices(list);
    }

    public List<String> addresses() {
        return addresses;
    }

    public synchronized Device acquire() {
        if (addresses.isEmpty()) {
            return Device.CPU;
        }
        int best = 0;
        for (int i = 1; i < running.length; i++) {
            if (running[i] < running[best]) {
                best = i;
            }
        }
        running[best]++;
        return Device.gpu(addresses.get(best), Device.Source.LOCAL);
    }

    public synchronized void release(Device d) {
        if (d.source() != Device.Source.LOCAL) {
            return;
        }
        int i = addresses.indexOf(d.gpuAddress());
        if (i < 0 || running[i] == 0) {
            throw new IllegalStateException("release of " + d + " that was not acquired here");
        }
        running[i]--;
    }

    /** Tasks now running on each address, in address order. */
    public synchronized int[] running() {
        return running.clone();
    }
}
