package io.c2spark.bench;

/** One named measurement of the arithmetic benchmark program. */
public interface Benchmark {
    /** Short name used on the command line and in the table, e.g. "g1-msm". */
    String name();

    /** Problem size (elements, points, or operations per run). */
    long size();

    /** Prepares inputs; not timed. */
    void setUp();

    /** The timed work, run once per repetition. */
    void run();

    /** What one unit of size is, for the rate column ("mul", "point", "element"). */
    String unit();
}
