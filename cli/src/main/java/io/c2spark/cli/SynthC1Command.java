package io.c2spark.cli;

import io.c2spark.core.porep.RegisteredSealProof;
import io.c2spark.core.porep.SectorShape;
import io.c2spark.core.porep.c1.C1Output;
import io.c2spark.core.porep.c1.C1Writer;
import io.c2spark.core.porep.seal.SyntheticInputs;
import io.c2spark.core.porep.seal.SyntheticSector;
import io.c2spark.core.porep.seal.VanillaVerifier;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code c2spark synth-c1}: a SYNTHETIC C1 file of any sector size, for testing and benchmarking C2.
 * Its chosen values come from a 32-byte generator seed ({@link SyntheticInputs}), given or drawn at
 * random and printed, so that the same command with {@code --seed} writes the same file again.
 */
@Command(name = "synth-c1", mixinStandardHelpOptions = true,
        description = {"Write a SYNTHETIC C1 file, with no real sealed sector behind it.",
            "Zero data, challenged nodes labelled for real, filler elsewhere, sparse trees; its vanilla proofs pass"
                + " native verification. Prover id, ticket and interactive seed derive from a 32-byte generator seed"
                + " (--seed, or a random one that is printed): the same seed and options give the same file, byte"
                + " for byte."},
        exitCodeListHeading = "Exit status:%n",
        exitCodeList = {"0:written", "2:a bad argument, or a file that cannot be written"})
final class SynthC1Command implements Callable<Integer> {
    @Option(names = "--sector-size", required = true, description = "2KiB, 8MiB, 512MiB, 32GiB or 64GiB")
    String sectorSize;

    @Option(names = "--out", required = true, paramLabel = "FILE", description = "C1 JSON file to write.")
    Path out;

    @Option(names = "--legacy", description = "Use the V1 registered proof instead of V1_1.")
    boolean legacy;

    @Option(names = "--sector-id", defaultValue = "1", description = "Sector number (default ${DEFAULT-VALUE}).")
    long sectorId;

    @Option(names = "--seed", paramLabel = "HEX", description = "32-byte generator seed, 64 hex digits (default: random,"
            + " printed in the first line).")
    String seed;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        try {
            return run();
        } catch (IllegalArgumentException e) {
            spec.commandLine().getErr().println("c2spark synth-c1: " + e.getMessage());
            return 2;
        }
    }

    private int run() throws Exception {
        PrintWriter log = spec.commandLine().getOut();
        RegisteredSealProof proof = RegisteredSealProof.interactive(SectorShape.parse(sectorSize), legacy);
        SyntheticInputs inputs;
        try {
            inputs = seed == null ? SyntheticInputs.random() : SyntheticInputs.fromHex(seed);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--seed: " + e.getMessage());
        }
        log.printf("c2spark synth-c1: SYNTHETIC %s (%d partitions x %d challenges), %d cores, seed %s%n",
                proof.serdeName(), proof.shape().partitions(), proof.shape().challengesPerPartition(),
                Runtime.getRuntime().availableProcessors(), inputs.seedHex());
        log.flush();
        long t0 = System.nanoTime();
        C1Output c1 = SyntheticSector.c1(proof, inputs.proverId(), sectorId, inputs.ticket(), inputs.seed(), line -> {
            log.println(line);
            log.flush();
        });
        double gen = (System.nanoTime() - t0) / 1e9;
        long t1 = System.nanoTime();
        VanillaVerifier.verify(proof, c1.replicaId(), c1.commD(), c1.commR(), c1.seed(), c1.vanillaProofs());
        double ver = (System.nanoTime() - t1) / 1e9;
        C1Writer.write(c1, out);
        log.printf("generated in %.1f s, verified natively in %.1f s, wrote %s (%s); peak RSS %s%n", gen, ver, out,
                c1, SealCommand.peakRss());
        return 0;
    }
}
