package io.c2spark.spark.device;

import io.c2spark.gpu.coordinator.CoordinatorRegistry;
import io.c2spark.gpu.coordinator.DeviceFailureException;
import io.c2spark.gpu.coordinator.DeviceUnhealthyException;
import io.c2spark.gpu.coordinator.GpuCoordinator;
import io.c2spark.gpu.coordinator.PartitionWork;
import io.c2spark.gpu.coordinator.TaskMetrics;
import io.c2spark.gpu.cpu.CpuStreamBackend;
import io.c2spark.spark.workload.Device;
import io.c2spark.spark.workload.DeviceFatalException;
import io.c2spark.spark.workload.PartitionProof;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.IntFunction;

/**
 * Runs a prove task's partition through the coordinator of the GPU it was given: the coordinator
 * comes from gpu-executor's {@link CoordinatorRegistry} (one per device ordinal per executor JVM,
 * made by this object's factory the first time the device is asked for), and the outcome is
 * stated in the report's terms: the coordinator's slot and lock waits join the prover's own
 * waits, and the device-clock instants of the upload and the kernels come along for the busy
 * fraction. A device the coordinator marked unhealthy becomes a {@link DeviceFatalException}, so
 * the task ends its executor.
 *
 * <p>A prover chooses the backend through the factory: {@link #cpuBacked} puts
 * {@link CpuStreamBackend} behind each coordinator (the proof's arithmetic is the "device" work);
 * the GPU prover passes a factory that makes CUDA-backed coordinators with slots from the VRAM
 * ledger, and its own {@link PartitionWork}.
 *
 * @param <W> the per-slot working set of the coordinators this object makes
 */
public final class DeviceCoordinators<W> {
    private final IntFunction<GpuCoordinator<W>> factory;

    public DeviceCoordinators(IntFunction<GpuCoordinator<W>> factory) {
        this.factory = factory;
    }

    /** Coordinators over {@link CpuStreamBackend}s; each slot's working set is the backend itself, to enqueue on. */
    public static DeviceCoordinators<CpuStreamBackend> cpuBacked(int slotsPerDevice) {
        return new DeviceCoordinators<>(ordinal -> {
            CpuStreamBackend backend = new CpuStreamBackend(ordinal);
            return new GpuCoordinator<>(backend, slotsPerDevice, slot -> backend, null);
        });
    }

    /** The ordinal a GPU address names: Spark and nvidia-smi both number devices 0, 1, ... */
    public static int ordinal(Device device) {
        if (!device.isGpu()) {
            throw new IllegalArgumentException("the CPU has no coordinator; only a GPU address does");
        }
        try {
            return Integer.parseInt(device.gpuAddress().trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("GPU address '" + device.gpuAddress() + "' is not a device ordinal;"
                    + " the discovery script must report ordinals (0, 1, ...)", e);
        }
    }

    /**
     * Runs the work on the device's coordinator, queueing for a slot and its locks like every other
     * worker of that device in this JVM.
     */
    public PartitionProof run(Device device, PartitionWork<W, PartitionProof> work)
            throws DeviceFatalException, InterruptedException {
        GpuCoordinator<W> coordinator = CoordinatorRegistry.forDevice(ordinal(device), factory);
        GpuCoordinator.Outcome<PartitionProof> outcome = onDevice(device, () -> coordinator.run(work));
        return withMetrics(outcome.result(), outcome.metrics());
    }

    /** A coordinator's run, as a call that may wait. */
    public interface CoordinatedCall<T> {
        T call() throws InterruptedException;
    }

    /**
     * Makes a coordinator's run on the device; a device its coordinator marked unhealthy, or a
     * device error met around the run (a failed CUDA call binding the context, say), becomes a
     * {@link DeviceFatalException} naming the device, which ends the executor.
     */
    public static <T> T onDevice(Device device, CoordinatedCall<T> call) throws DeviceFatalException, InterruptedException {
        try {
            return call.call();
        } catch (DeviceUnhealthyException | DeviceFailureException e) {
            throw new DeviceFatalException(device.label() + ": " + e.getMessage(), e);
        }
    }

    /**
     * The proof with a coordinator's account of it for the report: its slot and lock waits joined to
     * the prover's own waits, and the device-clock instants of the upload and the kernels.
     */
    public static PartitionProof withMetrics(PartitionProof p, TaskMetrics m) {
        Map<String, Long> waits = new LinkedHashMap<>(p.waitNanos());
        waits.put("slot", nanos(m.slotWaitMs()));
        waits.put("memoryLock", nanos(m.memoryLockWaitMs()));
        waits.put("computeLock", nanos(m.computeLockWaitMs()));
        Map<String, Double> clock = new LinkedHashMap<>();
        clock.put("uploadStart", m.uploadStartDeviceMs());
        clock.put("uploadEnd", m.uploadEndDeviceMs());
        clock.put("kernelsStart", m.kernelsStartDeviceMs());
        clock.put("kernelsEnd", m.kernelsEndDeviceMs());
        return new PartitionProof(p.proof(), p.phaseNanos(), waits, clock);
    }

    private static long nanos(double ms) {
        return Math.round(ms * 1e6);
    }
}
