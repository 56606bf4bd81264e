package io.c2spark.core.porep.circuit;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.c2spark.core.porep.SectorShape;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Partition circuit sizes per sector size: 32GiB from circuitinfo output quoted in
 * rust-fil-proofs PR #1325 (130,278,541 constraints, 328 inputs) with its aux count and non-zeros;
 * the others derived from upstream test counts.
 */
class CircuitInfoTest {
    @Test
    void thirtyTwoGiBPartitionIsFilecoinsCircuit() {
        CircuitInfo.Counts c = CircuitInfo.ofPartition(SectorShape.SIZE_32GIB);
        assertEquals(130_278_541L, c.constraints());
        assertEquals(328, c.inputs());
        assertEquals(130_169_893L, c.aux());
        assertEquals(309_404_723L, c.nonZerosA());
        assertEquals(130_327_340L, c.nonZerosB());
        assertEquals(282_656_500L, c.nonZerosC());
    }

    @Test
    void twoKiBPartition() {
        CircuitInfo.Counts c = CircuitInfo.ofPartition(SectorShape.SIZE_2KIB);
        assertEquals(2_687_921L, c.constraints());
        assertEquals(40, c.inputs());
    }

    @Tag("slow")
    @ParameterizedTest
    @CsvSource({"SIZE_8MIB,3844929,40", "SIZE_512MIB,4423433,40", "SIZE_64GIB,131185849,328"})
    void otherSizes(SectorShape shape, long constraints, long inputs) {
        CircuitInfo.Counts c = CircuitInfo.ofPartition(shape);
        assertEquals(constraints, c.constraints());
        assertEquals(inputs, c.inputs());
    }
}
