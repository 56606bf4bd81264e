package io.c2spark.core.cli;

import io.c2spark.core.porep.RegisteredSealProof;
import io.c2spark.core.porep.SectorShape;
import io.c2spark.core.porep.c1.C1Output;
import io.c2spark.core.porep.c1.C1Writer;
import io.c2spark.core.porep.seal.SyntheticSector;
import io.c2spark.core.porep.seal.VanillaVerifier;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code c2spark synth-c1}: a SYNTHETIC C1 file of any sector size, for testing and benchmarking C2. */
@Command(name = "synth-c1", mixinStandardHelpOptions = true,
        description = "Write a SYNTHETIC C1 file (no real sealed sector behind it): zero data, challenged nodes"
                + " labelled for real, filler elsewhere, sparse trees. Its vanilla proofs pass native verification."
                + " Exit status: 0 when written, 2 for a bad argument or a file that cannot be written.")
final class SynthC1Command implements Callable<Integer> {
    @Option(names = "--sector-size", required = true, description = "2KiB, 8MiB, 512MiB, 32GiB or 64GiB")
    String sectorSize;

    @Option(names = "--out", required = true, paramLabel = "FILE", description = "C1 JSON file to write.")
    Path out;

    @Option(names = "--legacy", description = "Use the V1 registered proof instead of V1_1.")
    boolean legacy;

    @Option(names = "--sector-id", defaultValue = "1", description = "Sector number (default ${DEFAULT-VALUE}).")
    long sectorId;

    @Override
    public Integer call() throws Exception {
        try {
            return run();
        } catch (IllegalArgumentException e) {
            System.err.println("c2spark synth-c1: " + e.getMessage());
            return 2;
        }
    }

    private int run() throws Exception {
        RegisteredSealProof proof = RegisteredSealProof.interactive(SectorShape.parse(sectorSize), legacy);
        SecureRandom rnd = new SecureRandom();
        byte[] proverId = new byte[32];
        byte[] ticket = new byte[32];
        byte[] seed = new byte[32];
        rnd.nextBytes(proverId);
        rnd.nextBytes(ticket);
        rnd.nextBytes(seed);
        ticket[31] &= 0x3F;
        System.out.printf("c2spark synth-c1: SYNTHETIC %s (%d partitions x %d challenges), %d cores%n", proof.serdeName(),
                proof.shape().partitions(), proof.shape().challengesPerPartition(),
                Runtime.getRuntime().availableProcessors());
        long t0 = System.nanoTime();
        C1Output c1 = SyntheticSector.c1(proof, proverId, sectorId, ticket, seed, line -> {
            System.out.println(line);
            System.out.flush();
        });
        double gen = (System.nanoTime() - t0) / 1e9;
        long t1 = System.nanoTime();
        VanillaVerifier.verify(proof, c1.replicaId(), c1.commD(), c1.commR(), seed, c1.vanillaProofs());
        double ver = (System.nanoTime() - t1) / 1e9;
        C1Writer.write(c1, out);
        System.out.printf("generated in %.1f s, verified natively in %.1f s, wrote %s (%s); peak RSS %s%n", gen, ver, out,
                c1, SealCommand.peakRss());
        return 0;
    }
}
