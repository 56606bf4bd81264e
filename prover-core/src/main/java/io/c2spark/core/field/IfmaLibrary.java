package io.c2spark.core.field;

import java.io.IOException;
import java.io.InputStream;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * The native library of AVX-512 IFMA kernels (prover-core's src/main/c, built by Maven with gcc
 * into this jar): the MSM's bucket accumulation (msm.IfmaKernel) and the NTT (ntt.IfmaNtt). IFMA
 * multiplies 52-bit limbs into 104-bit products in one instruction per half, eight lanes at once;
 * Java's Vector API has no such operation and emulates it with two fused multiply-adds on doubles.
 *
 * <p>The kernels run where the library was built (Linux x86-64 with gcc), loads, and the CPU has
 * AVX-512 IFMA; everywhere else the Java code runs, and {@code -D}{@value #PROPERTY}{@code =false}
 * asks for it.
 */
public final class IfmaLibrary {
    public static final String PROPERTY = "c2spark.ifma";
    /** Limb width of the kernels' Montgomery arithmetic. */
    public static final int LIMB_BITS = 52;
    private static final String RESOURCE = "/native/linux-x86_64/libc2spark-ifma.so";
    /** Whether the kernels can run in this JVM; {@link #STATE} says why not where they cannot. */
    public static final boolean AVAILABLE;
    public static final String STATE;

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
                initFields(montgomeryConstants(Fp.MODULUS, 8), montgomeryConstants(Fr.MODULUS, 5));
                state = "AVX-512 IFMA";
                loaded = true;
            }
        } catch (IOException | RuntimeException | UnsatisfiedLinkError e) {
            state = "failed to load: " + e;
        }
        AVAILABLE = loaded;
        STATE = state;
    }

    private IfmaLibrary() {
    }

    /** For the commands' logs: where the CPU arithmetic runs. */
    public static String describe() {
        return AVAILABLE ? "NTTs and MSM buckets in native AVX-512 IFMA, the rest in " + LaneSupport.describe()
                : "MSMs and NTTs in " + LaneSupport.describe() + "; native kernels " + STATE;
    }

    private static boolean load() throws IOException {
        try (InputStream in = IfmaLibrary.class.getResourceAsStream(RESOURCE)) {
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

    static native boolean cpuSupported();

    /** The fields' constants for every kernel: Fp in 8 limbs (R = 2^416) and Fr in 5 (R = 2^260). */
    private static native void initFields(long[] fp, long[] fr);

    /** v (below 2^(52 limbs)) in limbs of 52 bits. */
    public static long[] limbs(BigInteger v, int limbs) {
        long[] out = new long[limbs];
        for (int k = 0; k < limbs; k++) {
            out[k] = v.shiftRight(LIMB_BITS * k).longValue() & ((1L << LIMB_BITS) - 1);
        }
        return out;
    }

    /** The values, each below 2^(52 limbs), in limbs of 52 bits one after another. */
    public static long[] limbs(int limbs, BigInteger... values) {
        long[] out = new long[values.length * limbs];
        for (int i = 0; i < values.length; i++) {
            System.arraycopy(limbs(values[i], limbs), 0, out, i * limbs, limbs);
        }
        return out;
    }

    /**
     * The constants of the odd modulus m in the given limbs (R = 2^(52 limbs)), in the order the C
     * side (fields_ifma.h's mont_constants) reads them: m, 2m, -m^-1 mod 2^52, R mod m, R^3 mod m.
     */
    static long[] montgomeryConstants(BigInteger m, int limbs) {
        BigInteger r = BigInteger.ONE.shiftLeft(LIMB_BITS * limbs);
        long[] out = new long[4 * limbs + 1];
        System.arraycopy(limbs(limbs, m, m.shiftLeft(1)), 0, out, 0, 2 * limbs);
        out[2 * limbs] = m.negate().modInverse(BigInteger.ONE.shiftLeft(LIMB_BITS)).longValue();
        System.arraycopy(limbs(limbs, r.mod(m), r.pow(3).mod(m)), 0, out, 2 * limbs + 1, 2 * limbs);
        return out;
    }
}
