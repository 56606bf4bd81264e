package io.c2spark.core.field;

/**
 * Whether {@link MontgomeryLanes} can run in this JVM: it was started with {@code --add-modules
 * jdk.incubator.vector} (c2spark's launchers and tests add it) and the CPU has 256-bit vectors
 * (AVX2; without them the Vector API falls back to plain Java, far slower than the scalar code).
 * Kept apart from MontgomeryLanes, whose class cannot even load without the module.
 */
public final class LaneSupport {
    public static final boolean AVAILABLE = ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent()
            && MontgomeryLanes.hardwareSupported();

    private LaneSupport() {
    }

    /** How the lanes run in this JVM, for the commands' logs: their width, or why not. */
    public static String describe() {
        if (AVAILABLE) {
            return "SIMD lanes, " + MontgomeryLanes.vectorBits() + "-bit vectors";
        }
        if (ModuleLayer.boot().findModule("jdk.incubator.vector").isEmpty()) {
            return "scalar (the JVM lacks --add-modules=jdk.incubator.vector)";
        }
        return "scalar (no 256-bit vectors on this CPU)";
    }
}
