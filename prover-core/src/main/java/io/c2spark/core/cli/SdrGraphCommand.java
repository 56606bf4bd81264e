package io.c2spark.core.cli;

import io.c2spark.core.porep.RegisteredSealProof;
import io.c2spark.core.porep.SectorShape;
import io.c2spark.core.porep.graph.StackedGraph;
import java.util.HexFormat;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code c2spark sdr-graph}: generates a sector size's SDR parent graph, timing it, and prints the
 * consistency digest rust-fil-proofs keeps for it in parent_cache.json.
 */
@Command(name = "sdr-graph", mixinStandardHelpOptions = true,
        description = "Generate the SDR parent graph of a sector size (2KiB to 512MiB) and print its rate and its"
                + " parent-cache digest (SHA-256 of 14 u32 LE parents per node, as rust-fil-proofs parent_cache.json)."
                + " Exit status: 0 when printed, 2 for an unknown sector size.")
final class SdrGraphCommand implements Callable<Integer> {
    @Option(names = "--sector-size", required = true, description = "2KiB, 8MiB or 512MiB")
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
        long t0 = System.nanoTime();
        int[] parents = graph.generate();
        double s = (System.nanoTime() - t0) / 1e9;
        System.out.printf("%s: %d nodes in %.2f s (%.0f nodes/s, %d cores); digest %s%n", proof.serdeName(),
                graph.nodes(), s, graph.nodes() / s, Runtime.getRuntime().availableProcessors(),
                HexFormat.of().formatHex(StackedGraph.digest(parents)));
        return 0;
    }
}
