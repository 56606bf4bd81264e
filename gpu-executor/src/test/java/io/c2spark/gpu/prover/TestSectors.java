package io.c2spark.gpu.prover;

import io.c2spark.core.porep.RegisteredSealProof;
import io.c2spark.core.porep.c1.C1Output;
import io.c2spark.core.porep.seal.Fr32;
import io.c2spark.core.porep.seal.SealedSector;
import io.c2spark.core.porep.seal.Sealer;
import io.c2spark.core.porep.seal.SyntheticSector;
import io.c2spark.core.porep.seal.VanillaProver;
import java.util.Random;

/** C1 outputs for GPU tests and benchmarks: sealed sectors of random data, or synthetic sectors. */
final class TestSectors {
    private TestSectors() {
    }

    /** Sealed from random data; fine up to 8MiB (seconds), not for 512MiB (minutes). */
    static C1Output sealed(RegisteredSealProof kind, Random rnd) {
        byte[] raw = new byte[(int) (kind.shape().sectorBytes() / 128 * 127)];
        rnd.nextBytes(raw);
        byte[] ticket = fr(rnd);
        SealedSector sector = Sealer.seal(kind, Fr32.pad(raw), bytes(rnd), rnd.nextLong() >>> 1, ticket, null);
        byte[] chainSeed = bytes(rnd);
        return new C1Output(kind, VanillaProver.prove(sector, chainSeed), sector.commR(), sector.commD(), sector.replicaId(),
                chainSeed, ticket);
    }

    /** Synthetic: real challenged nodes, parents and paths, fixed filler elsewhere. */
    static C1Output synthetic(RegisteredSealProof kind, Random rnd) {
        return SyntheticSector.c1(kind, bytes(rnd), rnd.nextLong() >>> 1, fr(rnd), bytes(rnd), m -> { });
    }

    /** Sealed up to 8MiB, synthetic above. */
    static C1Output of(RegisteredSealProof kind, Random rnd) {
        return kind.shape().sectorBytes() <= 8L << 20 ? sealed(kind, rnd) : synthetic(kind, rnd);
    }

    static byte[] bytes(Random rnd) {
        byte[] b = new byte[32];
        rnd.nextBytes(b);
        return b;
    }

    /** 32 bytes below the field modulus (tickets are field elements in the circuit's inputs). */
    static byte[] fr(Random rnd) {
        byte[] b = bytes(rnd);
        b[31] &= 0x3F;
        return b;
    }
}
