package io.c2spark.gpu;

/** The package-private test fixtures of io.c2spark.gpu, for the tests of its sub-packages. */
public final class GpuTestAccess {
    private GpuTestAccess() {
    }

    public static GpuDevice device() {
        return GpuTestDevice.get();
    }

    public static long seed() {
        return TestData.SEED;
    }
}
