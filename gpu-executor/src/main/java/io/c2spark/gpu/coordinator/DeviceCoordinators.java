package io.c2spark.gpu.coordinator;

import java.util.function.IntFunction;

/**
 * How this JVM's devices get their coordinators: each device ordinal's one {@link GpuCoordinator}
 * comes from the {@link CoordinatorRegistry}, and every key and worker of the device goes through
 * it. The registry makes a device's coordinator once, with the factory of the first
 * DeviceCoordinators that asks for that ordinal; later ones get that coordinator whatever their
 * own factory. The factories are gpu-executor's: {@code CoordinatedGpuProver.devices} for CUDA
 * devices (a VRAM ledger of the card's memory), {@code CpuKernelWork.devices} for the CPU stream
 * backend (GPU addresses on a machine without CUDA, as tests have); a JVM uses one of the two.
 */
public final class DeviceCoordinators {
    private final IntFunction<GpuCoordinator> factory;

    public DeviceCoordinators(IntFunction<GpuCoordinator> factory) {
        this.factory = factory;
    }

    /** The device's coordinator, made the first time. */
    public GpuCoordinator coordinator(int ordinal) {
        return CoordinatorRegistry.forDevice(ordinal, factory);
    }

    /** Runs the work with the key on the device's coordinator, queueing like every other worker of that device in this JVM. */
    public <W, R> GpuCoordinator.Outcome<R> run(int ordinal, KeyLoader<W> key, PartitionWork<W, R> work)
            throws InterruptedException {
        return coordinator(ordinal).run(key, work);
    }
}
