package io.c2spark.cli;

import io.c2spark.core.field.IfmaLibrary;
import io.c2spark.core.groth16.CpuProver;
import io.c2spark.core.groth16.Groth16Prover;
import io.c2spark.core.groth16.ParameterDigest;
import io.c2spark.core.groth16.ParameterFile;
import io.c2spark.core.groth16.ParameterFiles;
import io.c2spark.core.groth16.Parameters;
import io.c2spark.core.groth16.ProofEncoding;
import io.c2spark.core.groth16.ProverProvider;
import io.c2spark.core.groth16.VerifyingKey;
import io.c2spark.core.ntt.EvaluationDomain;
import io.c2spark.core.porep.SectorShape;
import io.c2spark.core.porep.c1.C1FormatException;
import io.c2spark.core.porep.c1.C1Output;
import io.c2spark.core.porep.c1.C1Reader;
import io.c2spark.core.porep.c2.PartitionPipeline;
import io.c2spark.core.porep.c2.PorepParameters;
import io.c2spark.core.porep.c2.SealProver;
import io.c2spark.core.porep.circuit.PublicInputs;
import io.c2spark.core.porep.seal.VanillaVerifier;
import io.c2spark.core.porep.vanilla.proof.VanillaProofException;
import io.c2spark.core.r1cs.R1csShape;
import io.c2spark.core.snarkjs.SnarkjsJson;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.ServiceLoader;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code c2spark prove}: C2 of one sector, on the CPU or a GPU. */
@Command(name = "prove", mixinStandardHelpOptions = true,
        description = {"Prove one sector's C2 from its C1 file, verify the proof and write it.",
            "The C1 file is read and checked first (its vanilla proofs are verified; a bad file is refused with"
                + " the field named); every partition is proven on the chosen backend, and the seal proof (192 bytes"
                + " per partition) is written to FILE atomically. The circuit's R1CS shape is read from the parameter"
                + " directory's .shape file where `c2spark params` left one, else synthesised. The CPU reads the"
                + " parameters into memory and proves small sectors (2KiB, 8MiB, 512MiB); a GPU loads them from the"
                + " file in chunks, decoding and checking every point on the device, and proves every size, two partitions in flight where its memory allows (the next partition's"
                + " witness is built and uploaded while the device proves the current one). Each partition's line gives"
                + " when it ran, its witness time, its wait for the device and the device's time; the sector's line its"
                + " wall time."},
        exitCodeListHeading = "Exit status:%n",
        exitCodeList = {"0:proved and written", "1:the proof does not verify (nothing is written)",
            "2:refused: no GPU for --backend gpu, a bad C1 file, a size the CPU does not prove, missing or bad"
                + " parameters, a digest that differs, a bad shape file, parameters or a shape file"
                + " of another circuit"})
final class ProveCommand implements Callable<Integer> {
    /** Which prover: the CPU's, a GPU's (failing at once without one), or a GPU's when there is one. */
    enum Backend { cpu, gpu, auto }

    @Option(names = "--backend", paramLabel = "cpu|gpu|auto", defaultValue = "cpu",
            description = {"cpu (default), gpu (fails at once when no GPU prover can run here), or auto (a GPU",
                "when one can run, else the CPU, saying so)."})
    Backend backend;

    @Option(names = "--c1", required = true, paramLabel = "FILE", description = "The C1 output (Filecoin's JSON).")
    Path c1File;

    @Option(names = "--params", required = true, paramLabel = "DIR",
            description = "Directory holding the parameters (see `c2spark params`).")
    Path paramsDir;

    @Option(names = "--out", required = true, paramLabel = "FILE", description = "Where to write the seal proof.")
    Path out;

    @Option(names = "--check-params-digest",
            description = {"Before loading, check the whole parameter file against the SHA-256 in <params file>.sha256",
                "(refused when that file is missing or the digests differ; about 30 s for 32GiB parameters)."})
    boolean checkDigest;

    @Option(names = "--snarkjs-out", paramLabel = "DIR",
            description = {"Also write verification_key.json, and public.json and proof.json per partition (public-K.json",
                "and proof-K.json when there are several), for `snarkjs groth16 verify` and other outside verifiers."})
    Path snarkjsOut;

    @Option(names = "--profile",
            description = {"Also print each partition's timeline on the GPU, phase by phase from the device's own events",
                "(upload, SpMV, each NTT, the quotient, each MSM and batch addition, read-back). The CPU prints its",
                "phases anyway."})
    boolean profile;

    @Spec
    CommandSpec spec;

    /** The registered prover of that backend name, or null. */
    static ProverProvider provider(String name) {
        for (ProverProvider p : ServiceLoader.load(ProverProvider.class)) {
            if (p.backend().equals(name)) {
                return p;
            }
        }
        return null;
    }

