package io.c2spark.spark.porep;

import io.c2spark.core.porep.RegisteredSealProof;
import io.c2spark.core.porep.SectorShape;
import io.c2spark.core.porep.c1.C1Output;
import io.c2spark.core.porep.c1.C1Writer;
import io.c2spark.core.porep.c2.PorepParameters;
import io.c2spark.core.porep.seal.Fr32;
import io.c2spark.core.porep.seal.SealedSector;
import io.c2spark.core.porep.seal.Sealer;
import io.c2spark.core.porep.seal.VanillaProver;
import io.c2spark.core.porep.vanilla.proof.VanillaProof;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.function.Consumer;

/**
 * The batch {@code c2spark run} proves when given no input: a few 2KiB sectors of random data,
 * really sealed here (SDR layers, trees, vanilla proofs for a random seed), their C1 files written
 * as Filecoin writes them; and the 2KiB test parameters, made once and cached.
 */
public final class DemoBatch {
    private DemoBatch() {
    }

    /** Seals {@code sectors} 2KiB sectors into dir/c1 and makes sure the parameters are in paramsDir. */
    public static Path prepare(Path dir, int sectors, Path paramsDir, Consumer<String> progress) throws IOException {
        PorepParameters.ensure(SectorShape.SIZE_2KIB, paramsDir, progress);
        Path c1Dir = dir.resolve("c1");
        Files.createDirectories(c1Dir);
        SecureRandom rnd = new SecureRandom();
        RegisteredSealProof proof = RegisteredSealProof.STACKED_DRG_2KIB_V1_1;
        for (int i = 0; i < sectors; i++) {
            Path file = c1Dir.resolve(String.format("demo-sector-%02d.json", i));
            if (Files.exists(file)) {
                continue;
            }
            byte[] raw = new byte[2048 / 128 * 127];
            rnd.nextBytes(raw);
            byte[] proverId = random32(rnd);
            byte[] ticket = random32(rnd);
            ticket[31] &= 0x3F;
            SealedSector s = Sealer.seal(proof, Fr32.pad(raw), proverId, i + 1, ticket, null);
            byte[] seed = random32(rnd);
            VanillaProof[][] vanilla = VanillaProver.prove(s, seed);
            C1Output c1 = new C1Output(proof, vanilla, s.commR(), s.commD(), s.replicaId(), seed, ticket);
            Path tmp = c1Dir.resolve(file.getFileName() + ".tmp");
            try (OutputStream out = Files.newOutputStream(tmp)) {
                C1Writer.write(c1, out);
            }
            Files.move(tmp, file);
            progress.accept("sealed demo sector " + (i + 1) + "/" + sectors + " -> " + file);
        }
        return c1Dir;
    }

    private static byte[] random32(SecureRandom rnd) {
        byte[] b = new byte[32];
        rnd.nextBytes(b);
        return b;
    }
}
