package io.c2spark.core.porep.seal;

import static org.junit.jupiter.api.Assertions.*;

import io.c2spark.core.field.Fr;
import io.c2spark.core.porep.RegisteredSealProof;
import io.c2spark.core.porep.c1.C1Output;
import io.c2spark.core.porep.c1.C1Reader;
import io.c2spark.core.porep.c1.C1Writer;
import io.c2spark.core.porep.hash.FilecoinSha256;
import io.c2spark.core.poseidon.Poseidon;
import io.c2spark.core.porep.vanilla.proof.ColumnProof;
import io.c2spark.core.porep.vanilla.proof.EncodingProof;
import io.c2spark.core.porep.vanilla.proof.LabelingProof;
import io.c2spark.core.porep.vanilla.proof.MerkleProof;
import io.c2spark.core.porep.vanilla.proof.ReplicaColumnProof;
import io.c2spark.core.porep.vanilla.proof.VanillaProof;
import io.c2spark.core.porep.vanilla.proof.VanillaProofException;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

class SealAndProveTest {
    private static final Random RND = new Random();

    static byte[] random32() {
        byte[] b = new byte[32];
        RND.nextBytes(b);
        return b;
    }

    static SealedSector seal2k(RegisteredSealProof proof) {
        byte[] raw = new byte[2048 / 128 * 127];
        RND.nextBytes(raw);
        byte[] ticket = random32();
        ticket[31] &= 0x3F;
        return Sealer.seal(proof, Fr32.pad(raw), random32(), RND.nextLong() >>> 1, ticket, null);
    }

    @Test
    void sealedSectorIsInternallyConsistent() {
        RegisteredSealProof proof = RegisteredSealProof.STACKED_DRG_2KIB_V1_1;
        SealedSector s = seal2k(proof);
        assertArrayEquals(ReplicaId.compute(s.proverId(), s.sectorId(), s.ticket(), s.commD(), proof.porepId()),
                s.replicaId());
        BigInteger r = Fr.MODULUS;
        for (int v : new int[] {0, 1, 17, 63}) {
            BigInteger key = le(s.labels()[1], v);
            BigInteger data = le(s.data(), v);
            assertEquals(key.add(data).mod(r), le(s.replica(), v), "replica node " + v);
            byte[] col = new byte[64];
            System.arraycopy(s.labels()[0], 32 * v, col, 0, 32);
            System.arraycopy(s.labels()[1], 32 * v, col, 32, 32);
            byte[] h = new byte[32];
            new Poseidon(2).hashBytes(col, 0, h, 0);
            assertArrayEquals(h, s.treeC().leaf(v));
        }
        byte[] rc = new byte[64];
        System.arraycopy(s.commC(), 0, rc, 0, 32);
        System.arraycopy(s.commRLast(), 0, rc, 32, 32);
        byte[] commR = new byte[32];
        new Poseidon(2).hashBytes(rc, 0, commR, 0);
        assertArrayEquals(commR, s.commR());
    }

