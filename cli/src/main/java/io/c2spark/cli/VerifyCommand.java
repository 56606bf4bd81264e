package io.c2spark.cli;

import io.c2spark.core.field.Fr;
import io.c2spark.core.groth16.ParameterFiles;
import io.c2spark.core.groth16.VerifyingKey;
import io.c2spark.core.porep.c1.C1Output;
import io.c2spark.core.porep.c1.C1Reader;
import io.c2spark.core.porep.c2.SealVerifier;
import io.c2spark.core.porep.circuit.PublicInputs;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code c2spark verify}: checks a seal proof against the public values of its C1 file. */
@Command(name = "verify", mixinStandardHelpOptions = true,
        description = {"Verify a seal proof against the public inputs of its sector's C1 file.",
            "The public inputs are derived from the C1 file's replica_id, comm_d, comm_r and seed (challenges"
                + " from the seed, parents from the graph); its vanilla proofs are not used."},
        exitCodeListHeading = "Exit status:%n",
        exitCodeList = {"0:every partition verifies", "1:one does not",
            "2:an input is malformed or cannot be read (one line names the file and what is wrong: a proof of the"
                + " wrong length, a point off the curve or outside the subgroup, a coordinate not below p, bad flags,"
                + " a verifying key for another number of public inputs)"})
final class VerifyCommand implements Callable<Integer> {
    @Option(names = "--c1", required = true, paramLabel = "FILE", description = "The sector's C1 output.")
    Path c1File;

    @Option(names = "--vk", required = true, paramLabel = "FILE", description = "The verifying key (.vk).")
    Path vkFile;

    @Option(names = "--proof", required = true, paramLabel = "FILE", description = "The seal proof.")
    Path proofFile;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        C1Output c1 = C1Reader.read(c1File);
        try {
            c1.registeredProof().requireInteractive();
        } catch (IllegalArgumentException e) {
            return ExitStatus.badInput(err, spec.qualifiedName() + ": " + c1File + ": " + e.getMessage());
        }
        VerifyingKey vk = ParameterFiles.readVk(vkFile);
        byte[] proof = Files.readAllBytes(proofFile);
        int inputs = PublicInputs.forPartition(c1.registeredProof(), c1.replicaId(), c1.commD(), c1.commR(), c1.seed(),
                0).length / Fr.LIMBS;
        if (vk.numPublic() != inputs) {
            return ExitStatus.badInput(err, spec.qualifiedName() + ": " + vkFile + ": the verifying key takes "
                    + vk.numPublic() + " public inputs, a " + c1.registeredProof().shape().label() + " partition has "
                    + inputs + " (a key of another circuit or sector size?)");
        }
        SealVerifier.Rejection r = SealVerifier.check(c1.registeredProof(), c1.replicaId(), c1.commD(), c1.commR(),
                c1.seed(), vk, proof);
        if (r != null && r.malformed()) {
            return ExitStatus.badInput(err, spec.qualifiedName() + ": " + proofFile + ": "
                    + (r.partition() >= 0 ? "partition " + r.partition() + ": " : "") + r.reason());
        }
        if (r != null) {
            out.println("INVALID: partition " + r.partition() + " of " + proofFile + " does not verify");
            out.flush();
            return ExitStatus.FAILED;
        }
        out.println("OK: " + proofFile + " verifies (" + c1.registeredProof().serdeName() + ", "
                + c1.partitions() + " partition(s))");
        out.flush();
        return ExitStatus.OK;
    }
}
