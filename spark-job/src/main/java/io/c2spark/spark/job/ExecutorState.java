package io.c2spark.spark.job;

import io.c2spark.gpu.coordinator.CoordinatorRegistry;
import io.c2spark.spark.device.LocalDevices;
import io.c2spark.spark.settings.C2SparkSettings;
import io.c2spark.spark.settings.Settings;
import io.c2spark.spark.workload.Device;
import io.c2spark.spark.workload.PartitionProver;
import io.c2spark.spark.workload.SectorPreparer;
import io.c2spark.spark.workload.SetupException;
import io.c2spark.spark.workload.Workload;
import io.c2spark.spark.workload.Workloads;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What one executor JVM holds for its tasks: the workload, its prover (device state, parameters)
 * and the local device list. Created once, by {@link C2SparkPlugin} at executor start-up so the
 * first task does not pay for loading, or by the first task where the plugin is not configured.
 *
 * <p>A start-up that fails is remembered, not thrown: an executor that died at start-up would be
 * replaced by the cluster manager with one that fails the same way, for ever. The executor stays
 * up instead, the plugin tells the driver why, and every task given to it fails at once with a
 * {@link SetupException} carrying that reason (nothing is loaded again).
 */
public final class ExecutorState {
    private static ExecutorState current;
    private static String startupProblem;

    private final Workload workload;
    private final SectorPreparer preparer;
    private final PartitionProver prover;
    private final LocalDevices localDevices;

    private ExecutorState(Settings settings) throws Exception {
        this.workload = Workloads.named(settings.get(C2SparkSettings.WORKLOAD));
        this.localDevices = LocalDevices.fromSetting(settings.get(C2SparkSettings.LOCAL_GPUS));
        this.preparer = workload.preparer(settings);
        this.prover = workload.prover(settings);
    }

    /**
     * The JVM's state, created from these settings the first time.
     *
     * @throws SetupException when this executor's start-up failed, with the reason
     */
    public static synchronized ExecutorState get(Settings settings) throws Exception {
        if (startupProblem != null) {
            throw new SetupException(startupProblem);
        }
        return get(settings, null);
    }

    /**
     * Creates the state at executor start-up and preloads. A failure is kept for {@link #get} to
     * refuse tasks with, and returned.
     *
     * @return empty when the prover started, else why it did not
     */
    static synchronized Optional<String> start(Settings settings, List<String> sparkGpus) {
        try {
            get(settings, sparkGpus);
            return Optional.empty();
        } catch (SetupException e) {
            startupProblem = e.getMessage();
        } catch (Exception e) {
            startupProblem = "the prover did not start: " + e;
            e.printStackTrace(System.err);
        }
        System.err.println("c2spark: this executor refuses its tasks: " + startupProblem);
        return Optional.of(startupProblem);
    }

    /**
     * The JVM's state; created the first time, when the prover also preloads for the executor's
     * devices: the GPU addresses Spark gave it, or (null) the local device list.
     */
    public static synchronized ExecutorState get(Settings settings, List<String> sparkGpus) throws Exception {
        if (current == null) {
            ExecutorState s = new ExecutorState(settings);
            List<Device> devices = new ArrayList<>();
            for (String a : sparkGpus != null ? sparkGpus : s.localDevices.addresses()) {
                devices.add(Device.gpu(a, sparkGpus != null ? Device.Source.SPARK : Device.Source.LOCAL));
            }
            if (devices.isEmpty()) {
                devices.add(Device.CPU);
            }
            s.prover.preload(devices);
            current = s;
        }
        return current;
    }

    /**
     * Closes the prover and the JVM's device coordinators (device state) and forgets a failed
     * start-up; the next {@link #get} starts afresh, with coordinators made by its own prover.
     */
    public static synchronized void stop() throws Exception {
        startupProblem = null;
        if (current != null) {
            ExecutorState s = current;
            current = null;
            try {
                s.prover.close();
            } finally {
                CoordinatorRegistry.shutdown();
            }
        }
    }

    public Workload workload() {
        return workload;
    }

    public SectorPreparer preparer() {
        return preparer;
    }

    public PartitionProver prover() {
        return prover;
    }

    public LocalDevices localDevices() {
        return localDevices;
    }
}
