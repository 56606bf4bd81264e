package io.c2spark.core.porep.sdr;

import static org.junit.jupiter.api.Assertions.*;

import io.c2spark.core.field.Fr;
import io.c2spark.core.porep.RegisteredSealProof;
import io.c2spark.core.porep.hash.Poseidon;
import io.c2spark.core.porep.vanilla.ColumnProof;
import io.c2spark.core.porep.vanilla.Domain;
import io.c2spark.core.porep.vanilla.EncodingProof;
import io.c2spark.core.porep.vanilla.LabelingProof;
import io.c2spark.core.porep.vanilla.MerkleProof;
import io.c2spark.core.porep.vanilla.ReplicaColumnProof;
import io.c2spark.core.porep.vanilla.VanillaProof;
import io.c2spark.core.porep.vanilla.VanillaProofException;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
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
        byte[] proverId = random32();
        byte[] ticket = random32();
        ticket[31] &= 0x3F;
        return Sealer.seal(proof, Fr32.pad(raw), proverId, RND.nextLong() >>> 1, ticket, null);
    }

    @Test
    void sealedSectorIsInternallyConsistent() {
        SealedSector s = seal2k(RegisteredSealProof.StackedDrg2KiBV1_1);
        assertEquals(64, s.treeD().leafCount());
        assertArrayEquals(ReplicaId.compute(s.proverId(), s.sectorId(), s.ticket(), s.commD().bytes(),
                RegisteredSealProof.StackedDrg2KiBV1_1.porepId()), s.replicaId());
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
            assertEquals(new Domain(h), s.treeC().leaf(v));
        }
        byte[] rc = new byte[64];
        s.commC().copyTo(rc, 0);
        s.commRLast().copyTo(rc, 32);
        byte[] commR = new byte[32];
        new Poseidon(2).hashBytes(rc, 0, commR, 0);
        assertEquals(new Domain(commR), s.commR());
    }

    @Test
    void challengesFollowTheInteractiveRule() {
        byte[] replicaId = random32();
        byte[] seed = random32();
        long[] c = Challenges.interactive(1L << 30, 18, replicaId, seed, 3);
        for (int i = 0; i < 18; i++) {
            byte[] j = {(byte) (54 + i), 0, 0, 0};
            byte[] h = io.c2spark.core.porep.hash.FilecoinSha256.digest().digest(concat(replicaId, seed, j));
            byte[] be = new byte[33];
            for (int b = 0; b < 32; b++) {
                be[32 - b] = h[b];
            }
            assertEquals(new BigInteger(be).mod(BigInteger.valueOf((1L << 30) - 1)).longValue() + 1, c[i]);
        }
        assertThrows(RuntimeException.class, () -> Challenges.partition(
                RegisteredSealProof.StackedDrg2KiBV1_1_Feat_SyntheticPoRep, replicaId, seed, 0));
    }

    @Test
    void vanillaProofsVerifyForBothApiVersions() throws VanillaProofException {
        for (RegisteredSealProof p : new RegisteredSealProof[] {RegisteredSealProof.StackedDrg2KiBV1,
            RegisteredSealProof.StackedDrg2KiBV1_1}) {
            SealedSector s = seal2k(p);
            byte[] seed = random32();
            List<List<VanillaProof>> proofs = VanillaProver.prove(s, seed);
            assertEquals(1, proofs.size());
            assertEquals(2, proofs.get(0).size());
            VanillaVerifier.verify(p, s.replicaId(), s.commD(), s.commR(), seed, proofs);
            VanillaProofException wrongSeed = assertThrows(VanillaProofException.class,
                    () -> VanillaVerifier.verify(p, s.replicaId(), s.commD(), s.commR(), random32(), proofs));
            assertEquals(0, wrongSeed.partition());
        }
    }

    @Test
    void corruptedFieldsAreNamed() {
        SealedSector s = seal2k(RegisteredSealProof.StackedDrg2KiBV1_1);
        byte[] seed = random32();
        VanillaProof good = VanillaProver.prove(s, seed).get(0).get(1);
        VanillaProof first = VanillaProver.prove(s, seed).get(0).get(0);

        ReplicaColumnProof rc = good.replicaColumnProofs();
        List<LabelingProof> labeling = new ArrayList<>(good.labelingProofs());
        LabelingProof l1 = labeling.get(1);
        List<Domain> parents = new ArrayList<>(l1.parents());
        parents.set(36, flip(parents.get(36)));
        labeling.set(1, new LabelingProof(parents, l1.layerIndex(), l1.node()));
        expectField(s, seed, first, new VanillaProof(good.commDProofs(), good.commRLastProof(), rc, labeling,
                good.encodingProof()), "labeling_proofs[1].parents");

        MerkleProof d = good.commDProofs();
        expectField(s, seed, first, new VanillaProof(MerkleProof.single(d.baseProof(), d.root(), flip(d.leaf())),
                good.commRLastProof(), rc, good.labelingProofs(), good.encodingProof()), "comm_d_proofs");

        List<ColumnProof> exp = new ArrayList<>(rc.expParents());
        ColumnProof e3 = exp.get(3);
        List<Domain> rows = new ArrayList<>(e3.column().rows());
        rows.set(0, flip(rows.get(0)));
        exp.set(3, new ColumnProof(new io.c2spark.core.porep.vanilla.Column(e3.column().index(), rows), e3.inclusionProof()));
        expectField(s, seed, first, new VanillaProof(good.commDProofs(), good.commRLastProof(),
                new ReplicaColumnProof(rc.cX(), rc.drgParents(), exp), good.labelingProofs(), good.encodingProof()),
                "replica_column_proofs.exp_parents[3].inclusion_proof.leaf");

        EncodingProof ep = good.encodingProof();
        expectField(s, seed, first, new VanillaProof(good.commDProofs(), good.commRLastProof(), rc,
                good.labelingProofs(), new EncodingProof(ep.parents(), 1, ep.node())), "encoding_proof");
    }

    private static void expectField(SealedSector s, byte[] seed, VanillaProof first, VanillaProof bad, String field) {
        VanillaProofException e = assertThrows(VanillaProofException.class, () -> VanillaVerifier.verify(
                s.proof(), s.replicaId(), s.commD(), s.commR(), seed, List.of(List.of(first, bad))));
        assertEquals(field, e.field(), e.getMessage());
        assertEquals(1, e.challengeIndex());
        assertEquals(0, e.partition());
    }

    private static Domain flip(Domain d) {
        byte[] b = d.bytes();
        b[0] ^= 1;
        return new Domain(b);
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
        return out;
    }
}
