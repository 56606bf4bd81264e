package io.c2spark.spark.testing;

import io.c2spark.core.field.Fr;
import io.c2spark.core.groth16.ParameterFiles;
import io.c2spark.core.groth16.ParameterGenerator;
import io.c2spark.core.groth16.Parameters;
import io.c2spark.core.porep.RegisteredSealProof;
import io.c2spark.core.porep.c1.C1Output;
import io.c2spark.core.porep.c1.C1Writer;
import io.c2spark.core.porep.seal.Fr32;
import io.c2spark.core.porep.seal.SealedSector;
import io.c2spark.core.porep.seal.Sealer;
import io.c2spark.core.porep.seal.VanillaProver;
import io.c2spark.core.r1cs.Circuit;
import io.c2spark.core.r1cs.ShapeSystem;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;

/** Real 2KiB PoRep inputs for the PoRep workload's tests: sectors sealed here and their C1 files. */
public final class SealedSectors {
    private SealedSectors() {
    }

    /** A real 2KiB sector of random data, sealed here, and its C1 for a random seed. */
    public static C1Output sealed2KiB(Random rnd) {
        RegisteredSealProof proof = RegisteredSealProof.STACKED_DRG_2KIB_V1_1;
        byte[] raw = new byte[2048 / 128 * 127];
        byte[] proverId = new byte[32];
        byte[] ticket = new byte[32];
        byte[] seed = new byte[32];
        rnd.nextBytes(raw);
        rnd.nextBytes(proverId);
        rnd.nextBytes(ticket);
        rnd.nextBytes(seed);
        ticket[31] &= 0x3F;
        SealedSector s = Sealer.seal(proof, Fr32.pad(raw), proverId, rnd.nextLong() >>> 1, ticket, null);
        return new C1Output(proof, VanillaProver.prove(s, seed), s.commR(), s.commD(), s.replicaId(), seed, ticket);
    }

    /** Seals a 2KiB sector and writes its C1 as Filecoin does. */
    public static void writeC1(Path file, Random rnd) throws IOException {
        Files.createDirectories(file.getParent());
        try (OutputStream out = Files.newOutputStream(file)) {
            C1Writer.write(sealed2KiB(rnd), out);
        }
    }

    /**
     * A readable verifying key that belongs to no sector size: that of x * x = y, one constraint.
     * Enough where only the key's presence matters (the driver's start-up check).
     */
    public static void writeUnrelatedVk(Path file) throws IOException {
        Circuit square = cs -> {
            int y = cs.allocateInput(Fr.of(9), 0);
            int x = cs.allocate(Fr.of(3), 0);
            cs.enforce(() -> "square", a -> a.add(x), b -> b.add(x), c -> c.add(y));
        };
        Parameters p = ParameterGenerator.generate(ShapeSystem.of(square, true),
                ParameterGenerator.ToxicWaste.random(new Random(1)));
        ParameterFiles.writeVk(p.vk(), file);
    }
}
