package io.c2spark.core.porep.circuit;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.c2spark.core.field.Fr;
import io.c2spark.core.porep.vanilla.proof.TreeShape;
import io.c2spark.core.r1cs.CountSystem;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The partition circuit's size against storage-proofs-porep tests/stacked_circuit.rs: 8 nodes per
 * base tree, 2 layers, 1 challenge, 22 public inputs (ONE included), and the constraint counts
 * pinned there for each tree shape (bellperson's extra input constraints not counted).
 */
class StackedCircuitCountTest {
    @ParameterizedTest(name = "tree {0}-{1}-{2}: {3} constraints")
    @CsvSource({"2,0,0,1206212", "8,0,0,1199620", "8,4,0,1296576", "8,4,2,1346982"})
    void upstreamCircuitSizes(int base, int sub, int top, int constraints) {
        int baseTrees = (sub == 0 ? 1 : sub) * (top == 0 ? 1 : top);
        int nodes = 8 * baseTrees;
        int baseLevels = Integer.numberOfTrailingZeros(8) / Integer.numberOfTrailingZeros(base);
        TreeShape treeR = new TreeShape(base, baseLevels, sub, top);
        TreeShape treeD = TreeShape.single(2, Integer.numberOfTrailingZeros(nodes));
        StackedCircuit circuit = new StackedCircuit(2, new long[5 * Fr.LIMBS],
                List.of(ChallengeWitness.blank(2, treeD, treeR)));
        CountSystem count = CountSystem.of(circuit, false);
        assertEquals(22, count.numInputs());
        assertEquals(constraints, count.numConstraints());
    }
}
