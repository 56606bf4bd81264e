package io.c2spark.spark.workload;

import java.io.Serializable;
import java.util.Objects;

/**
 * The device a prove task runs on: a GPU address given by Spark's resource scheduling
 * ({@link Source#SPARK}), a GPU the executor handed out itself in plain local mode
 * ({@link Source#LOCAL}), or the CPU ({@link Source#NONE}).
 */
public final class Device implements Serializable {
    private static final long serialVersionUID = 1L;

    /** Who chose the device. */
    public enum Source { SPARK, LOCAL, NONE }

    public static final Device CPU = new Device(null, Source.NONE);

    private final String gpuAddress;
    private final Source source;

    private Device(String gpuAddress, Source source) {
        this.gpuAddress = gpuAddress;
        this.source = source;
    }

    public static Device gpu(String address, Source source) {
        if (source == Source.NONE) {
            throw new IllegalArgumentException("a GPU is chosen by Spark or by the executor");
        }
        return new Device(Objects.requireNonNull(address, "address"), source);
    }

    public boolean isGpu() {
        return gpuAddress != null;
    }

    /** The GPU's address as Spark or nvidia-smi names it ("0", "1", ...); null for the CPU. */
    public String gpuAddress() {
        return gpuAddress;
    }

    public Source source() {
        return source;
    }

    /** "gpu:1" or "cpu": how the report and the progress lines name it. */
    public String label() {
        return isGpu() ? "gpu:" + gpuAddress : "cpu";
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Device && Objects.equals(((Device) o).gpuAddress, gpuAddress)
                && ((Device) o).source == source;
    }

    @Override
    public int hashCode() {
        return Objects.hash(gpuAddress, source);
    }

    @Override
    public String toString() {
        return label() + " (" + source.name().toLowerCase(java.util.Locale.ROOT) + ")";
    }
}
