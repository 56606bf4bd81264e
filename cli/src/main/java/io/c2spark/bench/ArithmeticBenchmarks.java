package io.c2spark.bench;

import java.util.ArrayList;
import java.util.List;

/** The registry of CPU arithmetic benchmarks that {@code c2spark bench} runs. */
public final class ArithmeticBenchmarks {
    private ArithmeticBenchmarks() {
    }

    public static List<Benchmark> all() {
        List<Benchmark> all = new ArrayList<>();
        all.addAll(FieldBenchmarks.all());
        all.addAll(CurveBenchmarks.all());
        all.addAll(NttBenchmarks.all());
        all.addAll(MsmBenchmarks.all());
        all.addAll(PairingBenchmarks.all());
        all.addAll(ConstraintSystemBenchmarks.all());
        all.addAll(SdrBenchmarks.all());
        all.addAll(Groth16Benchmarks.all());
        all.addAll(CircuitBenchmarks.all());
        return all;
    }

    /** Benchmarks of minutes (whole PoRep partitions): run only when named in {@code --only}. */
    public static List<Benchmark> heavy() {
        return new ArrayList<>(Groth16Benchmarks.heavy());
    }

    public static List<String> names() {
        List<Benchmark> all = all();
        all.addAll(heavy());
        return all.stream().map(Benchmark::name).toList();
    }

    /** The benchmarks named in {@code only}, in registry order; all of them when it is null. */
    public static List<Benchmark> select(List<String> only) {
        List<Benchmark> all = all();
        if (only == null || only.isEmpty()) {
            return all;
        }
        all.addAll(heavy());
        for (String n : only) {
            if (all.stream().noneMatch(b -> b.name().equals(n))) {
                throw new IllegalArgumentException("unknown benchmark '" + n + "'; known: " + names());
            }
        }
        return all.stream().filter(b -> only.contains(b.name())).toList();
    }
}
