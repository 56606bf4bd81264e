package io.c2spark.bench;

import io.c2spark.core.porep.RegisteredSealProof;
import io.c2spark.core.porep.graph.StackedGraph;
import io.c2spark.core.poseidon.Poseidon;
import io.c2spark.core.porep.seal.Labeler;
import java.util.List;
import java.util.Random;

/** Filecoin SDR: parent-graph generation, one label layer, Poseidon hashes. */
final class SdrBenchmarks {
    private SdrBenchmarks() {
    }

    static List<Benchmark> all() {
        return List.of(parents(), labelLayer(), poseidon(2, 1 << 12), poseidon(8, 1 << 11), poseidon(11, 1 << 10));
    }

    private static Benchmark parents() {
        StackedGraph graph = StackedGraph.of(RegisteredSealProof.STACKED_DRG_8MIB_V1_1);
        return new Benchmark("sdr-parents-8mib", graph.nodes(), "node") {

            public void setUp() {
            }

            public void run() {
                graph.generate();
            }
        };
    }

    private static Benchmark labelLayer() {
        int nodes = (int) RegisteredSealProof.STACKED_DRG_8MIB_V1_1.shape().nodes();
        return new Benchmark("sdr-label-layer2-8mib", nodes, "label") {
            int[] parents;
            byte[] previous;
            byte[] current;
            final byte[] replicaId = new byte[32];

            public void setUp() {
                parents = StackedGraph.of(RegisteredSealProof.STACKED_DRG_8MIB_V1_1).generate();
                previous = new byte[nodes * 32];
                current = new byte[nodes * 32];
                new Random(1).nextBytes(previous);
            }

            public void run() {
                Labeler.labelLayer(parents, nodes, 2, replicaId, current, previous);
            }
        };
    }

    private static Benchmark poseidon(int arity, int count) {
        return new Benchmark("poseidon-" + arity, count, "hash") {
            final Poseidon p = new Poseidon(arity);
            long[] in;

            public void setUp() {
                in = RandomScalars.of(new Random(1), arity);
            }

            public void run() {
                for (int i = 0; i < count; i++) {
                    p.hash(in, 0, in, 0);
                }
            }
        };
    }
}
