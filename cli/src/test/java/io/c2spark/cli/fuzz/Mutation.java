package io.c2spark.cli.fuzz;

/** A mutated file: its bytes and, in words, what was done to the original (for reports and regressions). */
public record Mutation(String description, byte[] bytes) {
}
