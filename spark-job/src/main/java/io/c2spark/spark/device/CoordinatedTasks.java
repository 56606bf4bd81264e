package io.c2spark.spark.device;

import io.c2spark.gpu.coordinator.DeviceCoordinators;
import io.c2spark.gpu.coordinator.DeviceFailureException;
import io.c2spark.gpu.coordinator.DeviceUnhealthyException;
import io.c2spark.gpu.coordinator.GpuCoordinator;
import io.c2spark.gpu.coordinator.KeyLoader;
import io.c2spark.gpu.coordinator.TaskMetrics;
import io.c2spark.gpu.cpu.CpuKernelWork;
import io.c2spark.gpu.cpu.CpuStreamBackend;
import io.c2spark.spark.workload.Device;
import io.c2spark.spark.workload.DeviceFatalException;
import io.c2spark.spark.workload.PartitionProof;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A prove task's partition through the coordinator of the GPU it was given, stated in the job's
 * terms. The coordinators are gpu-executor's (one per device ordinal per executor JVM, from its
 * {@link DeviceCoordinators}); this class only names the device by its Spark address, turns a
 * device the coordinator marked unhealthy into a {@link DeviceFatalException} (so the task ends
 * its executor), and puts the coordinator's slot and lock waits and the device-clock instants of
 * the upload and the kernels into the task's {@link PartitionProof} for the report.
 */
public final class CoordinatedTasks {
    private CoordinatedTasks() {
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
     * Proves a partition on the CPU stream backend's coordinator of the task's GPU address, with
     * the key (a sector size's): preparation with no lock held, the kernel under the compute lock.
     * The workload's own exceptions come out unwrapped.
     */
    public static <P> PartitionProof onCpuKernel(DeviceCoordinators devices, Device device, KeyLoader<CpuStreamBackend> key,
            CpuKernelWork.Prepare<P> prepare, CpuKernelWork.Kernel<P, PartitionProof> kernel) throws Exception {
        GpuCoordinator.Outcome<PartitionProof> outcome = onDevice(device,
                () -> CpuKernelWork.run(devices, ordinal(device), key, prepare, kernel));
        return withMetrics(outcome.result(), outcome.metrics());
    }

    /** A coordinator's run, as a call that may wait or fail. */
    public interface CoordinatedCall<T> {
        T call() throws Exception;
    }

    /**
     * Makes a coordinator's run on the device; a device its coordinator marked unhealthy, or a
     * device error met around the run (a failed CUDA call binding the context, say), becomes a
     * {@link DeviceFatalException} naming the device, which ends the executor.
     */
    public static <T> T onDevice(Device device, CoordinatedCall<T> call) throws Exception {
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

    static long nanos(double ms) {
        return Math.round(ms * 1e6);
    }
}
