package io.c2spark.spark.device;

import io.c2spark.gpu.coordinator.DeviceFailureException;
import io.c2spark.gpu.coordinator.PartitionWork;
import io.c2spark.gpu.coordinator.Slot;
import io.c2spark.gpu.cpu.CpuStreamBackend;
import io.c2spark.spark.workload.Device;
import io.c2spark.spark.workload.PartitionProof;

/**
 * One partition's work for a coordinator over a {@link CpuStreamBackend}, in the GPU prover's
 * shape: preparation (parsing, witness) on the task's thread holding no lock, then the proof's
 * arithmetic as the device's "kernels" on the slot's compute stream, under the compute lock. The
 * upload is empty: the working set is on the heap already.
 *
 * <p>A failure of the kernel step that is not a device failure (a bad input, a missing parameter
 * file) is carried to {@link #finish} and thrown from {@link #prove}, so it fails this task alone:
 * thrown on the stream, the backend would take it for a device error and poison the device for
 * every worker. A {@link DeviceFailureException} from the kernel is let through: that one is.
 *
 * @param <P> what preparation hands the kernel
 */
public final class CpuKernelWork<P> implements PartitionWork<CpuStreamBackend, PartitionProof> {
    /** Runs on the task's thread, no lock held. */
    public interface Prepare<P> {
        P prepare() throws Exception;
    }

    /** Runs on the device's compute stream, under the compute lock. */
    public interface Kernel<P> {
        PartitionProof run(P prepared) throws Exception;
    }

    /** A workload's own failure on its way through the coordinator, which throws no checked exceptions. */
    private static final class Carried extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Carried(Exception cause) {
            super(cause);
        }
    }

    private final Prepare<P> prepare;
    private final Kernel<P> kernel;
    private P prepared;
    private volatile PartitionProof result;
    private volatile Exception failure;

    private CpuKernelWork(Prepare<P> prepare, Kernel<P> kernel) {
        this.prepare = prepare;
        this.kernel = kernel;
    }

    /** Proves one partition on the device's CPU-backed coordinator; the workload's own exceptions come out unwrapped. */
    public static <P> PartitionProof prove(DeviceCoordinators<CpuStreamBackend> devices, Device device,
                                           Prepare<P> prepare, Kernel<P> kernel) throws Exception {
        try {
            return devices.run(device, new CpuKernelWork<>(prepare, kernel));
        } catch (Carried c) {
            throw (Exception) c.getCause();
        }
    }

    @Override
    public void prepare(Slot<CpuStreamBackend> slot) {
        try {
            prepared = prepare.prepare();
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new Carried(e);
        }
    }

    @Override
    public void enqueueUpload(Slot<CpuStreamBackend> slot) {
    }

    @Override
    public void enqueueCompute(Slot<CpuStreamBackend> slot) {
        P input = prepared;
        slot.workingSet().enqueue(slot.computeStream(), () -> {
            try {
                result = kernel.run(input);
            } catch (DeviceFailureException e) {
                throw e;
            } catch (Exception e) {
                failure = e;
            }
        });
    }

    @Override
    public PartitionProof finish(Slot<CpuStreamBackend> slot) {
        if (failure != null) {
            throw new Carried(failure);
        }
        return result;
    }
}
