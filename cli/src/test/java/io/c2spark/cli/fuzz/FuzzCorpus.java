package io.c2spark.cli.fuzz;

import io.c2spark.core.field.Fr;
import io.c2spark.core.groth16.ParameterFiles;
import io.c2spark.core.groth16.ParameterGenerator;
import io.c2spark.core.groth16.Parameters;
import io.c2spark.core.groth16.ProofEncoding;
import io.c2spark.core.groth16.ProvingCircuits;
import io.c2spark.core.groth16.VerifyingKey;
import io.c2spark.core.porep.c1.C1Output;
import io.c2spark.core.porep.c1.C1Reader;
import io.c2spark.core.porep.c1.C1Samples;
import io.c2spark.core.porep.c1.C1Writer;
import io.c2spark.core.porep.circuit.PublicInputs;
import io.c2spark.core.r1cs.R1csShape;
import io.c2spark.core.r1cs.ShapeFiles;
import io.c2spark.core.r1cs.ShapeSystem;
import io.c2spark.core.r1cs.Witness;
import io.c2spark.core.r1cs.WitnessSystem;
import io.c2spark.core.snarkjs.SnarkjsFixture;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.EnumMap;
import java.util.Map;
import java.util.Random;

/**
 * The valid files the fuzzer mutates, one of each {@link Kind}, made once per run from a fixed
 * seed in a directory of their own: a sealed 2KiB sector's C1 file with a verifying key whose
 * trapdoor is known ({@link SimulatedKey}) and a seal proof that verifies against it; a small
 * circuit's .params and .shape (tens of constraints, every aux variable constrained); snarkjs's
 * circuit, proving key, witness, verification key, proof and public signals, copied from the test
 * JVM's snarkjs set-up ({@link SnarkjsFixture}: circom2 and snarkjs through npm). {@link #open}
 * reads a corpus back (in the worker JVM) with what the fuzzer compares against: the untouched
 * files' bytes and decoded contents.
 */
public final class FuzzCorpus {
    /** The small circuit: ProvingCircuits.mixed of this many steps. */
    static final int STEPS = 24;
    static final String SHAPE_NAME = "fuzz circuit";

    public final Path dir;
    public final long seed;
    private final Map<Kind, byte[]> originals = new EnumMap<>(Kind.class);
    C1Output c1;
    /** Each partition's public inputs, from the C1 file's values. */
    long[][] sealInputs;
    VerifyingKey sealVk;
    Parameters params;
    R1csShape shape;
    Witness witness;
    long[] tinyInputs;

    private FuzzCorpus(Path dir, long seed) {
        this.dir = dir;
        this.seed = seed;
    }

    public Path file(Kind k) {
        return dir.resolve(k.fileName);
    }

    /** The untouched file's bytes (the caller must not change them). */
    public byte[] original(Kind k) {
        return originals.get(k);
    }

    /** Writes every file of the corpus into dir. */
    public static void create(Path dir, long seed) throws IOException {
        Files.createDirectories(dir);
        Random rnd = new Random(seed);
        C1Output c1 = C1Samples.sealed2KiB(rnd);
        C1Writer.write(c1, dir.resolve(Kind.C1.fileName));
        long[][] inputs = sealInputs(c1);
        SimulatedKey key = new SimulatedKey(inputs[0].length / Fr.LIMBS, rnd);
        ParameterFiles.writeVk(key.vk, dir.resolve(Kind.SEAL_VK.fileName));
        byte[] proof = new byte[inputs.length * ProofEncoding.BYTES];
        for (int k = 0; k < inputs.length; k++) {
            System.arraycopy(ProofEncoding.encode(key.prove(inputs[k], rnd)), 0, proof, k * ProofEncoding.BYTES,
                    ProofEncoding.BYTES);
        }
        Files.write(dir.resolve(Kind.SEAL_PROOF.fileName), proof);
        R1csShape shape = ShapeSystem.of(ProvingCircuits.mixed(seed, STEPS), true);
        Parameters params = ParameterGenerator.generate(shape, ParameterGenerator.ToxicWaste.random(rnd));
        ParameterFiles.writeParams(params, dir.resolve(Kind.PARAMS.fileName));
        ShapeFiles.write(shape, SHAPE_NAME, dir.resolve(Kind.SHAPE.fileName));
        SnarkjsFixture s = SnarkjsFixture.get();
        copy(s.r1cs(), dir, Kind.R1CS);
        copy(s.zkey(), dir, Kind.ZKEY);
        copy(s.wtns(), dir, Kind.WTNS);
        copy(s.verificationKey(), dir, Kind.VK_JSON);
        copy(s.proof(), dir, Kind.PROOF_JSON);
        copy(s.publicSignals(), dir, Kind.PUBLIC_JSON);
    }

    private static void copy(Path from, Path dir, Kind k) throws IOException {
        Files.copy(from, dir.resolve(k.fileName), StandardCopyOption.REPLACE_EXISTING);
    }

    /** Reads a corpus that {@link #create} wrote with this seed. */
    public static FuzzCorpus open(Path dir, long seed) throws IOException {
        FuzzCorpus c = new FuzzCorpus(dir, seed);
        for (Kind k : Kind.values()) {
            c.originals.put(k, Files.readAllBytes(c.file(k)));
        }
        c.c1 = C1Reader.read(c.file(Kind.C1));
        c.sealInputs = sealInputs(c.c1);
        c.sealVk = ParameterFiles.readVk(c.file(Kind.SEAL_VK));
        c.params = ParameterFiles.readParams(c.file(Kind.PARAMS), true);
        c.shape = ShapeFiles.read(c.file(Kind.SHAPE), SHAPE_NAME);
        c.witness = WitnessSystem.of(ProvingCircuits.mixed(seed, STEPS));
        c.tinyInputs = ProvingCircuits.publicInputs(seed, STEPS);
        return c;
    }

    /** Each partition's public inputs, as a verifier derives them from a C1 file's values. */
    static long[][] sealInputs(C1Output c1) {
        long[][] in = new long[c1.partitions()][];
        for (int k = 0; k < in.length; k++) {
            in[k] = PublicInputs.forPartition(c1.registeredProof(), c1.replicaId(), c1.commD(), c1.commR(), c1.seed(), k);
        }
        return in;
    }
}
