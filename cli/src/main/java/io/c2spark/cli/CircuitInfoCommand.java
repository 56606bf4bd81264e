package io.c2spark.cli;

import io.c2spark.core.porep.SectorShape;
import io.c2spark.core.porep.circuit.CircuitInfo;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code c2spark circuit-info}: the size of one PoRep partition's circuit. */
@Command(name = "circuit-info", mixinStandardHelpOptions = true,
        description = {"Print the size of one PoRep partition circuit, as Filecoin's circuitinfo tool counts it.",
            "Constraints, public inputs, aux variables (and how many are bits) and the non-zeros of A, B and C"
                + " (without bellperson's extra constraint per public input)."},
        exitCodeListHeading = "Exit status:%n",
        exitCodeList = {"0:printed", "2:an unknown sector size"})
final class CircuitInfoCommand implements Callable<Integer> {
    @Option(names = "--sector-size", required = true, paramLabel = "SIZE",
            description = "Sector size: 2KiB, 8MiB, 512MiB, 32GiB or 64GiB.")
    String sectorSize;

    @Override
    public Integer call() {
        SectorShape shape;
        try {
            shape = SectorShape.parse(sectorSize);
        } catch (IllegalArgumentException e) {
            System.err.println("c2spark circuit-info: " + e.getMessage());
            return ExitStatus.BAD_INPUT;
        }
        long t0 = System.nanoTime();
        CircuitInfo.Counts c = CircuitInfo.ofPartition(shape);
        double s = (System.nanoTime() - t0) / 1e9;
        System.out.printf("sector size        %s (%d layers, %d partitions, %d challenges per partition)%n",
                shape.label(), shape.layers(), shape.partitions(), shape.challengesPerPartition());
        System.out.printf("constraints        %,d%n", c.constraints());
        System.out.printf("public inputs      %,d (ONE included)%n", c.inputs());
        System.out.printf("aux variables      %,d (%,d bits, %.1f%%)%n", c.aux(), c.bits(), 100.0 * c.bits() / c.aux());
        System.out.printf("non-zeros A/B/C    %,d / %,d / %,d%n", c.nonZerosA(), c.nonZerosB(), c.nonZerosC());
        System.out.printf("counted in %.1f s%n", s);
        return ExitStatus.OK;
    }
}
