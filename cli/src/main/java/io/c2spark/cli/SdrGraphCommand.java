package io.c2spark.cli;

import io.c2spark.core.concurrent.ComputePool;
import io.c2spark.core.porep.RegisteredSealProof;
import io.c2spark.core.porep.SectorShape;
import io.c2spark.core.porep.graph.ParentCacheDigest;
import io.c2spark.core.porep.graph.StackedGraph;
import java.util.HexFormat;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code c2spark sdr-graph}: generates a sector size's SDR parent graph on all cores, streaming it
 * into the consistency digest rust-fil-proofs keeps for it in parent_cache.json (so any size runs
 * in bounded memory), with progress lines on long runs and the rate at the end.
 */
@Command(name = "sdr-graph", mixinStandardHelpOptions = true,
        description = {"Generate the SDR parent graph of a sector size (2KiB to 64GiB) and print its parent-cache digest.",
            "The digest is SHA-256 of 14 u32 LE parents per node, as rust-fil-proofs parent_cache.json; the graph is"
                + " made on all cores and streamed into it, never held whole: about 5 MB of memory per core at every"
                + " size. The rate is printed too."},
        exitCodeListHeading = "Exit status:%n",
        exitCodeList = {"0:printed", "2:an unknown sector size"})
final class SdrGraphCommand implements Callable<Integer> {
    private static final long REPORT_INTERVAL_NANOS = 5_000_000_000L;

    @Option(names = "--sector-size", required = true, description = "2KiB, 8MiB, 512MiB, 32GiB or 64GiB")
    String sectorSize;

    @Option(names = "--legacy", description = "The V1 registered proof instead of V1_1.")
    boolean legacy;

    @Override
    public Integer call() {
        RegisteredSealProof proof;
        try {
            proof = RegisteredSealProof.interactive(SectorShape.parse(sectorSize), legacy);
        } catch (IllegalArgumentException e) {
            System.err.println("c2spark sdr-graph: " + e.getMessage());
            return 2;
        }
        StackedGraph graph = StackedGraph.of(proof);
        int cores = ComputePool.parallelism();
        System.out.printf("%s: %,d nodes x %d parents on %d cores%n", proof.serdeName(), graph.nodes(),
                StackedGraph.DEGREE, cores);
        System.out.flush();
        long t0 = System.nanoTime();
        byte[] digest = ParentCacheDigest.compute(graph, REPORT_INTERVAL_NANOS, (done, total, elapsed) -> {
            double s = elapsed / 1e9;
            double rate = done / s;
            System.out.printf("[%7.1f s] %,d of %,d nodes (%.1f%%), %,.0f nodes/s, ETA %.0f s%n", s, done, total,
                    100.0 * done / total, rate, (total - done) / rate);
            System.out.flush();
        });
        double s = (System.nanoTime() - t0) / 1e9;
        System.out.printf("%s: %d nodes in %.2f s (%.0f nodes/s, %d cores); digest %s%n", proof.serdeName(),
                graph.nodes(), s, graph.nodes() / s, cores, HexFormat.of().formatHex(digest));
        return 0;
    }
}
