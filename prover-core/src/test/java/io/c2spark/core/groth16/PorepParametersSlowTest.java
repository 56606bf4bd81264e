package io.c2spark.core.groth16;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.c2spark.core.field.Fr;
import io.c2spark.core.porep.SectorShape;
import io.c2spark.core.porep.circuit.ChallengeWitness;
import io.c2spark.core.porep.circuit.StackedCircuit;
import io.c2spark.core.r1cs.R1csShape;
import io.c2spark.core.r1cs.ShapeSystem;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Parameters for a whole 2KiB PoRep partition (2,687,921 constraints + 40 input constraints):
 * prints the time of each phase (issue 5's target: 3 minutes on the 2-core machine) and checks the
 * query sizes against the shape's densities.
 */
@Tag("slow")
class PorepParametersSlowTest {
    @Test
    void twoKibPartitionParameters() {
        SectorShape sector = SectorShape.SIZE_2KIB;
        long t0 = System.nanoTime();
        List<ChallengeWitness> blank = new ArrayList<>();
        for (int i = 0; i < sector.challengesPerPartition(); i++) {
            blank.add(ChallengeWitness.blank(sector.layers(), sector.treeD(), sector.treeR()));
        }
        R1csShape shape = ShapeSystem.of(new StackedCircuit(sector.layers(), new long[5 * Fr.LIMBS], blank), true);
        System.out.printf("shape: %d constraints, %d inputs, %d aux in %.2f s%n", shape.numConstraints(),
                shape.numInputs(), shape.numAux(), (System.nanoTime() - t0) / 1e9);
        assertEquals(2_687_921 + 40, shape.numConstraints());
        long t1 = System.nanoTime();
        Parameters p = ParameterGenerator.generate(shape, ParameterGenerator.ToxicWaste.random(new Random(1)),
                phase -> System.out.printf("%s   (process CPU so far %.1f s)%n", phase, processCpuSeconds()));
        System.out.printf("parameters: %.2f s wall (shape excluded); process CPU since start %.1f s%n",
                (System.nanoTime() - t1) / 1e9, processCpuSeconds());
        assertEquals((1 << 22) - 1, p.h().length / 12);
        assertEquals(shape.numAux(), p.l().length / 12);
        assertEquals(40, p.vk().ic().length / 12);
    }

    /** CPU time of the whole JVM: on a shared machine the wall time says little. */
    private static double processCpuSeconds() {
        return ((com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory
                .getOperatingSystemMXBean()).getProcessCpuTime() / 1e9;
    }
}
