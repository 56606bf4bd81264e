package io.c2spark.core.porep.circuit;

import io.c2spark.core.porep.SectorShape;
import io.c2spark.core.r1cs.CountSystem;

/**
 * The size of one partition's circuit (as Filecoin's circuitinfo tool reports it). Every challenge
 * of a partition synthesises the same structure, so the count is the partition's fixed part plus
 * the number of challenges times one challenge: the 32GiB partition (130 million constraints) is
 * counted from one challenge's 7 million.
 */
public final class CircuitInfo {
    /**
     * Counts of one partition.
     *
     * @param inputs public inputs including ONE
     * @param constraints without bellperson's extra {@code input * 0 = 0} constraint per input
     */
    public record Counts(long constraints, long inputs, long aux, long bits, long nonZerosA, long nonZerosB,
            long nonZerosC) {
    }

    private CircuitInfo() {
    }

    public static Counts ofPartition(SectorShape shape) {
        CountSystem header = count(shape, 0);
        CountSystem one = count(shape, 1);
        long n = shape.challengesPerPartition();
        return new Counts(
                header.numConstraints() + n * (one.numConstraints() - header.numConstraints()),
                header.numInputs() + n * (one.numInputs() - header.numInputs()),
                header.numAux() + n * ((long) one.numAux() - header.numAux()),
                header.numBits() + n * ((long) one.numBits() - header.numBits()),
                header.nonZerosA() + n * (one.nonZerosA() - header.nonZerosA()),
                header.nonZerosB() + n * (one.nonZerosB() - header.nonZerosB()),
                header.nonZerosC() + n * (one.nonZerosC() - header.nonZerosC()));
    }

    private static CountSystem count(SectorShape shape, int challenges) {
        return CountSystem.of(StackedCircuit.blank(shape, challenges), false);
    }
}
