package io.c2spark.spark.job;

import io.c2spark.spark.device.TaskDevice;
import io.c2spark.spark.io.HadoopConf;
import io.c2spark.spark.settings.Settings;
import io.c2spark.spark.task.PartitionOutcome;
import io.c2spark.spark.task.PartitionTask;
import io.c2spark.spark.task.SetupRefusal;
import io.c2spark.spark.task.TaskPlace;
import io.c2spark.spark.workload.DeviceFatalException;
import io.c2spark.spark.workload.PartitionInput;
import io.c2spark.spark.workload.PartitionProof;
import io.c2spark.spark.workload.SetupException;
import java.io.IOException;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.TaskContext;

/**
 * The prove task of one partition: reads its compact input, takes its device (Spark's gpu address
 * or the executor's own choice), proves, and returns the proof with timings. Failures are thrown:
 * Spark retries the task and, past spark.task.maxFailures, fails that sector's job only. A
 * {@link DeviceFatalException} ends the executor JVM instead, and a {@link SetupException} (this
 * executor cannot prove: parameters missing, a prover that did not start) becomes a {@link
 * SetupRefusal}, which no retry would change.
 */
final class ProveTaskFunction extends SingleItemTask<PartitionTask> {
    private static final long serialVersionUID = 1L;
    /** The exit code of an executor ended by a fatal device error (the one spark-rapids uses). */
    static final int DEVICE_FATAL_EXIT_CODE = 20;

    private final Settings settings;
    private final HadoopConf hadoopConf;

    ProveTaskFunction(Settings settings, HadoopConf hadoopConf) {
        super("a prove task takes one partition");
        this.settings = settings;
        this.hadoopConf = hadoopConf;
    }

    @Override
    Object run(PartitionTask task, TaskPlace place) {
        long startMillis = System.currentTimeMillis();
        try {
            ExecutorState state = ExecutorState.get(settings);
            long t0 = System.nanoTime();
            byte[] input = read(new Path(task.inputPath));
            long t1 = System.nanoTime();
            try (TaskDevice device = TaskDevice.acquire(TaskContext.get(), state.localDevices())) {
                PartitionProof proof = state.prover().prove(new PartitionInput(task.sectorId, task.partition, input),
                        device.device());
                long t2 = System.nanoTime();
                PartitionOutcome outcome = new PartitionOutcome(task.sectorId, task.partition, proof.proof(),
                        proof.phaseNanos(), proof.waitNanos(), proof.deviceClockMs(), input.length,
                        device.device().label(), device.device().source().name().toLowerCase(java.util.Locale.ROOT),
                        place.executorId(), place.host(), place.attempt(), startMillis, System.currentTimeMillis(), t1 - t0,
                        t2 - t1);
                ProverMetrics metrics = ProverMetrics.ofExecutor();
                if (metrics != null) {
                    metrics.partitionProven(outcome);
                }
                return outcome;
            }
        } catch (DeviceFatalException e) {
            executorTaskFailed();
            if (!"driver".equals(place.executorId())) {
                endExecutor(task, place, e);
            }
            throw new IllegalStateException("prove sector " + task.sectorId + " partition " + task.partition
                    + ": device failed: " + e.getMessage(), e);
        } catch (SetupException e) {
            executorTaskFailed();
            return new SetupRefusal("prove", task.sectorId, task.partition, place, e.getMessage());
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException("prove sector " + task.sectorId + " partition " + task.partition + ": "
                    + e.getMessage(), e);
        }
    }

    private static void executorTaskFailed() {
        ProverMetrics metrics = ProverMetrics.ofExecutor();
        if (metrics != null) {
            metrics.taskFailed();
        }
    }

    /**
     * Ends this executor JVM at once. halt, not exit: shutdown hooks would run while other workers
     * still hold the poisoned device, and could wait on them; the driver sees the executor exit and
     * reschedules its tasks.
     */
    private static void endExecutor(PartitionTask task, TaskPlace place, DeviceFatalException e) {
        System.err.println("c2spark: executor " + place.executorId() + " on " + place.host() + ": fatal device error"
                + " proving sector " + task.sectorId + " partition " + task.partition + ": " + e.getMessage()
                + "; ending this executor (exit code " + DEVICE_FATAL_EXIT_CODE + ") so its tasks run elsewhere");
        e.printStackTrace(System.err);
        System.err.flush();
        Runtime.getRuntime().halt(DEVICE_FATAL_EXIT_CODE);
    }

    private byte[] read(Path path) throws IOException {
        FileSystem fs = path.getFileSystem(hadoopConf.toConfiguration());
        long len = fs.getFileStatus(path).getLen();
        if (len > Integer.MAX_VALUE - 8) {
            throw new IOException(path + ": a partition input of " + len + " bytes exceeds one Java array");
        }
        byte[] b = new byte[(int) len];
        try (FSDataInputStream in = fs.open(path)) {
            in.readFully(0, b);
        }
        return b;
    }
}
