package io.c2spark.gpu.runtime;

/** Grid sizes for grid-stride kernels, as pure functions of the work and the device. */
public final class LaunchShapes {
    /** Threads per block for the arithmetic-heavy kernels (registers, not shared memory, limit them). */
    public static final int BLOCK = 256;
    /** Blocks per multiprocessor a grid-stride launch asks for at most: enough to hide latency. */
    public static final int BLOCKS_PER_SM = 16;

    private LaunchShapes() {
    }

    /** Blocks of {@code block} threads for {@code work} items, capped at BLOCKS_PER_SM per SM. */
    public static int gridFor(long work, int block, int multiprocessors) {
        if (work <= 0) {
            throw new IllegalArgumentException("work must be positive, got " + work);
        }
        long blocks = (work + block - 1) / block;
        return (int) Math.min(blocks, (long) BLOCKS_PER_SM * multiprocessors);
    }
}
