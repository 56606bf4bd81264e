package io.c2spark.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Runs benchmarks: one untimed warm-up, then {@code reps} timed runs; reports the best and the
 * median wall time and the rate, as a table on the console and as CSV.
 */
public final class BenchmarkRunner {
    /** One measured row. */
    public record Result(String name, long size, String unit, int reps, double bestMs, double medianMs) {
        double ratePerSecond() {
            return size / (bestMs / 1000.0);
        }
    }

    private final int reps;
    private final PrintStream out;

    public BenchmarkRunner(int reps, PrintStream out) {
        this.reps = reps;
        this.out = out;
    }

    public List<Result> runAll(List<Benchmark> benchmarks) {
        out.printf("%-22s %12s %12s %12s %16s%n", "benchmark", "size", "best ms", "median ms", "rate /s");
        List<Result> results = new ArrayList<>();
        for (Benchmark b : benchmarks) {
            Result r = run(b);
            out.printf("%-22s %12d %12.3f %12.3f %16.4g %s%n", r.name(), r.size(), r.bestMs(), r.medianMs(),
                    r.ratePerSecond(), r.unit());
            out.flush();
            results.add(r);
        }
        return results;
    }

    public Result run(Benchmark b) {
        b.setUp();
        b.run();
        double[] ms = new double[reps];
        for (int i = 0; i < reps; i++) {
            long t0 = System.nanoTime();
            b.run();
            ms[i] = (System.nanoTime() - t0) / 1e6;
        }
        Arrays.sort(ms);
        return new Result(b.name(), b.size(), b.unit(), reps, ms[0], ms[reps / 2]);
    }

    public static void writeCsv(List<Result> results, Path file) throws IOException {
        try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            w.write("benchmark,size,unit,reps,best_ms,median_ms,rate_per_s\n");
            for (Result r : results) {
                w.write(String.format("%s,%d,%s,%d,%.4f,%.4f,%.6g%n", r.name(), r.size(), r.unit(), r.reps(),
                        r.bestMs(), r.medianMs(), r.ratePerSecond()));
            }
        }
    }
}
