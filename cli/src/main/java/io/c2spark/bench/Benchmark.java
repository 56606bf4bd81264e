package io.c2spark.bench;

/** One named measurement of the arithmetic benchmark program. */
public abstract class Benchmark {
    private final String name;
    private final long size;
    private final String unit;

    /**
     * @param name short name used on the command line and in the table, e.g. "g1-msm"
     * @param size problem size (elements, points, or operations per run)
     * @param unit what one unit of size is, for the rate column ("mul", "point", "element")
     */
    protected Benchmark(String name, long size, String unit) {
        this.name = name;
        this.size = size;
        this.unit = unit;
    }

    public final String name() {
        return name;
    }

    /** The size given to the constructor; one known only once its inputs exist overrides this. */
    public long size() {
        return size;
    }

    public final String unit() {
        return unit;
    }

    /** Prepares inputs; not timed. */
    public abstract void setUp();

    /** The timed work, run once per repetition. */
    public abstract void run();
}
