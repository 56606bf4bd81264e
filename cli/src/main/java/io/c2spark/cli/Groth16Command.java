package io.c2spark.cli;

import io.c2spark.core.curve.G1;
import io.c2spark.core.curve.G2;
import io.c2spark.core.field.Fr;
import io.c2spark.core.groth16.MultiExp;
import io.c2spark.core.groth16.Proof;
import io.c2spark.core.groth16.Verifier;
import io.c2spark.core.groth16.VerifyingKey;
import io.c2spark.core.r1cs.CheckSystem;
import io.c2spark.core.snarkjs.R1csFile;
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
import picocli.CommandLine.Option;
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
                    "The proof is verified against the zkey's verifying key before anything is written."},
            exitCodeListHeading = "Exit status:%n",
            exitCodeList = {"0:the proof is written",
                "1:the proof does not verify (the witness does not satisfy the circuit; nothing written)",
                "2:an input is malformed or cannot be read, or an output cannot be written (one line names the"
                    + " file and what is wrong)"})
    static final class Prove implements Callable<Integer> {
        @Parameters(index = "0", paramLabel = "ZKEY", description = "The proving key (.zkey).")
        Path zkey;

        @Parameters(index = "1", paramLabel = "WTNS", description = "The witness (.wtns).")
        Path wtns;

        @Parameters(index = "2", paramLabel = "PROOF", description = "Where to write proof.json.")
        Path proof;

        @Parameters(index = "3", paramLabel = "PUBLIC", description = "Where to write public.json.")
        Path publicSignals;

        @Option(names = "--r1cs", paramLabel = "CIRCUIT",
                description = {"The circuit (.r1cs): check the witness against its constraints first, and name the",
                    "first one it does not satisfy (the zkey holds no C matrix to check against)."})
        Path r1cs;

        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Override
        public Integer call() throws Exception {
            return prove(zkey, wtns, r1cs, proof, publicSignals, spec.commandLine().getErr());
        }

        static int prove(Path zkey, Path wtns, Path r1cs, Path proof, Path publicSignals, PrintWriter err)
                throws IOException {
            long start = System.nanoTime();
            ZkeyFile key;
            long[] witness;
            try {
                key = ZkeyFile.read(zkey);
                witness = WtnsFile.read(wtns);
            } catch (IllegalArgumentException e) {
                return refuse(err, e.getMessage(), ExitStatus.BAD_INPUT);
            }
            if (witness.length / Fr.LIMBS != key.numVars) {
                return refuse(err, wtns + ": holds " + witness.length / Fr.LIMBS + " values, the zkey " + zkey + " "
                        + key.numVars + " signals", ExitStatus.BAD_INPUT);
            }
            if (r1cs != null) {
                int status = checkWitness(r1cs, key, wtns, witness, err);
                if (status != ExitStatus.OK) {
                    return status;
                }
            }
            long loaded = System.nanoTime();
            ZkeyProver prover;
            try {
                prover = new ZkeyProver(key, MultiExp.PIPPENGER);
            } catch (IllegalArgumentException e) {
                return refuse(err, zkey + ": " + e.getMessage(), ExitStatus.BAD_INPUT);
            }
            Proof p = prover.prove(witness);
            long[] signals = prover.publicSignals(witness);
            long proved = System.nanoTime();
            if (!new Verifier(key.verifyingKey()).verify(signals, p)) {
                return refuseUnverified(zkey, wtns, r1cs, key, p, err);
            }
            long verified = System.nanoTime();
            SnarkjsJson.write(proof, SnarkjsJson.proof(p));
            SnarkjsJson.write(publicSignals, SnarkjsJson.publicSignals(signals));
            err.printf("load %.1f ms, prove %.1f ms, verify %.1f ms%n", (loaded - start) / 1e6, (proved - loaded) / 1e6,
                    (verified - proved) / 1e6);
            return ExitStatus.OK;
        }

        /** OK, or the status once a witness that does not satisfy the circuit (or a circuit that does not fit) is refused. */
        private static int checkWitness(Path r1cs, ZkeyFile key, Path wtns, long[] witness, PrintWriter err)
                throws IOException {
            R1csFile circuit;
            try {
                circuit = R1csFile.read(r1cs);
            } catch (IllegalArgumentException e) {
                return refuse(err, e.getMessage(), ExitStatus.BAD_INPUT);
            }
            if (circuit.numWires != key.numVars || circuit.numPublic() != key.numPublic) {
                return refuse(err, r1cs + ": " + circuit.numWires + " wires, " + circuit.numPublic()
                        + " public; the zkey has " + key.numVars + " signals, " + key.numPublic + " public",
                        ExitStatus.BAD_INPUT);
            }
            CheckSystem check = CheckSystem.of(circuit.asCircuit(witness));
            if (!check.isSatisfied()) {
                return refuse(err, wtns + ": the witness does not satisfy " + check.firstFailure() + " of " + r1cs
                        + "; nothing written", ExitStatus.FAILED);
            }
            return ExitStatus.OK;
        }

        /**
         * A proof that does not verify: a damaged query point of the zkey is looked for (the curve
         * equation first; the subgroups only when the proof's own points are outside theirs, that
         * test costing far more) and named as malformed input; else the witness is the likely cause,
         * or, once it is known to satisfy the circuit, a zkey that is not the circuit's.
         */
        private static int refuseUnverified(Path zkey, Path wtns, Path r1cs, ZkeyFile key, Proof p, PrintWriter err) {
            String fault = key.firstInvalidPoint(false);
            boolean inSubgroups = G1.isInSubgroup(p.a(), 0) && G2.isInSubgroup(p.b(), 0) && G1.isInSubgroup(p.c(), 0);
            if (fault == null && !inSubgroups) {
                fault = key.firstInvalidPoint(true);
            }
            if (fault != null) {
                return refuse(err, zkey + ": " + fault + "; nothing written", ExitStatus.BAD_INPUT);
            }
            String unverified = "the proof does not verify against the verifying key of " + zkey;
            if (r1cs != null) {
                return refuse(err, unverified + " although " + wtns + " satisfies " + r1cs + ": the zkey is not that "
                        + "circuit's, or its coefficients are damaged; nothing written", ExitStatus.FAILED);
            }
            return refuse(err, unverified + ": the witness " + wtns + " does not satisfy the circuit (or the zkey's "
                    + "coefficients are damaged); nothing written (--r1cs CIRCUIT names the constraint a witness fails)",
                    ExitStatus.FAILED);
        }

        private static int refuse(PrintWriter err, String message, int status) {
            err.println("c2spark groth16 prove: " + message);
            return status;
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
            return Prove.prove(Path.of(args[2]), Path.of(args[3]), null, Path.of(args[4]), Path.of(args[5]), err);
        } catch (IOException e) {
            err.println("c2spark groth16 prove: " + FileErrorHandler.describe(e));
            return FileErrorHandler.EXIT_CODE;
        } finally {
            err.flush();
        }
    }

    @Command(name = "verify", mixinStandardHelpOptions = true,
            description = "Verify a proof, like `snarkjs groth16 verify`.",
            exitCodeListHeading = "Exit status:%n",
            exitCodeList = {"0:the proof is valid", "1:the proof does not verify",
                "2:an input is malformed or cannot be read (one line names the file and the field: a point off the"
                    + " curve or outside the subgroup, a number not below the field's modulus, public signals of the"
                    + " wrong count)"})
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
            PrintWriter err = spec.commandLine().getErr();
            VerifyingKey vk;
            long[] signals;
            Proof p;
            try {
                vk = SnarkjsJson.readVerificationKey(verificationKey);
                signals = SnarkjsJson.readPublicSignals(publicSignals);
                p = SnarkjsJson.readProof(proof);
            } catch (IllegalArgumentException e) {
                return ExitStatus.badInput(err, spec.qualifiedName() + ": " + e.getMessage());
            }
            if (signals.length / Fr.LIMBS != vk.numPublic()) {
                return ExitStatus.badInput(err, spec.qualifiedName() + ": " + publicSignals + ": holds "
                        + signals.length / Fr.LIMBS + " signals, the verification key " + verificationKey + " takes "
                        + vk.numPublic());
            }
            if (new Verifier(vk).verify(signals, p)) {
                spec.commandLine().getOut().println("OK!");
                return ExitStatus.OK;
            }
            err.println("Invalid proof");
            return ExitStatus.FAILED;
        }
    }
}
