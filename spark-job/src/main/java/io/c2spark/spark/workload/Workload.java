package io.c2spark.spark.workload;

import io.c2spark.spark.settings.Settings;

/**
 * What a c2spark batch proves: the one plug-in point between the Spark job and a prover. The job
 * knows files, tasks, devices, retries, reports and atomic output; a workload knows its input
 * format, its circuit and its proof system.
 *
 * <p>Implementations are found by {@link Workloads} (ServiceLoader, by {@link #name()}) and built
 * with a public no-argument constructor on the driver and in every executor JVM; nothing of a
 * workload is serialized. The three roles run in different places:
 * <ul>
 *   <li>{@link #preparer}: executors, prepare stage, one task per sector (CPU);
 *   <li>{@link #prover}: executors, prove stage, one task per partition, created once per JVM at
 *       executor start-up (device state, parameters from c2spark.params.dir) and shared by the tasks;
 *   <li>{@link #verifier}: the driver, once per sector when its partitions are in.
 * </ul>
 * A problem of setup rather than of a sector (a parameter file missing, a bad setting) is thrown
 * as a {@link SetupException}, from any of them: the job fails the sector at once and stops the
 * run when no executor, or the driver, can do its part. {@link #verifier} is made before anything
 * is proven, so it is the place to check what the driver will need.
 */
public interface Workload {
    /** The name c2spark.workload selects this workload by. */
    String name();

    SectorPreparer preparer(Settings settings);

    /** Called once per executor JVM; the prover lives until the executor stops. */
    PartitionProver prover(Settings settings) throws Exception;

    SectorVerifier verifier(Settings settings) throws Exception;
}
