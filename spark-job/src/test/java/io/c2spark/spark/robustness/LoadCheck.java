package io.c2spark.spark.robustness;

import java.nio.file.Path;
import java.util.List;

/**
 * The load check on a GPU machine (deploy/gpu/run-robustness.sh): after {@code c2spark run} proved a
 * batch of 2KiB sectors, {@code LoadCheck C1_DIR OUT_DIR PARAMS_DIR} checks that none was lost,
 * none proven twice and every proof verifies (verified here again, apart from the driver), prints
 * the throughput, and exits 1 on any problem.
 */
public final class LoadCheck {
    private LoadCheck() {
    }

    public static void main(String[] args) throws Exception {
        Path c1 = Path.of(args[0]);
        Path out = Path.of(args[1]);
        Path params = Path.of(args[2]);
        long t0 = System.nanoTime();
        FinishedBatch b = FinishedBatch.read(out);
        List<String> problems = b.problems(c1, params);
        System.out.println("[load] " + b.figures());
        System.out.printf("[load] report %s; checked in %.1f s%n", b.report, (System.nanoTime() - t0) / 1e9);
        problems.stream().limit(50).forEach(p -> System.out.println("[load] PROBLEM " + p));
        System.out.println("[load] " + (problems.isEmpty() ? "PASS: none lost, none proven twice, every proof verified"
                : "FAIL: " + problems.size() + " problem(s)"));
        System.exit(problems.isEmpty() ? 0 : 1);
    }
}
