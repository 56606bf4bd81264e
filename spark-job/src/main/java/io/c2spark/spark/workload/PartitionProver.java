package io.c2spark.spark.workload;

import java.util.List;

/**
 * Proves one partition from its compact input on one device. One instance per executor JVM,
 * called concurrently by that executor's tasks (workers per GPU = tasks per GPU), so it must be
 * thread-safe; per-device state and the device's coordinator live behind it.
 */
public interface PartitionProver extends AutoCloseable {
    /**
     * @param input  the bytes the preparer wrote for this partition
     * @param device the device this task was given (by Spark's resource scheduling, by the
     *               executor in plain local mode, or the CPU)
     * @return the partition's proof and its timings
     * @throws Exception any failure: Spark retries the task, then fails the sector. A fatal device
     *                   error should end the executor JVM so that Spark reschedules elsewhere; a
     *                   {@link SetupException} fails the sector at once, unretried.
     */
    PartitionProof prove(PartitionInput input, Device device) throws Exception;

    /**
     * Loads at executor start-up what the first tasks would otherwise wait for, for the devices this
     * executor was given (its GPUs, or the CPU alone). The default loads nothing.
     */
    default void preload(List<Device> devices) throws Exception {
    }

    @Override
    default void close() throws Exception {
    }
}