    @Override
    public Integer call() throws Exception {
        PrintWriter log = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        ProverProvider gpu = null;
        if (backend != Backend.cpu) {
            String unavailable = null;
            gpu = provider("gpu");
            if (gpu == null) {
                unavailable = "this installation has no GPU prover (gpu-executor is not on the class path)";
            } else {
                try {
                    gpu.checkAvailable();
                } catch (IllegalStateException e) {
                    unavailable = e.getMessage();
                    gpu = null;
                }
            }
            if (unavailable != null && backend == Backend.gpu) {
                return ExitStatus.badInput(err, "c2spark prove --backend gpu: " + unavailable);
            }
            if (unavailable != null) {
                log.println("--backend auto: no GPU (" + unavailable + "); proving on the CPU");
                log.flush();
            }
        }
        C1Output c1;
        try {
            c1 = C1Reader.read(c1File);
        } catch (C1FormatException e) {
            return ExitStatus.badInput(err, "c2spark prove: refused: " + e.getMessage());
        }
        try {
            c1.registeredProof().requireInteractive();
        } catch (IllegalArgumentException e) {
            return ExitStatus.badInput(err, "c2spark prove: refused " + c1File + ": " + e.getMessage());
        }
        SectorShape shape = c1.registeredProof().shape();
        boolean onCpu = gpu == null;
        if (onCpu && shape.partitions() > 1) {
            return ExitStatus.badInput(err, "c2spark prove: the CPU does not prove " + shape.label()
                    + " sectors; prove them with --backend gpu or on GPUs with the Spark job");
        }
        // Checked before the parameters are looked for and loaded (tens of seconds), so a bad file costs
        // nothing, and only here (SealProver.runChecked).
        try {
            VanillaVerifier.verify(c1.registeredProof(), c1.replicaId(), c1.commD(), c1.commR(), c1.seed(),
                    c1.vanillaProofs());
        } catch (VanillaProofException e) {
            return ExitStatus.badInput(err, "c2spark prove: refused " + c1File + ": " + e.getMessage());
        }
        Path paramsFile = PorepParameters.paramsFile(paramsDir, shape);
        if (!Files.isRegularFile(paramsFile)) {
            return ExitStatus.badInput(err, "c2spark prove: no parameters " + paramsFile
                    + "; make them with `c2spark params --sector-size " + shape.label() + " --out " + paramsDir + "`");
        }
        if (checkDigest) {
            log.println("checking " + paramsFile + " against " + ParameterDigest.fileFor(paramsFile) + " ...");
            log.flush();
            long t0 = System.nanoTime();
            String digest = ParameterDigest.verify(paramsFile);
            log.printf("  SHA-256 %s matches (%.1f s)%n", digest, (System.nanoTime() - t0) / 1e9);
        }
        Path shapeFile = PorepParameters.shapeFile(paramsDir, shape);
        boolean shapeOnDisk = Files.isRegularFile(shapeFile);
        log.println("loading " + paramsFile + " and the partition circuit "
                + (shapeOnDisk ? "(" + shapeFile.getFileName() + ")" : "(no shape file: synthesising it)") + " ...");
        log.flush();
        long start = System.nanoTime();
        // The circuit is read (or synthesised) on one thread, and for the CPU its evaluation domain
        // built (the NTTs' twiddles, 0.3-1 s for 2^22), while the CPU's parameters are decoded on the
        // compute pool: side by side they take about the longer of the two. A GPU opens the file here
        // (its verifying key and section sizes) and loads the points onto the device once the circuit
        // is there, since the layout of the tail bases comes from the circuit.
        long[] circuitNanos = new long[1];
        FutureTask<Circuit> circuitTask = new FutureTask<>(() -> {
            R1csShape s = PorepParameters.circuitShape(shape, paramsDir);
            circuitNanos[0] = System.nanoTime() - start;
            return new Circuit(s, onCpu ? EvaluationDomain.forCoefficients(s.numConstraints()) : null);
        });
        Thread circuitThread = new Thread(circuitTask, "circuit shape");
        circuitThread.setDaemon(true);
        circuitThread.start();
        Parameters heap = null;
        ParameterFile file = null;
        try {
            if (onCpu) {
                heap = ParameterFiles.readParams(paramsFile, false);
            } else {
                file = ParameterFile.open(paramsFile);
            }
        } catch (IOException | RuntimeException e) {
            circuitTask.cancel(true);
            throw e;
        }
        long loaded = System.nanoTime();
        Circuit circuit = result(circuitTask);
        long ready = System.nanoTime();
        Path usedShape = shapeOnDisk ? shapeFile : null;
        try {
            if (onCpu) {
                Groth16Prover prover = new CpuProver(circuit.shape(), heap, circuit.domain(), phase -> {
                    log.println("  " + phase);
                    log.flush();
                });
                setUp(loaded - start, circuitNanos[0], shapeOnDisk, ready);
                return prove(c1, prover, heap.vk(), paramsFile, usedShape, true);
            }
            try (ParameterFile source = file; Groth16Prover prover = gpu.open(circuit.shape(), source, profile)) {
                setUp(loaded - start, circuitNanos[0], shapeOnDisk, ready);
                return prove(c1, prover, source.vk(), paramsFile, usedShape, false);
            }
        } catch (IllegalArgumentException e) {
            // The provers check the parameters' sizes against the circuit's, and the witness's against the shape's.
            return ExitStatus.badInput(err, "c2spark prove: " + paramsFile
                    + (usedShape != null ? " and " + usedShape + " do" : " does") + " not fit the " + shape.label()
                    + " partition circuit: " + e.getMessage() + "; remake them with "
                    + "`c2spark params --sector-size " + shape.label() + " --out " + paramsDir + "`");
        }
    }

