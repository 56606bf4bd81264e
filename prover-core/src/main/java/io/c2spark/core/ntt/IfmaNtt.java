package io.c2spark.core.ntt;

import io.c2spark.core.concurrent.ComputePool;
import io.c2spark.core.field.Fr;
import io.c2spark.core.field.IfmaLibrary;
import java.lang.ref.Cleaner;
import java.math.BigInteger;

/**
 * {@link Radix2Ntt}'s transform (same arguments, same results) in the native IFMA kernel
 * (src/main/c/ifma_ntt.c in {@link IfmaLibrary}): Fr in 5 limbs of 52 bits, R = 2^260, eight
 * elements at a time. Java runs the passes over ranges on {@link ComputePool}: the copy-in (with
 * the bit reversal, the input scaling and the three stages inside each group of eight), the stages
 * of each cache-sized block, the stages across blocks one at a time, and the copy-out (with the
 * output scaling and order). The twiddle table and the working copy live in native memory with the
 * domain (40 n bytes each), freed when it is collected.
 */
final class IfmaNtt {
    /** The smallest transform: eight groups of eight, so that the copy-in has whole blocks. */
    static final int MIN_LOG = 6;
    static final boolean AVAILABLE;
    private static final int LIMBS = 5;
    /** Groups of eight per block of the leaves' pass (as in ifma_ntt.c). */
    private static final int LEAF_LOG = 10;
    private static final BigInteger R = BigInteger.ONE.shiftLeft(IfmaLibrary.LIMB_BITS * LIMBS);
    private static final Cleaner CLEANER = Cleaner.create();

    static {
        AVAILABLE = IfmaLibrary.AVAILABLE;
    }

    private final int logN;
    private final long handle;

    /** The transform of 2^logN elements (at least 2^{@value #MIN_LOG}) by the n-th root of unity omega (shared layout). */
    IfmaNtt(long[] omega, int logN) {
        if (logN < MIN_LOG) {
            throw new IllegalArgumentException("native NTT of 2^" + logN + " elements");
        }
        this.logN = logN;
        long h = newDomain(logN, montgomery(omega, R));
        if (h == 0) {
            throw new OutOfMemoryError("native NTT of 2^" + logN + ": its table and working copy could not be allocated");
        }
        this.handle = h;
        CLEANER.register(this, () -> freeDomain(h));
    }

    /** x (shared layout) times k, in 52-bit limbs: the plain number x k mod r. */
    private static long[] montgomery(long[] x, BigInteger k) {
        return IfmaLibrary.limbs(Fr.toBigInteger(x, 0).multiply(k).mod(Fr.MODULUS), LIMBS);
    }

    /** See {@link Radix2Ntt#transform}; a holds 2^logN elements. One at a time: the domain has one working copy. */
    synchronized void transform(long[] a, Radix2Ntt.Scaling in, boolean reversedOut, Radix2Ntt.Scaling out) {
        int n = 1 << logN;
        int groups = n / 8;
        // x 2^256 times c 2^264 / R is x c R; x R times c 2^256 / R is x c 2^256 (see copyIn, copyOut).
        long[] inFactor = montgomery(in != null ? in.c() : Fr.FIELD.one(), BigInteger.ONE.shiftLeft(264));
        long[] inG = in != null && in.g() != null ? montgomery(in.g(), R) : null;
        ComputePool.forRange(0, n / 64, 1 << 6, (from, to) -> copyIn(handle, a, inFactor, inG, from, to));
        int leafGroups = Math.min(groups, 1 << LEAF_LOG);
        ComputePool.forRange(0, groups / leafGroups, 1, (from, to) -> leaves(handle, from, to));
        for (int logHalf = Integer.numberOfTrailingZeros(leafGroups); (1 << logHalf) < groups; logHalf++) {
            int stage = logHalf;
            ComputePool.forRange(0, groups / 2, 1 << 9, (from, to) -> stage(handle, stage, from, to));
        }
        long[] outFactor = montgomery(out != null ? out.c() : Fr.FIELD.one(), BigInteger.ONE.shiftLeft(256));
        long[] outG = out != null && out.g() != null ? montgomery(out.g(), R) : null;
        ComputePool.forRange(0, groups, 1 << 9, (from, to) -> copyOut(handle, a, reversedOut, outFactor, outG, from, to));
    }

    private static native long newDomain(int logN, long[] omega);

    private static native void freeDomain(long handle);

    private static native void copyIn(long handle, long[] a, long[] factor, long[] g, int fromBlock, int toBlock);

    private static native void leaves(long handle, int fromBlock, int toBlock);

    private static native void stage(long handle, int logHalf, int from, int to);

    private static native void copyOut(long handle, long[] a, boolean reversed, long[] factor, long[] g, int from, int to);
}
