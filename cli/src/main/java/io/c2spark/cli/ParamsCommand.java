package io.c2spark.cli;

import io.c2spark.core.groth16.ParameterBackend;
import io.c2spark.core.groth16.ParameterBackends;
import io.c2spark.core.groth16.ParameterGenerator;
import io.c2spark.core.porep.SectorShape;
import io.c2spark.core.porep.c2.PorepParameters;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code c2spark params}: insecure test parameters for the PoRep partition circuit. */
@Command(name = "params", mixinStandardHelpOptions = true,
        description = {"Generate INSECURE Groth16 test parameters for a sector size's partition circuit.",
            "They come from local toxic waste (whoever ran this, or knows the seed, knows it):",
            "c2spark-insecure-test-porep-<size>.params and .vk in DIR, named so they can never be mistaken for",
            "Filecoin's parameters. Beside them, the circuit's R1CS shape (.shape), which `c2spark prove` and",
            "the executors read instead of synthesising the circuit again. Existing files are kept (a cache,",
            "whatever seed made them); a missing shape file is added. Every file is written under a temporary",
            "name, fsync'ed and renamed; the log gives each phase's time and the disk's write rate.",
            "",
            "Sizes: 2KiB, 8MiB and 512MiB (one partition of 2.7M-4.4M constraints, a 2^22-2^23 domain: about",
            "1.3-2.2 GB of parameters, minutes on the CPU), 32GiB and 64GiB (130.3M and 131.2M constraints, a",
            "2^27 domain: about 47 GB of parameters and a 7.4 GB shape file, so 55 GB of free disk; the shape",
            "alone takes 8 GB of heap, the CPU backend about 17 GB and hours of all cores, the GPU backend",
            "about 75 s on one H200, most of it writing to disk)."},
        exitCodeListHeading = "Exit status:%n",
        exitCodeList = {"0:the files are there",
            "2:a bad argument, a backend that cannot run here, or a directory that cannot be written"})
final class ParamsCommand implements Callable<Integer> {
    @Option(names = "--sector-size", required = true, paramLabel = "SIZE",
            description = "2KiB, 8MiB, 512MiB, 32GiB or 64GiB.")
    String sectorSize;

    @Option(names = "--out", required = true, paramLabel = "DIR", description = "Directory for the .params, .vk and .shape files.")
    Path out;

    @Option(names = "--seed", paramLabel = "HEX",
            description = {"Draw the toxic waste from this seed (1 to 1024 bytes as hex), so that the same seed makes",
                "the same files on any machine and backend (the construction: ParameterGenerator.ToxicWaste.fromSeed).",
                "Without it the toxic waste comes from a SecureRandom and is forgotten."})
    String seed;

    @Option(names = "--backend", paramLabel = "cpu|gpu|auto", defaultValue = "cpu",
            description = {"cpu (default), gpu (fails at once when no GPU backend can run here), or auto (the GPU",
                "where one can run, else the CPU, saying so)."})
    String backend;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        PrintWriter log = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        SectorShape shape;
        byte[] seedBytes = null;
        try {
            shape = SectorShape.parse(sectorSize);
            if (seed != null) {
                seedBytes = parseSeed(seed);
            }
        } catch (IllegalArgumentException e) {
            return ExitStatus.badInput(err, "c2spark params: " + e.getMessage());
        }
        ParameterBackend chosen;
        try {
            chosen = ParameterBackends.choose(backend, line -> {
                log.println(line);
                log.flush();
            });
        } catch (IllegalArgumentException | IllegalStateException e) {
            return ExitStatus.badInput(err, "c2spark params --backend " + backend + ": " + e.getMessage());
        }
        ParameterGenerator.ToxicWaste tw;
        if (seedBytes != null) {
            log.println("toxic waste from seed " + HexFormat.of().formatHex(seedBytes)
                    + " (INSECURE: whoever knows the seed can forge proofs)");
            tw = ParameterGenerator.ToxicWaste.fromSeed(seedBytes);
        } else {
            log.println("toxic waste from a SecureRandom, forgotten afterwards (INSECURE all the same: for tests)");
            tw = ParameterGenerator.ToxicWaste.random(new SecureRandom());
        }
        log.flush();
        PorepParameters.ensure(shape, out, chosen, tw, line -> {
            log.println(line);
            log.flush();
        });
        log.println("peak RSS " + SealCommand.peakRss());
        log.flush();
        return ExitStatus.OK;
    }

    /** The seed's bytes from hex (an optional 0x prefix), 1 to 1024 of them. */
    static byte[] parseSeed(String hex) {
        String digits = hex.startsWith("0x") || hex.startsWith("0X") ? hex.substring(2) : hex;
        byte[] b;
        try {
            b = HexFormat.of().parseHex(digits);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--seed is not hex (an even number of hex digits): " + hex);
        }
        if (b.length == 0 || b.length > 1024) {
            throw new IllegalArgumentException("--seed must be 1 to 1024 bytes, got " + b.length);
        }
        return b;
    }
}
