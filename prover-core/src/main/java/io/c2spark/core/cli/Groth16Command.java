package io.c2spark.core.cli;

import io.c2spark.core.groth16.MultiExp;
import io.c2spark.core.groth16.Proof;
import io.c2spark.core.groth16.Verifier;
import io.c2spark.core.snarkjs.SnarkjsJson;
import io.c2spark.core.snarkjs.WtnsFile;
import io.c2spark.core.snarkjs.ZkeyFile;
import io.c2spark.core.snarkjs.ZkeyProver;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code c2spark groth16 prove|verify}: snarkjs's Groth16 commands, same arguments, same files. */
@Command(name = "groth16", mixinStandardHelpOptions = true,
        description = "Groth16 over BLS12-381 with snarkjs's files (zkey, wtns, JSON).",
        subcommands = {Groth16Command.Prove.class, Groth16Command.Verify.class})
final class Groth16Command implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    @Command(name = "prove", mixinStandardHelpOptions = true,
            description = {"Prove with a snarkjs zkey and witness, like `snarkjs groth16 prove`.",
                    "Exit status: 0 with the proof written, 1 on bad input (the message names the file)."},
            exitCodeOnExecutionException = 1)
    static final class Prove implements Callable<Integer> {
        @Parameters(index = "0", paramLabel = "ZKEY", description = "The proving key (.zkey).")
        Path zkey;

        @Parameters(index = "1", paramLabel = "WTNS", description = "The witness (.wtns).")
        Path wtns;

        @Parameters(index = "2", paramLabel = "PROOF", description = "Where to write proof.json.")
        Path proof;

        @Parameters(index = "3", paramLabel = "PUBLIC", description = "Where to write public.json.")
        Path publicSignals;

        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Override
        public Integer call() throws Exception {
            PrintWriter err = spec.commandLine().getErr();
            try {
                long start = System.nanoTime();
                ZkeyFile key = ZkeyFile.read(zkey);
                long[] witness = WtnsFile.read(wtns);
                if (witness.length / 4 != key.numVars) {
                    err.println(wtns + ": holds " + witness.length / 4 + " values, the zkey " + zkey + " " + key.numVars + " signals");
                    return 1;
                }
                long loaded = System.nanoTime();
                ZkeyProver prover = new ZkeyProver(key, MultiExp.PIPPENGER);
                Proof p = prover.prove(witness);
                long proved = System.nanoTime();
                SnarkjsJson.write(proof, SnarkjsJson.proof(p));
                SnarkjsJson.write(publicSignals, SnarkjsJson.publicSignals(prover.publicSignals(witness)));
                err.printf("load %.1f ms, prove %.1f ms%n", (loaded - start) / 1e6, (proved - loaded) / 1e6);
                return 0;
            } catch (IllegalArgumentException e) {
                err.println(e.getMessage());
                return 1;
            }
        }
    }

    @Command(name = "verify", mixinStandardHelpOptions = true,
            description = {"Verify a proof, like `snarkjs groth16 verify`.",
                    "Exit status: 0 when the proof is valid, 1 when it is not or an input is malformed."},
            exitCodeOnExecutionException = 1)
    static final class Verify implements Callable<Integer> {
        @Parameters(index = "0", paramLabel = "VK", description = "verification_key.json.")
        Path verificationKey;

        @Parameters(index = "1", paramLabel = "PUBLIC", description = "public.json.")
        Path publicSignals;

        @Parameters(index = "2", paramLabel = "PROOF", description = "proof.json.")
        Path proof;

        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Override
        public Integer call() throws Exception {
            try {
                Verifier verifier = new Verifier(SnarkjsJson.readVerificationKey(verificationKey));
                boolean ok = verifier.verify(SnarkjsJson.readPublicSignals(publicSignals), SnarkjsJson.readProof(proof));
                if (ok) {
                    spec.commandLine().getOut().println("OK!");
                    return 0;
                }
                spec.commandLine().getErr().println("Invalid proof");
                return 1;
            } catch (IllegalArgumentException e) {
                spec.commandLine().getErr().println(e.getMessage());
                return 1;
            }
        }
    }
}
