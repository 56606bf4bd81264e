package io.c2spark.core.porep.seal;

import static org.junit.jupiter.api.Assertions.*;

import io.c2spark.core.porep.RegisteredSealProof;
import io.c2spark.core.porep.c1.C1Output;
import io.c2spark.core.porep.vanilla.proof.VanillaProof;
import io.c2spark.core.porep.vanilla.proof.VanillaProofException;
import java.util.HexFormat;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

class SyntheticSectorTest {
    private static C1Output synth(RegisteredSealProof proof) {
        byte[] ticket = SealAndProveTest.random32();
        ticket[31] &= 0x3F;
        long t0 = System.nanoTime();
        C1Output c1 = SyntheticSector.c1(proof, SealAndProveTest.random32(), 7, ticket, SealAndProveTest.random32(),
                System.out::println);
        System.out.printf("synthetic %s C1 in %.1f s%n", proof.serdeName(), (System.nanoTime() - t0) / 1e9);
        return c1;
    }

    private static void verify(C1Output c1) throws VanillaProofException {
        VanillaVerifier.verify(c1.registeredProof(), c1.replicaId(), c1.commD(), c1.commR(), c1.seed(), c1.vanillaProofs());
    }

    @Test
    void synthetic2KiBVerifiesAndHasTheEmptySectorCommD() throws Exception {
        for (RegisteredSealProof p : new RegisteredSealProof[] {RegisteredSealProof.STACKED_DRG_2KIB_V1_1,
            RegisteredSealProof.STACKED_DRG_2KIB_V1}) {
            C1Output c1 = synth(p);
            verify(c1);
            // rfp filecoin-proofs/tests/pieces.rs: empty 2KiB comm_d starts fc7e9282.
            assertTrue(HexFormat.of().formatHex(c1.commD()).startsWith("fc7e9282"));
            C1Output back = SealAndProveTest.roundTrip(c1);
            assertEquals(c1, back);
            verify(back);
        }
    }

    @Test
    void synthetic8MiBVerifiesAndATamperedCommRIsRefused() throws Exception {
        C1Output c1 = synth(RegisteredSealProof.STACKED_DRG_8MIB_V1_1);
        verify(c1);
        byte[] commR = c1.commR().clone();
        commR[3] ^= 1;
        VanillaProofException e = assertThrows(VanillaProofException.class, () -> VanillaVerifier.verify(
                c1.registeredProof(), c1.replicaId(), c1.commD(), commR, c1.seed(), c1.vanillaProofs()));
        assertEquals("comm_r", e.field());
    }

    @Tag("slow")
    @Test
    void synthetic32GiBVerifies() throws Exception {
        C1Output c1 = synth(RegisteredSealProof.STACKED_DRG_32GIB_V1_1);
        assertEquals(10, c1.partitions());
        assertEquals(180, c1.challenges());
        VanillaProof any = c1.vanillaProofs()[9][17];
        assertEquals(11, any.labelingProofs().length);
        verify(c1);
    }
}
