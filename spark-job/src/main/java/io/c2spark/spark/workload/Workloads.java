package io.c2spark.spark.workload;

import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;

/**
 * Finds the workload c2spark.workload names: a {@link Workload} registered for ServiceLoader
 * (META-INF/services/io.c2spark.spark.workload.Workload) whose {@link Workload#name()} matches, or a
 * class name.
 */
public final class Workloads {
    private Workloads() {
    }

    public static Workload named(String name) {
        List<String> available = new ArrayList<>();
        for (Workload w : ServiceLoader.load(Workload.class, Workloads.class.getClassLoader())) {
            if (w.name().equals(name)) {
                return w;
            }
            available.add(w.name());
        }
        if (name.contains(".")) {
            try {
                Class<?> c = Class.forName(name, true, Thread.currentThread().getContextClassLoader());
                return (Workload) c.getConstructor().newInstance();
            } catch (ReflectiveOperationException | ClassCastException e) {
                throw new IllegalArgumentException("c2spark.workload: cannot load workload class " + name + ": " + e, e);
            }
        }
        throw new IllegalArgumentException("c2spark.workload: no workload named '" + name + "' in this build"
                + (available.isEmpty() ? " (none is registered)" : " (registered: " + String.join(", ", available) + ")")
                + ("porep".equals(name) ? "; the PoRep C2 workload arrives with the PoRep circuit and its"
                + " Groth16 provers" : ""));
    }
}
