package io.c2spark.bench;

import io.c2spark.core.porep.SectorShape;
import io.c2spark.core.porep.circuit.StackedCircuit;
import io.c2spark.core.r1cs.WitnessSystem;
import java.util.List;

/**
 * Witness generation of the PoRep partition circuit: one 32GiB challenge (7.2 million aux
 * variables; a partition is 18 of them plus a small header). Values are zero: the work per
 * constraint does not depend on them.
 */
final class CircuitBenchmarks {
    private CircuitBenchmarks() {
    }

    static List<Benchmark> all() {
        return List.of(witness32GiBChallenge());
    }

    private static Benchmark witness32GiBChallenge() {
        return new Benchmark("porep-witness-32gib-challenge", 1, "challenge") {
            StackedCircuit circuit;

            public void setUp() {
                circuit = StackedCircuit.blank(SectorShape.SIZE_32GIB, 1);
            }

            public void run() {
                WitnessSystem.of(circuit);
            }
        };
    }
}
