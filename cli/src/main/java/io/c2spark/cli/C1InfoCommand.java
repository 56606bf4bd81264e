package io.c2spark.cli;

import io.c2spark.core.porep.SectorShape;
import io.c2spark.core.porep.c1.C1FormatException;
import io.c2spark.core.porep.c1.C1Output;
import io.c2spark.core.porep.c1.C1Reader;
import io.c2spark.core.porep.vanilla.proof.VanillaProof;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code c2spark c1-info FILE}: reads and validates a C1 file and prints what it holds. */
@Command(name = "c1-info", mixinStandardHelpOptions = true,
        description = {"Read and validate a commit-phase-1 (C1) output file and print what it holds.",
            "The file is the serde JSON of SealCommitPhase1Output; printed are its registered proof, sector shape,"
                + " commitments and partitions x challenges."},
        exitCodeListHeading = "Exit status:%n",
        exitCodeList = {"0:the file is well formed",
            "2:it is not, or cannot be read (the message names the JSON path, partition and challenge)"})
final class C1InfoCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "FILE", description = "The C1 JSON file.")
    Path file;

    @Option(names = "--challenges", description = "Also list each partition's challenged nodes (as the tree_d paths state them).")
    boolean challenges;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        long start = System.nanoTime();
        C1Output c1;
        try {
            c1 = C1Reader.read(file);
        } catch (C1FormatException e) {
            spec.commandLine().getErr().println(e.getMessage());
            return 2;
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        SectorShape shape = c1.registeredProof().shape();
        out.printf("file:             %s (%,d bytes, read and validated in %.2f s)%n", file, Files.size(file), seconds);
        out.printf("registered proof: %s (id %d)%n", c1.registeredProof().serdeName(), c1.registeredProof().id());
        out.printf("sector:           %s, %,d nodes, %d layers%n", shape.label(), shape.nodes(), shape.layers());
        out.printf("challenges:       %d partitions x %d challenges = %d%n", c1.partitions(),
                shape.challengesPerPartition(), c1.challenges());
        out.printf("tree_d:           %d levels; tree_c/tree_r_last: %s%n", shape.treeD().levels(),
                describe(shape));
        out.printf("comm_r:           %s%n", C1Output.hex(c1.commR()));
        out.printf("comm_d:           %s%n", C1Output.hex(c1.commD()));
        out.printf("replica_id:       %s%n", C1Output.hex(c1.replicaId()));
        out.printf("seed:             %s%n", C1Output.hex(c1.seed()));
        out.printf("ticket:           %s%n", C1Output.hex(c1.ticket()));
        out.println("(32-byte values in file byte order: little-endian field elements)");
        if (challenges) {
            for (int k = 0; k < c1.partitions(); k++) {
                StringBuilder line = new StringBuilder();
                for (VanillaProof v : c1.vanillaProofs()[k]) {
                    line.append(line.length() > 0 ? " " : "").append(v.challenge());
                }
                out.printf("partition %d:      %s%n", k, line);
            }
        }
        out.flush();
        return 0;
    }

    private static String describe(SectorShape shape) {
        var t = shape.treeR();
        String s = "arity " + t.baseArity() + " x " + t.baseLevels() + " levels";
        if (t.subArity() > 0) {
            s += ", sub arity " + t.subArity();
        }
        if (t.topArity() > 0) {
            s += ", top arity " + t.topArity();
        }
        return s;
    }
}
