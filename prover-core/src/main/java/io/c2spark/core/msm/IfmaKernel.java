package io.c2spark.core.msm;

import io.c2spark.core.field.Fp;
import io.c2spark.core.field.IfmaLibrary;
import java.math.BigInteger;

/**
 * The native bucket accumulation of the batch-affine MSM with AVX-512 IFMA, G1 and G2
 * (src/main/c/ifma_msm.c in {@link IfmaLibrary}): the additions of
 * {@link BucketAccumulator} and {@link LaneAffineBatch}, eight at a time, each Fp product in 264
 * IFMA instructions (about a third of the time of the Vector API lanes, which must emulate the
 * 52-bit multiplier with two fused multiply-adds on doubles and carry every column through memory).
 *
 * <p>Used through {@link IfmaMsm} where {@link IfmaLibrary#AVAILABLE}; everywhere else the Java
 * lanes run. Handles are native pointers: a chunk of points in the kernel's form (52-bit limbs,
 * R = 2^416) with their recoded scalars, and one window's buckets; each is freed by its owner. A
 * point has 2 Fp elements in G1 and 4 in G2 (the elements argument).
 */
final class IfmaKernel {
    private static final int LIMBS = 8;
    /** Whether {@link Msm} uses the kernel in this JVM. */
    static final boolean AVAILABLE;

    static {
        if (IfmaLibrary.AVAILABLE) {
            init(factors());
        }
        AVAILABLE = IfmaLibrary.AVAILABLE;
    }

    private IfmaKernel() {
    }

    /**
     * The kernel's two conversion factors in the order init reads them: x 2^384 (the shared layout)
     * times 2^448 / R is x R; x R times 2^392 / R is Fp56's x 2^392 (R = 2^416).
     */
    static long[] factors() {
        BigInteger p = Fp.MODULUS;
        return IfmaLibrary.limbs(LIMBS, BigInteger.ONE.shiftLeft(448).mod(p), BigInteger.ONE.shiftLeft(392).mod(p));
    }

    private static native void init(long[] factors);

    /** A chunk of up to capacity points of the given Fp elements each; 0 when the memory could not be had. */
    static native long newChunk(int elements, int capacity);

    static native void freeChunk(long chunk);

    /**
     * Fills chunk slots from .. to - 1 with the shared layout's affine points first + from .. (6
     * longs per Fp element; all zero = identity) and their recoded scalars (5 longs per point,
     * indexed from the chunk's start, as {@link Msm} recodes them; null where only
     * {@link #accumulateSelected} will read the chunk).
     */
    static native void loadChunk(long chunk, long[] bases, int first, long[] digits, int from, int to);

    /**
     * One window's buckets (digit magnitudes times 2^spread of them) for points of the given Fp
     * elements, and its batch; 0 when the memory could not be had.
     */
    static native long newWindow(int elements, int buckets, int batch, int spread);

    static native void freeWindow(long window);

    /** Adds the chunk's first count points into the window's buckets by their digit of window w (c bits). */
    static native void accumulate(long window, long chunk, int count, int w, int c);

    /** Adds the chunk's points from .. to - 1 whose bit first + i is set in bitmap into the window's digit-1 slots. */
    static native void accumulateSelected(long window, long chunk, long[] bitmap, int first, int from, int to);

    /**
     * The window's sum by {@link BucketAccumulator#reduce}'s method (batched running sums of
     * segments, then their combination), Jacobian in Fp56's working form (X, Y, Z of 7 longs per Fp
     * element) at out[offset..].
     */
    static native void reduce(long window, int segments, int m, long[] out, int offset);
}
