/**
 * What passes between the driver and its tasks: a prove task's work ({@link
 * io.c2spark.spark.task.PartitionTask}), what a task hands back (a {@link
 * io.c2spark.spark.task.PrepareOutcome}, a {@link io.c2spark.spark.task.PartitionOutcome}, or a
 * {@link io.c2spark.spark.task.SetupRefusal}), where it ran ({@link io.c2spark.spark.task.TaskPlace})
 * and the attempts Spark saw fail ({@link io.c2spark.spark.task.FailedAttempt}); a refusal and a
 * failed attempt are both {@link io.c2spark.spark.task.TaskAttempt}s. The job's driver acts on
 * them and the report describes them, so they sit below both.
 */
package io.c2spark.spark.task;
