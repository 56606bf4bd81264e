package io.c2spark.gpu.coordinator;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.IntFunction;

/**
 * The JVM's coordinators, one per device ordinal, created once (at executor start-up by the Spark
 * plugin, or on first use) and shared by every task and every key of the JVM. Reached through
 * {@link DeviceCoordinators}.
 */
public final class CoordinatorRegistry {
    private static final Map<Integer, GpuCoordinator> COORDINATORS = new ConcurrentHashMap<>();

    private CoordinatorRegistry() {
    }

    /** The device's coordinator, made by factory the first time the device is asked for. */
    public static GpuCoordinator forDevice(int device, IntFunction<GpuCoordinator> factory) {
        return COORDINATORS.computeIfAbsent(device, factory::apply);
    }

    /** Closes and forgets every coordinator (executor shutdown, tests). */
    public static void shutdown() {
        COORDINATORS.values().forEach(GpuCoordinator::close);
        COORDINATORS.clear();
    }
}
