package io.c2spark.core.groth16;

import java.util.ServiceLoader;
import java.util.function.Consumer;

/**
 * Finds a {@link ParameterBackend} by name: "cpu" is built in, others (the GPU's, "gpu", in
 * gpu-executor) are registered through {@link ServiceLoader}.
 */
public final class ParameterBackends {
    private ParameterBackends() {
    }

    /** The backend of that name, or null when none is on the class path. */
    public static ParameterBackend named(String name) {
        if (name.equals("cpu")) {
            return new CpuParameterBackend();
        }
        for (ParameterBackend b : ServiceLoader.load(ParameterBackend.class)) {
            if (b.name().equals(name)) {
                return b;
            }
        }
        return null;
    }

    /**
     * The backend for a --backend choice: cpu; gpu, which must be on the class path and able to run
     * here (else IllegalStateException saying why); or auto, the GPU's where it can run, else the
     * CPU's, with a line to note saying why.
     */
    public static ParameterBackend choose(String choice, Consumer<String> note) {
        if (choice.equals("cpu")) {
            return named("cpu");
        }
        if (!choice.equals("gpu") && !choice.equals("auto")) {
            throw new IllegalArgumentException("unknown backend '" + choice + "' (cpu, gpu or auto)");
        }
        ParameterBackend gpu = named("gpu");
        String unavailable = null;
        if (gpu == null) {
            unavailable = "this installation has no GPU parameter backend (gpu-executor is not on the class path)";
        } else {
            try {
                gpu.checkAvailable();
                return gpu;
            } catch (IllegalStateException e) {
                unavailable = e.getMessage();
            }
        }
        if (choice.equals("gpu")) {
            throw new IllegalStateException(unavailable);
        }
        note.accept("--backend auto: no GPU (" + unavailable + "); making the parameters on the CPU");
        return named("cpu");
    }
}
