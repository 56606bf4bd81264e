package io.c2spark.core.msm;

import io.c2spark.core.field.Fp;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * The native bucket accumulation of the batch-affine MSM with AVX-512 IFMA, G1 and G2
 * (src/main/c/ifma_msm.c, built by Maven with gcc into this jar): the additions of
 * {@link BucketAccumulator} and {@link LaneAffineBatch}, eight at a time, each Fp product in 264
 * IFMA instructions (11-12 ns per element on the 2-core Zen 4 VM against 31 for the Vector API
 * lanes, which must emulate the 52-bit multiplier with two fused multiply-adds on doubles and carry
 * every column through memory).
 *
 * <p>Used by {@link Msm} where the library loads and the CPU has IFMA; everywhere else the Java
 * lanes run, and {@code -D}{@value #PROPERTY}{@code =false} asks for them. Handles are native
 * pointers: a chunk of points in the kernel's form (52-bit limbs, R = 2^416) with their recoded
 * scalars, and one window's buckets; each is freed by its owner. A point has 2 Fp elements in G1
 * and 4 in G2 (the elements argument).
 */
final class IfmaKernel {
    static final String PROPERTY = "c2spark.ifma";
    private static final String LIBRARY = "/native/linux-x86_64/libc2spark-ifma.so";
    private static final int LIMB_BITS = 52;
    private static final int LIMBS = 8;
    /** Whether {@link Msm} uses the kernel in this JVM, and why not where it does not. */
    static final boolean AVAILABLE;
    static final String STATE;

    static {
        String state;
        boolean loaded = false;
        try {
            if (!Boolean.parseBoolean(System.getProperty(PROPERTY, "true"))) {
                state = "off (-D" + PROPERTY + "=false)";
            } else if (!System.getProperty("os.name", "").startsWith("Linux")
                    || !System.getProperty("os.arch", "").equals("amd64")) {
                state = "not built for " + System.getProperty("os.name") + " " + System.getProperty("os.arch");
            } else if (!load()) {
                state = "not in this build (gcc was absent when it was made)";
            } else if (!cpuSupported()) {
                state = "this CPU lacks AVX-512 IFMA";
            } else {
                init(constants());
                state = "AVX-512 IFMA";
                loaded = true;
            }
        } catch (IOException | UnsatisfiedLinkError e) {
            state = "failed to load: " + e.getMessage();
        }
        AVAILABLE = loaded;
        STATE = state;
    }

    private IfmaKernel() {
    }

    /** How the MSMs' buckets are accumulated in this JVM, for the commands' logs. */
    static String describe() {
        return AVAILABLE ? "native AVX-512 IFMA" : "Java lanes (native kernel " + STATE + ")";
    }

    private static boolean load() throws IOException {
        try (InputStream in = IfmaKernel.class.getResourceAsStream(LIBRARY)) {
            if (in == null) {
                return false;
            }
            Path file = Files.createTempFile("c2spark-ifma", ".so");
            file.toFile().deleteOnExit();
            Files.copy(in, file, StandardCopyOption.REPLACE_EXISTING);
            System.load(file.toString());
            return true;
        }
    }

    /** The modulus-dependent constants, in the order init reads them. */
    static long[] constants() {
        BigInteger p = Fp.MODULUS;
        BigInteger r = BigInteger.ONE.shiftLeft(LIMB_BITS * LIMBS);
        long[] out = new long[5 * LIMBS + 1 + 6];
        int o = 0;
        o = put(out, o, p);
        o = put(out, o, p.shiftLeft(1));
        out[o++] = p.negate().modInverse(BigInteger.ONE.shiftLeft(LIMB_BITS)).longValue();
        o = put(out, o, r.mod(p));
        // x 2^384 (the shared layout) times 2^448 / R is x R; x R times 2^392 / R is Fp56's x 2^392.
        o = put(out, o, BigInteger.ONE.shiftLeft(448).mod(p));
        o = put(out, o, BigInteger.ONE.shiftLeft(392).mod(p));
        BigInteger e = p.subtract(BigInteger.TWO);
        for (int i = 0; i < 6; i++) {
            out[o++] = e.shiftRight(64 * i).longValue();
        }
        return out;
    }

    private static int put(long[] out, int o, BigInteger v) {
        for (int k = 0; k < LIMBS; k++) {
            out[o + k] = v.shiftRight(LIMB_BITS * k).longValue() & ((1L << LIMB_BITS) - 1);
        }
        return o + LIMBS;
    }

    static native boolean cpuSupported();

    private static native void init(long[] constants);

    /** A chunk of up to capacity points of the given Fp elements each; 0 when the memory could not be had. */
    static native long newChunk(int elements, int capacity);

    static native void freeChunk(long chunk);

    /**
     * Fills chunk slots from .. to - 1 with the shared layout's affine points first + from .. (6
     * longs per Fp element; all zero = identity) and their recoded scalars (5 longs per point,
     * indexed from the chunk's start, as {@link Msm} recodes them).
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

    /** Writes the window's buckets in Fp56's working form (7 longs per Fp element) and their full flags. */
    static native void export(long window, long[] buckets, boolean[] full);
}
