package io.c2spark.spark.cli;

import io.c2spark.spark.job.BatchDriver;
import io.c2spark.spark.porep.DemoBatch;
import io.c2spark.spark.job.BatchSummary;
import io.c2spark.spark.job.C2SparkJob;
import io.c2spark.spark.settings.C2SparkSettings;
import io.c2spark.spark.settings.Settings;
import io.c2spark.spark.workload.Workloads;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaSparkContext;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code c2spark run}: the batch job in an embedded local Spark, on whatever this machine has
 * (GPUs found by nvidia-smi and handed out by the executor itself, or the CPU).
 */
@Command(name = "run", mixinStandardHelpOptions = true,
        description = {"Prove a batch with an embedded local Spark, verify every proof, say where they are.",
            "Without --input it seals a demo batch of 2KiB sectors first and proves that."},
        exitCodeListHeading = "Exit status:%n",
        exitCodeList = {"0:every sector was proven and verified, or skipped because its proof exists",
            "1:some sector failed, or the run stopped (the report says why)",
            "2:the batch could not start (a bad setting, no input, an output that cannot be written)"})
public final class RunCommand implements Callable<Integer> {
    @Option(names = "--input", paramLabel = "PATH",
            description = "C1 outputs: a directory, a glob, a .manifest or one file (any Hadoop file system).")
    String input;

    @Option(names = "--output", paramLabel = "DIR", defaultValue = "c2spark-out",
            description = "Output directory for proofs and the report (default: ${DEFAULT-VALUE}).")
    String output;

    @Option(names = "--master", defaultValue = "local[*]",
            description = "Spark master (default: ${DEFAULT-VALUE}; plain local mode, devices handed out by the executor).")
    String master;

    @Option(names = "--demo-sectors", defaultValue = "3",
            description = "Without --input: how many 2KiB demo sectors to seal and prove (default: ${DEFAULT-VALUE}).")
    int demoSectors;

    @Option(names = "--set", paramLabel = "KEY=VALUE", description = "Any c2spark.* or spark.* setting; repeatable.")
    Map<String, String> set = new LinkedHashMap<>();

    @Override
    public Integer call() throws Exception {
        Map<String, String> values = new HashMap<>(set);
        values.putIfAbsent(C2SparkSettings.OUTPUT.key(), output);
        if (input != null) {
            values.put(C2SparkSettings.INPUT.key(), input);
        }
        Settings settings = Settings.of(values);
        String workload = settings.get(C2SparkSettings.WORKLOAD);
        try {
            Workloads.named(workload);
        } catch (IllegalArgumentException e) {
            System.err.println("c2spark run: nothing can be proven yet: " + e.getMessage() + ".");
            System.err.println("c2spark run: the job itself (inputs, prepare and prove stages, verification, atomic"
                    + " output, report) is in place; it proves C1 outputs once that workload is in the build.");
            return 2;
        }
        if (!settings.isSet(C2SparkSettings.INPUT)) {
            if (!settings.isSet(C2SparkSettings.PARAMS_DIR)) {
                Path cache = Path.of(System.getProperty("user.home"), ".cache", "c2spark", "test-params");
                settings = settings.with(C2SparkSettings.PARAMS_DIR, cache.toString());
            }
            Path demo = Path.of(output).toAbsolutePath().resolve("demo");
            System.out.println("c2spark run: no --input, so a demo batch: " + demoSectors + " 2KiB sectors sealed here,"
                    + " proven with INSECURE test parameters from " + settings.get(C2SparkSettings.PARAMS_DIR));
            Path c1Dir = DemoBatch.prepare(demo, demoSectors, Path.of(settings.get(C2SparkSettings.PARAMS_DIR)),
                    m -> System.out.println("c2spark run: " + m));
            settings = settings.with(C2SparkSettings.INPUT, c1Dir.toString());
        }
        SparkConf conf = new SparkConf().setMaster(master).setAppName(C2SparkJob.APP_NAME)
                .set("spark.ui.enabled", "false");
        set.forEach((k, v) -> {
            if (k.startsWith("spark.")) {
                conf.set(k, v);
            }
        });
        C2SparkJob.configure(conf, settings);
        try (JavaSparkContext jsc = new JavaSparkContext(conf)) {
            BatchSummary summary = new BatchDriver(jsc, settings, System.out).run();
            System.out.print(summary.describe());
            return summary.allGood() ? 0 : 1;
        }
    }
}
