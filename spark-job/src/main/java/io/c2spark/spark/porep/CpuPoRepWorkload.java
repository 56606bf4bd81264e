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
import io.c2spark.gpu.cpu.CpuStreamBackend;
import io.c2spark.spark.device.CpuKernelWork;
import io.c2spark.spark.device.DeviceCoordinators;
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
 * test parameters c2spark makes itself. A task given a GPU still proves on the CPU, through that
 * GPU's coordinator, and says so in its phase names; 32GiB and 64GiB sectors are refused, never
 * proven slowly on the CPU.
 * Parameters are read once per JVM and sector size from c2spark.params.dir.
 */
public final class CpuPoRepWorkload extends PoRepWorkload {
    /**
     * Working sets per device when a task is given a GPU address: while one partition's proof runs
     * under the compute lock, the next one's witness is built, which is the overlap the coordinator
     * exists for. The CPU backend holds no device memory, so there is no VRAM ledger to size it by.
     */
    private static final int SLOTS_PER_DEVICE = 2;

    @Override
    public PartitionProver prover(Settings settings) {
        Path dir = Path.of(settings.get(C2SparkSettings.PARAMS_DIR));
        Map<SectorShape, CpuProver> provers = new ConcurrentHashMap<>();
        DeviceCoordinators<CpuStreamBackend> devices = DeviceCoordinators.cpuBacked(SLOTS_PER_DEVICE);
        SecureRandom rng = new SecureRandom();
        return (PartitionInput input, Device device) -> {
            CpuKernelWork.Prepare<Prepared> prepare = () -> prepare(input, dir, provers);
            CpuKernelWork.Kernel<Prepared> kernel = p -> p.prove(rng);
            // A GPU address stands for a device whose coordinator the GPU prover will share; until it
            // lands, that device's "kernels" are this CPU prover, queued behind the same locks.
            return device.isGpu() ? CpuKernelWork.prove(devices, device, prepare, kernel)
                    : kernel.run(prepare.prepare());
        };
    }

    /** A partition ready to prove: its prover and witness, and what getting them cost. */
    private static final class Prepared {
        final CpuProver prover;
        final Witness witness;
        final Map<String, Long> phases;

        Prepared(CpuProver prover, Witness witness, Map<String, Long> phases) {
            this.prover = prover;
            this.witness = witness;
            this.phases = phases;
        }

        PartitionProof prove(SecureRandom rng) {
            long t0 = System.nanoTime();
            Proof proof = prover.prove(witness, rng);
            Map<String, Long> all = new LinkedHashMap<>(phases);
            all.put("cpu_prove", System.nanoTime() - t0);
            return new PartitionProof(ProofEncoding.encode(proof), all, Map.of());
        }
    }

    private static Prepared prepare(PartitionInput input, Path dir, Map<SectorShape, CpuProver> provers) {
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
        Map<String, Long> phases = new LinkedHashMap<>();
        phases.put("params_load", t1 - t0);
        phases.put("witness", t2 - t1);
        return new Prepared(prover, w, phases);
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
