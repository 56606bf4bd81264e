package io.c2spark.core.cli;

import io.c2spark.core.groth16.MultiExp;
import io.c2spark.core.groth16.Proof;
import io.c2spark.core.groth16.Verifier;
import io.c2spark.core.snarkjs.SnarkjsJson;
import io.c2spark.core.snarkjs.WtnsFile;
import io.c2spark.core.snarkjs.ZkeyFile;
import io.c2spark.core.snarkjs.ZkeyProver;
import java.io.IOException;
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
                    "Exit status: 0 with the proof written, 1 on bad input (the message names the file),",
                    "2 when a file cannot be read or written."},
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
            return prove(zkey, wtns, proof, publicSignals, spec.commandLine().getErr());
        }

        static int prove(Path zkey, Path wtns, Path proof, Path publicSignals, PrintWriter err) throws IOException {
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

    /**
     * Runs {@code groth16 prove ZKEY WTNS PROOF PUBLIC} as snarkjs is called (four files, no option)
     * without building the command line model: picocli's model of every command and its own
     * start-up take about 0.15 s in a fresh JVM, a tenth of a 2^16-constraint proof. Returns the exit
     * status, or -1 when args are anything else (help, options, another command) for picocli.
     */
    static int runPlainProve(String[] args) {
        if (args.length != 6 || !args[0].equals("groth16") || !args[1].equals("prove")) {
            return -1;
        }
        for (int i = 2; i < 6; i++) {
            if (args[i].startsWith("-")) {
                return -1;
            }
        }
        PrintWriter err = new PrintWriter(System.err, true);
        try {
            return Prove.prove(Path.of(args[2]), Path.of(args[3]), Path.of(args[4]), Path.of(args[5]), err);
        } catch (IOException e) {
            err.println("c2spark groth16 prove: " + FileErrorHandler.describe(e));
            return FileErrorHandler.EXIT_CODE;
        } finally {
            err.flush();
        }
    }

    @Command(name = "verify", mixinStandardHelpOptions = true,
            description = {"Verify a proof, like `snarkjs groth16 verify`.",
                    "Exit status: 0 when the proof is valid, 1 when it is not or an input is malformed,",
                    "2 when a file cannot be read."},
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
