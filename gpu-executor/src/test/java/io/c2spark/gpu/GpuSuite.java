package io.c2spark.gpu;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClasspathRoots;

import java.io.PrintWriter;

import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.TagFilter;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;
import org.junit.platform.engine.TestExecutionResult;

/**
 * Entry point on a GPU machine without Maven (deploy/gpu/run-gpu-suite.sh): runs every test of
 * this module tagged {@code gpu}, one line per test, then exits non-zero on any failure.
 */
public final class GpuSuite {
    /** Where a test class's simple name is looked for, in this order: the root first. */
    private static final String[] PACKAGES = {"", "runtime.", "field.", "ntt.", "msm.", "r1cs.", "coordinator.", "prover."};

    private GpuSuite() {
    }

    /**
     * The test class a name of -Dc2spark.gpu.tests stands for: relative to io.c2spark.gpu
     * ("prover.GpuProverTest"), or a simple name found in one of its packages ("GpuMsmTest").
     */
    static String testClass(String name) {
        for (String pkg : PACKAGES) {
            String full = "io.c2spark.gpu." + pkg + name;
            try {
                Class.forName(full, false, GpuSuite.class.getClassLoader());
                return full;
            } catch (ClassNotFoundException e) {
                // not in this package
            }
        }
        throw new IllegalArgumentException("-Dc2spark.gpu.tests names " + name + ", a class in none of io.c2spark.gpu"
                + String.join(", io.c2spark.gpu.", PACKAGES).replaceAll("\\.(,|$)", "$1"));
    }

    public static void main(String[] args) throws java.net.URISyntaxException {
        // Scan only the folder (or jar) holding the test classes.
        java.nio.file.Path root = java.nio.file.Path.of(GpuSuite.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        // -Dc2spark.gpu.tests=msm.GpuMsmTest,GpuNttTest runs those test classes only.
        String only = System.getProperty("c2spark.gpu.tests", "");
        LauncherDiscoveryRequest request = LauncherDiscoveryRequestBuilder.request()
                .selectors(only.isEmpty() ? selectClasspathRoots(java.util.Set.of(root))
                        : java.util.Arrays.stream(only.split(",")).map(c -> selectClass(testClass(c.trim()))).toList())
                .filters(TagFilter.includeTags("gpu"))
                .build();
        Launcher launcher = LauncherFactory.create();
        SummaryGeneratingListener summary = new SummaryGeneratingListener();
        TestExecutionListener lines = new TestExecutionListener() {
            private final java.util.Map<String, Long> started = new java.util.concurrent.ConcurrentHashMap<>();

            @Override
            public void executionStarted(TestIdentifier id) {
                started.put(id.getUniqueId(), System.nanoTime());
            }

            @Override
            public void executionFinished(TestIdentifier id, TestExecutionResult result) {
                if (id.isTest()) {
                    long ms = (System.nanoTime() - started.get(id.getUniqueId())) / 1_000_000;
                    System.out.printf("[gpu test] %-8s %6d ms  %s%n", result.getStatus(), ms,
                            id.getLegacyReportingName() + " " + id.getUniqueId().replaceAll(".*class:io.c2spark.gpu.([A-Za-z.]+).*", "$1"));
                    result.getThrowable().ifPresent(t -> System.out.println("           " + t));
                }
            }
        };
        launcher.execute(request, summary, lines);
        TestExecutionSummary s = summary.getSummary();
        s.printFailuresTo(new PrintWriter(System.out), 12);
        System.out.printf("[gpu tests] %d found, %d passed, %d failed%n", s.getTestsFoundCount(), s.getTestsSucceededCount(),
                s.getTotalFailureCount());
        if (s.getTotalFailureCount() > 0 || s.getTestsFoundCount() == 0) {
            System.exit(1);
        }
    }
}
