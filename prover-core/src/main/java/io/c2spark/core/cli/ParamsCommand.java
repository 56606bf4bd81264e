package io.c2spark.core.cli;

import io.c2spark.core.porep.SectorShape;
import io.c2spark.core.porep.c2.PorepParameters;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code c2spark params}: insecure test parameters for the PoRep partition circuit. */
@Command(name = "params", mixinStandardHelpOptions = true,
        description = {"Generate INSECURE Groth16 test parameters for a sector size's partition circuit.",
            "They come from local toxic waste: c2spark-insecure-test-porep-<size>.params and .vk in DIR, named so"
                + " they can never be mistaken for Filecoin's parameters (whoever ran this knows the toxic waste)."
                + " Beside them, the circuit's R1CS shape (.shape), which `c2spark prove` reads instead of"
                + " synthesising the circuit again. Existing files are kept (a cache); a missing shape file is added."},
        exitCodeListHeading = "Exit status:%n",
        exitCodeList = {"0:the files are there",
            "2:a sector size this command does not make, or a directory that cannot be written"})
final class ParamsCommand implements Callable<Integer> {
    @Option(names = "--sector-size", required = true, paramLabel = "SIZE",
            description = "2KiB, 8MiB or 512MiB (larger sizes need Filecoin's real parameters).")
    String sectorSize;

    @Option(names = "--out", required = true, paramLabel = "DIR", description = "Directory for the .params, .vk and .shape files.")
    Path out;

    @Override
    public Integer call() throws Exception {
        SectorShape shape;
        try {
            shape = SectorShape.parse(sectorSize);
        } catch (IllegalArgumentException e) {
            System.err.println("c2spark params: " + e.getMessage());
            return ExitStatus.BAD_INPUT;
        }
        if (shape.partitions() > 1) {
            System.err.println("c2spark params: " + shape.label() + " test parameters would take hours and ~"
                    + "50 GB here; use Filecoin's parameters for 32GiB and 64GiB");
            return ExitStatus.BAD_INPUT;
        }
        PorepParameters.ensure(shape, out, System.out::println);
        return ExitStatus.OK;
    }
}
