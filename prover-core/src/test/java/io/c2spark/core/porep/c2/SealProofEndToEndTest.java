package io.c2spark.core.porep.c2;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.c2spark.core.groth16.CpuProver;
import io.c2spark.core.groth16.ParameterFiles;
import io.c2spark.core.groth16.Parameters;
import io.c2spark.core.groth16.ProofEncoding;
import io.c2spark.core.groth16.VerifyingKey;
import io.c2spark.core.porep.RegisteredSealProof;
import io.c2spark.core.porep.SectorShape;
import io.c2spark.core.porep.c1.C1Output;
import io.c2spark.core.porep.sdr.Fr32;
import io.c2spark.core.porep.sdr.SealedSector;
import io.c2spark.core.porep.sdr.Sealer;
import io.c2spark.core.porep.sdr.VanillaProver;
import io.c2spark.core.porep.vanilla.VanillaProof;
import io.c2spark.core.porep.vanilla.VanillaProofException;
import io.c2spark.core.r1cs.R1csShape;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * C2 of a really sealed 2KiB sector on the CPU: test parameters, a 192-byte seal proof, and its
 * verification from replica_id, comm_d, comm_r and the seed alone; a tampered proof, a wrong seed and
 * a corrupted C1 are refused.
 */
class SealProofEndToEndTest {
    private static final Random RND = new Random();

    private static byte[] random32() {
        byte[] b = new byte[32];
        RND.nextBytes(b);
        return b;
    }

    @Test
    void sealProveVerify2KiB(@TempDir Path dir) throws Exception {
        RegisteredSealProof proof = RegisteredSealProof.STACKED_DRG_2KIB_V1_1;
        byte[] raw = new byte[2048 / 128 * 127];
        RND.nextBytes(raw);
        byte[] ticket = random32();
        ticket[31] &= 0x3F;
        SealedSector s = Sealer.seal(proof, Fr32.pad(raw), random32(), RND.nextLong() >>> 1, ticket, null);
        byte[] seed = random32();
        VanillaProof[][] vanilla = VanillaProver.prove(s, seed);
        C1Output c1 = new C1Output(proof, vanilla, s.commR(), s.commD(), s.replicaId(), seed, ticket);

        StringBuilder log = new StringBuilder();
        assertTrue(PorepParameters.ensure(SectorShape.SIZE_2KIB, dir, m -> log.append(m).append('\n')));
        assertTrue(PorepParameters.paramsFile(dir, SectorShape.SIZE_2KIB).getFileName().toString().contains("insecure"));
        Parameters params = ParameterFiles.readParams(PorepParameters.paramsFile(dir, SectorShape.SIZE_2KIB), false);
        VerifyingKey vk = ParameterFiles.readVk(PorepParameters.vkFile(dir, SectorShape.SIZE_2KIB));
        R1csShape shape = PorepParameters.circuitShape(SectorShape.SIZE_2KIB);
        CpuProver prover = new CpuProver(shape, params);

        byte[] sealProof = SealProver.prove(c1, prover, RND, m -> log.append(m).append('\n'));
        assertEquals(ProofEncoding.BYTES, sealProof.length);
        assertEquals(-1, SealVerifier.firstInvalidPartition(proof, s.replicaId(), s.commD(), s.commR(), seed, vk,
                sealProof), log::toString);

        assertEquals(0, SealVerifier.firstInvalidPartition(proof, s.replicaId(), s.commD(), s.commR(), random32(), vk,
                sealProof), "a proof for another seed must fail");
        byte[] tampered = sealProof.clone();
        tampered[100] ^= 4;
        assertEquals(0, SealVerifier.firstInvalidPartition(proof, s.replicaId(), s.commD(), s.commR(), seed, vk,
                tampered));

        VanillaProof p = vanilla[0][0];
        byte[] parents = p.labelingProofs()[0].parents().clone();
        parents[5] ^= 1;
        VanillaProof[][] bad = {{new VanillaProof(p.commDProofs(), p.commRLastProof(), p.replicaColumnProofs(),
                new io.c2spark.core.porep.vanilla.LabelingProof[] {
                    new io.c2spark.core.porep.vanilla.LabelingProof(parents, p.labelingProofs()[0].layerIndex(),
                            p.labelingProofs()[0].node()), p.labelingProofs()[1]}, p.encodingProof()), vanilla[0][1]}};
        C1Output badC1 = new C1Output(proof, bad, s.commR(), s.commD(), s.replicaId(), seed, ticket);
        VanillaProofException e = assertThrows(VanillaProofException.class,
                () -> SealProver.prove(badC1, prover, RND, m -> { }));
        assertTrue(e.getMessage().contains("labeling_proofs[0]"), e.getMessage());
    }
}