    private void setUp(long paramsNanos, long circuitNanos, boolean shapeOnDisk, long ready) {
        spec.commandLine().getOut().printf("  parameters %.1f s and circuit %.1f s (%s) side by side, prover set-up %.1f s%n",
                paramsNanos / 1e9, circuitNanos / 1e9, shapeOnDisk ? "read" : "synthesised", (System.nanoTime() - ready) / 1e9);
    }

    /**
     * Proves (each partition verified as it is made), writes the proof only when all verified (and
     * the snarkjs files); the exit status.
     */
    private int prove(C1Output c1, Groth16Prover prover, VerifyingKey vk, Path paramsFile, Path shapeFile, boolean onCpu)
            throws Exception {
        PrintWriter log = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        log.println("proving on the " + (onCpu ? "CPU (" + IfmaLibrary.describe() + ")" : "GPU"));
        log.flush();
        // The vanilla proofs were verified above, before the parameters were loaded.
        PartitionPipeline.Result result = SealProver.runChecked(c1, prover, vk, new SecureRandom(), line -> {
            log.println(line);
            log.flush();
        });
        if (profile) {
            for (PartitionPipeline.PartitionTiming t : result.timings()) {
                printProfile(log, t);
            }
        }
        log.println(result.describe());
        // Never write a proof that does not verify: a prover defect, or parameters and a shape file
        // that do not belong together, end here.
        if (!result.writeIfVerified(out)) {
            err.println("c2spark prove: the proof of partition " + result.firstInvalidPartition() + " does not verify against "
                    + paramsFile + (shapeFile != null ? " and " + shapeFile : "") + "; nothing written. Parameters or shape file"
                    + " from another circuit version? Remake them with `c2spark params`.");
            err.flush();
            log.flush();
            return 1;
        }
        byte[] proof = result.proofs();
        log.println("wrote " + out + " (" + proof.length + " bytes)");
        if (snarkjsOut != null) {
            writeSnarkjs(c1, vk, proof);
            log.println("wrote snarkjs files to " + snarkjsOut);
        }
        log.flush();
        return 0;
    }

    /** A partition's device phases, one line each (nothing when the prover did not profile). */
    private static void printProfile(PrintWriter log, PartitionPipeline.PartitionTiming t) {
        if (t.phasesMs().isEmpty()) {
            return;
        }
        log.printf("partition %d on the device, by its own events (ms):%n", t.partition() + 1);
        t.phasesMs().forEach((phase, ms) -> log.printf("  %-64s %9.2f%n", phase, ms));
    }

    /** The partition circuit's shape and, for the CPU prover, its evaluation domain (else null). */
    private record Circuit(R1csShape shape, EvaluationDomain domain) {
    }

    private static <T> T result(FutureTask<T> task) throws InterruptedException, IOException {
        try {
            return task.get();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            if (e.getCause() instanceof IOException io) {
                throw io;
            }
            if (e.getCause() instanceof Error err) {
                throw err;
            }
            throw new IllegalStateException(e.getCause());
        }
    }

    /** The proof of each partition and its verifier-derived public inputs in snarkjs's JSON files. */
    private void writeSnarkjs(C1Output c1, VerifyingKey vk, byte[] sealProof) throws IOException {
        Files.createDirectories(snarkjsOut);
        SnarkjsJson.write(snarkjsOut.resolve("verification_key.json"), SnarkjsJson.verificationKey(vk));
        int partitions = c1.partitions();
        for (int k = 0; k < partitions; k++) {
            String suffix = partitions == 1 ? "" : "-" + k;
            byte[] one = Arrays.copyOfRange(sealProof, k * ProofEncoding.BYTES, (k + 1) * ProofEncoding.BYTES);
            long[] inputs = PublicInputs.forPartition(c1.registeredProof(), c1.replicaId(), c1.commD(), c1.commR(),
                    c1.seed(), k);
            SnarkjsJson.write(snarkjsOut.resolve("public" + suffix + ".json"), SnarkjsJson.publicSignals(inputs));
            SnarkjsJson.write(snarkjsOut.resolve("proof" + suffix + ".json"),
                    SnarkjsJson.proof(ProofEncoding.decode(one)));
        }
    }
}
