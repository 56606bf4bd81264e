package io.c2spark.core.cli;

import io.c2spark.core.groth16.CpuProver;
import io.c2spark.core.groth16.ParameterFiles;
import io.c2spark.core.groth16.Parameters;
import io.c2spark.core.porep.SectorShape;
import io.c2spark.core.porep.c1.C1Output;
import io.c2spark.core.porep.c1.C1Reader;
import io.c2spark.core.porep.c2.PorepParameters;
import io.c2spark.core.porep.c2.SealProver;
import io.c2spark.core.groth16.ProofEncoding;
import io.c2spark.core.groth16.VerifyingKey;
import io.c2spark.core.porep.circuit.PublicInputs;
import io.c2spark.core.snarkjs.SnarkjsJson;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code c2spark prove}: C2 of one sector on the CPU. */
@Command(name = "prove", mixinStandardHelpOptions = true,
        description = {"Prove one sector's C2 on the CPU: read and check the C1 file (its vanilla proofs are",
            "verified first; a bad file is refused with the field named), prove every partition, and write",
            "the seal proof (192 bytes per partition) to FILE atomically. The CPU prover serves small",
            "sectors (2KiB, 8MiB, 512MiB); 32GiB and 64GiB need the GPU prover."})
final class ProveCommand implements Callable<Integer> {
    @Option(names = "--c1", required = true, paramLabel = "FILE", description = "The C1 output (Filecoin's JSON).")
    Path c1File;

    @Option(names = "--params", required = true, paramLabel = "DIR",
            description = "Directory holding the parameters (see `c2spark params`).")
    Path paramsDir;

    @Option(names = "--out", required = true, paramLabel = "FILE", description = "Where to write the seal proof.")
    Path out;

    @Option(names = "--snarkjs-out", paramLabel = "DIR",
            description = {"Also write verification_key.json, and public.json and proof.json per partition (public-K.json",
                "and proof-K.json when there are several), for `snarkjs groth16 verify` and other outside verifiers."})
    Path snarkjsOut;

    @Override
    public Integer call() throws Exception {
        C1Output c1 = C1Reader.read(c1File);
        SectorShape shape = c1.registeredProof().shape();
        if (shape.partitions() > 1) {
            System.err.println("c2spark prove: the CPU prover does not prove " + shape.label()
                    + " sectors; run them on GPUs with the Spark job");
            return 2;
        }
        Path paramsFile = PorepParameters.paramsFile(paramsDir, shape);
        if (!Files.isRegularFile(paramsFile)) {
            System.err.println("c2spark prove: no parameters " + paramsFile + "; make them with `c2spark params "
                    + "--sector-size " + shape.label() + " --out " + paramsDir + "`");
            return 2;
        }
        System.out.println("loading " + paramsFile + " and the partition circuit ...");
        Parameters params = ParameterFiles.readParams(paramsFile, false);
        CpuProver prover = new CpuProver(PorepParameters.circuitShape(shape), params);
        byte[] proof = SealProver.prove(c1, prover, new SecureRandom(), System.out::println);
        Path tmp = out.resolveSibling(out.getFileName() + ".tmp");
        Files.write(tmp, proof);
        Files.move(tmp, out, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        System.out.println("wrote " + out + " (" + proof.length + " bytes)");
        if (snarkjsOut != null) {
            writeSnarkjs(c1, params.vk(), proof);
        }
        return 0;
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
        System.out.println("wrote snarkjs files to " + snarkjsOut);
    }
}