    @Test
    void challengesFollowTheInteractiveRule() {
        byte[] replicaId = random32();
        byte[] seed = random32();
        long[] c = Challenges.interactive(1L << 30, 18, replicaId, seed, 3);
        for (int i = 0; i < 18; i++) {
            byte[] j = {(byte) (54 + i), 0, 0, 0};
            byte[] h = FilecoinSha256.digest().digest(concat(replicaId, seed, j));
            byte[] be = new byte[33];
            for (int b = 0; b < 32; b++) {
                be[32 - b] = h[b];
            }
            assertEquals(new BigInteger(be).mod(BigInteger.valueOf((1L << 30) - 1)).longValue() + 1, c[i]);
        }
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Challenges.partition(
                RegisteredSealProof.STACKED_DRG_2KIB_V1_1_SYNTHETIC, replicaId, seed, 0));
        assertTrue(e.getMessage().contains("synthetic"), e.getMessage());
    }

    @Test
    void vanillaProofsVerifyAndSurviveTheC1FileRoundTrip() throws Exception {
        for (RegisteredSealProof p : new RegisteredSealProof[] {RegisteredSealProof.STACKED_DRG_2KIB_V1,
            RegisteredSealProof.STACKED_DRG_2KIB_V1_1}) {
            SealedSector s = seal2k(p);
            byte[] seed = random32();
            VanillaProof[][] proofs = VanillaProver.prove(s, seed);
            assertEquals(1, proofs.length);
            assertEquals(2, proofs[0].length);
            VanillaVerifier.verify(p, s.replicaId(), s.commD(), s.commR(), seed, proofs);
            // A 2KiB sector has 63 challengeable nodes: another seed picks the same two about once in
            // 4,000 draws, and then the proofs rightly verify. Draw until the challenges differ.
            byte[] otherSeed = random32();
            while (Arrays.equals(Challenges.partition(p, s.replicaId(), otherSeed, 0),
                    Challenges.partition(p, s.replicaId(), seed, 0))) {
                otherSeed = random32();
            }
            byte[] wrong = otherSeed;
            VanillaProofException wrongSeed = assertThrows(VanillaProofException.class,
                    () -> VanillaVerifier.verify(p, s.replicaId(), s.commD(), s.commR(), wrong, proofs));
            assertEquals(0, wrongSeed.partition());

            C1Output c1 = new C1Output(p, proofs, s.commR(), s.commD(), s.replicaId(), seed, s.ticket());
            C1Output back = roundTrip(c1);
            assertEquals(c1, back);
            VanillaVerifier.verify(back.registeredProof(), back.replicaId(), back.commD(), back.commR(), back.seed(),
                    back.vanillaProofs());
        }
    }

    static C1Output roundTrip(C1Output c1) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        C1Writer.write(c1, bytes);
        return C1Reader.read(new ByteArrayInputStream(bytes.toByteArray()), "memory");
    }

    @Test
    void corruptedFieldsAreNamed() {
        SealedSector s = seal2k(RegisteredSealProof.STACKED_DRG_2KIB_V1_1);
        byte[] seed = random32();
        VanillaProof[] partition = VanillaProver.prove(s, seed)[0];
        VanillaProof first = partition[0];
        VanillaProof good = partition[1];
        ReplicaColumnProof rc = good.replicaColumnProofs();

        LabelingProof[] labeling = good.labelingProofs().clone();
        LabelingProof l1 = labeling[1];
        byte[] parents = l1.parents().clone();
        parents[36 * 32] ^= 1;
        labeling[1] = new LabelingProof(parents, l1.layerIndex(), l1.node());
        expectField(s, seed, first, new VanillaProof(good.commDProofs(), good.commRLastProof(), rc, labeling,
                good.encodingProof()), "labeling_proofs[1].parents");

        MerkleProof d = good.commDProofs();
        byte[] leaf = d.leaf().clone();
        leaf[0] ^= 1;
        expectField(s, seed, first, new VanillaProof(new MerkleProof(d.shape(), d.root(), leaf, d.siblings(), d.indices()),
                good.commRLastProof(), rc, good.labelingProofs(), good.encodingProof()), "comm_d_proofs");

        ColumnProof[] exp = rc.expParents().clone();
        ColumnProof e3 = exp[3];
        byte[] rows = e3.rows().clone();
        rows[0] ^= 1;
        exp[3] = new ColumnProof(e3.index(), rows, e3.inclusionProof());
        expectField(s, seed, first, new VanillaProof(good.commDProofs(), good.commRLastProof(),
                new ReplicaColumnProof(rc.cX(), rc.drgParents(), exp), good.labelingProofs(), good.encodingProof()),
                "replica_column_proofs.exp_parents[3].inclusion_proof.leaf");

        EncodingProof ep = good.encodingProof();
        expectField(s, seed, first, new VanillaProof(good.commDProofs(), good.commRLastProof(), rc,
                good.labelingProofs(), new EncodingProof(ep.parents(), 1, ep.node())), "encoding_proof");
    }

    private static void expectField(SealedSector s, byte[] seed, VanillaProof first, VanillaProof bad, String field) {
        VanillaProofException e = assertThrows(VanillaProofException.class, () -> VanillaVerifier.verify(
                s.proof(), s.replicaId(), s.commD(), s.commR(), seed, new VanillaProof[][] {{first, bad}}));
        assertEquals(field, e.field(), e.getMessage());
        assertEquals(1, e.challengeIndex());
        assertEquals(0, e.partition());
    }

    private static BigInteger le(byte[] a, int node) {
        byte[] be = new byte[33];
        for (int b = 0; b < 32; b++) {
            be[32 - b] = a[32 * node + b];
        }
        return new BigInteger(be);
    }

    private static byte[] concat(byte[]... parts) {
        int n = 0;
        for (byte[] p : parts) {
            n += p.length;
        }
        byte[] out = new byte[n];
        int o = 0;
        for (byte[] p : parts) {
            System.arraycopy(p, 0, out, o, p.length);
            o += p.length;
        }
        return Arrays.copyOf(out, n);
    }
}
