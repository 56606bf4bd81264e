package io.c2spark.cli;

import io.c2spark.bench.ArithmeticBenchmarks;
import io.c2spark.bench.Benchmark;
import io.c2spark.bench.BenchmarkRunner;
import io.c2spark.core.field.IfmaLibrary;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code c2spark bench}: the CPU arithmetic benchmarks, printed as a table and written as CSV. */
@Command(name = "bench", mixinStandardHelpOptions = true,
        description = "Benchmark the CPU arithmetic (fields, MSM, NTT, pairing) on this machine.",
        exitCodeListHeading = "Exit status:%n",
        exitCodeList = {"0:the benchmarks ran", "2:an unknown benchmark name, or a CSV file that cannot be written"})
final class BenchCommand implements Callable<Integer> {
    @Option(names = "--only", split = ",", paramLabel = "NAME",
            description = "Run only these benchmarks (comma separated). Names: ${COMPLETION-CANDIDATES}",
            completionCandidates = BenchmarkNames.class)
    List<String> only;

    @Option(names = "--reps", defaultValue = "3", description = "Timed repetitions per benchmark (default ${DEFAULT-VALUE}).")
    int reps;

    @Option(names = "--csv", paramLabel = "FILE", description = "Also write the results as CSV to FILE.")
    Path csv;

    @Override
    public Integer call() throws Exception {
        List<Benchmark> selected;
        try {
            selected = ArithmeticBenchmarks.select(only);
        } catch (IllegalArgumentException e) {
            System.err.println("c2spark bench: " + e.getMessage());
            return ExitStatus.BAD_INPUT;
        }
        System.out.printf("c2spark bench: %d cores, java %s, max heap %d MiB, %s%n",
                Runtime.getRuntime().availableProcessors(), System.getProperty("java.version"),
                Runtime.getRuntime().maxMemory() >> 20, IfmaLibrary.describe());
        List<BenchmarkRunner.Result> results = new BenchmarkRunner(reps, System.out).runAll(selected);
        if (csv != null) {
            BenchmarkRunner.writeCsv(results, csv);
            System.out.println("wrote " + csv);
        }
        return ExitStatus.OK;
    }

    static final class BenchmarkNames implements Iterable<String> {
        @Override
        public java.util.Iterator<String> iterator() {
            return ArithmeticBenchmarks.names().iterator();
        }
    }
}
