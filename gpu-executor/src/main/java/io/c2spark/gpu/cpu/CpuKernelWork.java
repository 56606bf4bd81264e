package io.c2spark.gpu.cpu;

import io.c2spark.gpu.coordinator.DeviceCoordinators;
import io.c2spark.gpu.coordinator.DeviceFailureException;
import io.c2spark.gpu.coordinator.GpuCoordinator;
import io.c2spark.gpu.coordinator.KeyLoader;
import io.c2spark.gpu.coordinator.PartitionWork;
import io.c2spark.gpu.coordinator.Slot;
import io.c2spark.gpu.coordinator.StreamBackend;
import io.c2spark.gpu.coordinator.VramLedger;
import java.util.logging.Logger;

/**
 * One partition's work for a coordinator over a {@link CpuStreamBackend}, in the GPU prover's
 * shape: preparation (parsing, witness) on the task's thread holding no lock, then the proof's
 * arithmetic as the device's "kernels" on the slot's compute stream, under the compute lock. The
 * upload is empty: the working set is on the heap already. This is how a GPU address is served
 * on a machine without CUDA (tests, CPU-only discovery lists): the same coordinator, keys, queues
 * and locks as on a GPU, with the CPU's arithmetic behind them.
 *
 * <p>A failure of the kernel step that is not a device failure (a bad input, a missing parameter
 * file) is carried to {@link #finish} and thrown from {@link #run}, so it fails this task alone:
 * thrown on the stream, the backend would take it for a device error and poison the device for
 * every worker. A {@link DeviceFailureException} from the kernel is let through: that one is.
 *
 * @param <P> what preparation hands the kernel
 * @param <R> the kernel's result
 */
public final class CpuKernelWork<P, R> implements PartitionWork<CpuStreamBackend, R> {
    private static final Logger LOG = Logger.getLogger(CpuKernelWork.class.getName());

    /** Runs on the task's thread, no lock held. */
    public interface Prepare<P> {
        P prepare() throws Exception;
    }

    /** Runs on the device's compute stream, under the compute lock. */
    public interface Kernel<P, R> {
        R run(P prepared) throws Exception;
    }

    /** A workload's own failure on its way through the coordinator, which throws no checked exceptions. */
    private static final class Carried extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Carried(Exception cause) {
            super(cause);
        }
    }

    /**
     * A key of a CPU-backed device: it holds no device memory (the CPU prover's parameters are on
     * the heap, loaded by the workload), and each of its slots' working sets is the backend itself,
     * to enqueue the kernel on.
     */
    private record CpuKey(String name, boolean large, int slots) implements KeyLoader<CpuStreamBackend> {
        @Override
        public Prepared<CpuStreamBackend> prepare() {
            return new Prepared<>() {
                @Override
                public VramLedger.Request request() {
                    return new VramLedger.Request(0, 0, 0, 0, slots, false);
                }

                @Override
                public Loaded<CpuStreamBackend> load(VramLedger.Plan plan, StreamBackend backend) {
                    if (!(backend instanceof CpuStreamBackend cpu)) {
                        throw new IllegalStateException("the " + name + " key of the CPU stream backend, on a coordinator over "
                                + backend.getClass().getSimpleName());
                    }
                    return new Loaded<>() {
                        @Override
                        public CpuStreamBackend workingSet(int slot) {
                            return cpu;
                        }

                        @Override
                        public String describe() {
                            return "";
                        }

                        @Override
                        public void close() {
                        }
                    };
                }
            };
        }
    }

    private final Prepare<P> prepare;
    private final Kernel<P, R> kernel;
    private P prepared;
    private volatile R result;
    private volatile Exception failure;

    private CpuKernelWork(Prepare<P> prepare, Kernel<P, R> kernel) {
        this.prepare = prepare;
        this.kernel = kernel;
    }

    /**
     * This JVM's coordinators over CPU stream backends, one per device ordinal. The CPU holds no
     * device memory, so each has an empty ledger that admits only keys of no bytes (those of
     * {@link #key}); plan lines go to this class's logger at FINE.
     */
    public static DeviceCoordinators devices() {
        return new DeviceCoordinators(ordinal -> new GpuCoordinator(new CpuStreamBackend(ordinal), VramLedger.none(),
                GpuCoordinator.Options.defaults().withKeyLog(LOG::fine)));
    }

    /** A key of a CPU-backed device named name (e.g. the sector size), with slots working sets; large as on a GPU. */
    public static KeyLoader<CpuStreamBackend> key(String name, boolean large, int slots) {
        if (slots < 1) {
            throw new IllegalArgumentException("a key needs at least one slot, got " + slots);
        }
        return new CpuKey(name, large, slots);
    }

    /**
     * Proves one partition with the key on the device's CPU-backed coordinator; the workload's own
     * exceptions come out unwrapped.
     */
    public static <P, R> GpuCoordinator.Outcome<R> run(DeviceCoordinators devices, int ordinal,
            KeyLoader<CpuStreamBackend> key, Prepare<P> prepare, Kernel<P, R> kernel) throws Exception {
        try {
            return devices.run(ordinal, key, new CpuKernelWork<>(prepare, kernel));
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
    public R finish(Slot<CpuStreamBackend> slot) {
        if (failure != null) {
            throw new Carried(failure);
        }
        return result;
    }
}
