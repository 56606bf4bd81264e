package io.c2spark.spark.porep;

import io.c2spark.core.groth16.CpuProver;
import io.c2spark.core.groth16.ParameterFiles;
import io.c2spark.core.groth16.Proof;
import io.c2spark.core.groth16.ProofEncoding;
import io.c2spark.core.groth16.VerifyingKey;
import io.c2spark.core.porep.SectorShape;
import io.c2spark.core.porep.c1.CompactPartitionInput;
import io.c2spark.core.porep.c2.PorepParameters;
import io.c2spark.core.porep.c2.SealVerifier;
import io.c2spark.core.porep.circuit.PartitionCircuits;
import io.c2spark.core.r1cs.Witness;
import io.c2spark.core.r1cs.WitnessSystem;
import io.c2spark.spark.settings.C2SparkSettings;
import io.c2spark.spark.settings.Settings;
import io.c2spark.spark.workload.Device;
import io.c2spark.spark.workload.PartitionInput;
import io.c2spark.spark.workload.PartitionProof;
import io.c2spark.spark.workload.PartitionProver;
import io.c2spark.spark.workload.SectorVerifier;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * PoRep C2 with the CPU Groth16 prover: for the small sector sizes only (2KiB, 8MiB, 512MiB), whose
 * test parameters c2spark makes itself. A task given a GPU still proves on the CPU and says so in
 * its phase names; 32GiB and 64GiB sectors are refused, never proven slowly on the CPU.
 * Parameters are read once per JVM and sector size from c2spark.params.dir.
 */
public final class CpuPoRepWorkload extends PoRepWorkload {
    @Override
    public PartitionProver prover(Settings settings) {
        Path dir = Path.of(settings.get(C2SparkSettings.PARAMS_DIR));
        Map<SectorShape, CpuProver> provers = new ConcurrentHashMap<>();
        SecureRandom rng = new SecureRandom();
        return (PartitionInput input, Device device) -> {
            CompactPartitionInput in = CompactPartitionInput.read(input.bytes(),
                    input.sectorId() + " partition " + input.partition());
            SectorShape shape = in.registeredProof().shape();
            if (shape.partitions() > 1) {
                throw new IllegalArgumentException("the CPU prover does not prove " + shape.label()
                        + " sectors (sector " + input.sectorId() + "); they need the GPU prover");
            }
            long t0 = System.nanoTime();
            CpuProver prover = provers.computeIfAbsent(shape, s -> load(dir, s));
            long t1 = System.nanoTime();
            Witness w = WitnessSystem.of(PartitionCircuits.of(in.registeredProof(), in.replicaId(), in.commD(),
                    in.commR(), in.challenges()));
            long t2 = System.nanoTime();
            Proof proof = prover.prove(w, rng);
            long t3 = System.nanoTime();
            Map<String, Long> phases = new LinkedHashMap<>();
            phases.put("params_load", t1 - t0);
            phases.put("witness", t2 - t1);
            phases.put("cpu_prove", t3 - t2);
            return new PartitionProof(ProofEncoding.encode(proof), phases, Map.of());
        };
    }

    private static CpuProver load(Path dir, SectorShape shape) {
        Path file = PorepParameters.paramsFile(dir, shape);
        if (!Files.isRegularFile(file)) {
            throw new IllegalStateException("no parameters " + file + " for " + shape.label()
                    + " sectors (c2spark.params.dir); make them with `c2spark params --sector-size " + shape.label()
                    + " --out " + dir + "`");
        }
        try {
            return new CpuProver(PorepParameters.circuitShape(shape), ParameterFiles.readParams(file, false));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }

    @Override
    public SectorVerifier verifier(Settings settings) {
        Path dir = Path.of(settings.get(C2SparkSettings.PARAMS_DIR));
        Map<SectorShape, VerifyingKey> keys = new ConcurrentHashMap<>();
        return (String sectorId, byte[] statement, List<byte[]> partitionProofs) -> {
            PoRepStatement st = PoRepStatement.fromBytes(statement);
            SectorShape shape = st.registeredProof().shape();
            VerifyingKey vk = keys.computeIfAbsent(shape, s -> {
                Path file = PorepParameters.vkFile(dir, s);
                try {
                    return ParameterFiles.readVk(file);
                } catch (IOException e) {
                    throw new UncheckedIOException("cannot read the verifying key " + file, e);
                }
            });
            byte[] seal = new byte[partitionProofs.size() * ProofEncoding.BYTES];
            for (int k = 0; k < partitionProofs.size(); k++) {
                byte[] p = partitionProofs.get(k);
                if (p.length != ProofEncoding.BYTES) {
                    return Optional.of("partition " + k + " proof has " + p.length + " bytes");
                }
                System.arraycopy(p, 0, seal, k * ProofEncoding.BYTES, ProofEncoding.BYTES);
            }
            int bad = SealVerifier.firstInvalidPartition(st.registeredProof(), st.replicaId(), st.commD(), st.commR(),
                    st.seed(), vk, seal);
            return bad < 0 ? Optional.empty() : Optional.of("partition " + bad + " does not verify");
        };
    }
}
