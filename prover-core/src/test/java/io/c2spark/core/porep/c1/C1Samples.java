package io.c2spark.core.porep.c1;

import io.c2spark.core.porep.RegisteredSealProof;
import io.c2spark.core.porep.SectorShape;
import io.c2spark.core.porep.seal.Fr32;
import io.c2spark.core.porep.seal.SealedSector;
import io.c2spark.core.porep.seal.Sealer;
import io.c2spark.core.porep.seal.VanillaProver;
import io.c2spark.core.porep.vanilla.proof.ColumnProof;
import io.c2spark.core.porep.vanilla.proof.EncodingProof;
import io.c2spark.core.porep.vanilla.proof.LabelingProof;
import io.c2spark.core.porep.vanilla.proof.MerkleProof;
import io.c2spark.core.porep.vanilla.proof.ReplicaColumnProof;
import io.c2spark.core.porep.vanilla.proof.TreeShape;
import io.c2spark.core.porep.vanilla.proof.VanillaProof;
import java.util.Random;

/**
 * C1 outputs for tests: random but well-shaped ones (every count, length and range is what the
 * sector size demands; the values are random field elements, no hash relation holds between them),
 * and really sealed 2KiB sectors.
 */
public final class C1Samples {
    private C1Samples() {
    }

    public static C1Output random(RegisteredSealProof proof, Random rnd) {
        SectorShape shape = proof.shape();
        VanillaProof[][] proofs = new VanillaProof[shape.partitions()][shape.challengesPerPartition()];
        for (VanillaProof[] partition : proofs) {
            for (int i = 0; i < partition.length; i++) {
                partition[i] = vanillaProof(shape, rnd);
            }
        }
        byte[] seed = new byte[32];
        byte[] ticket = new byte[32];
        rnd.nextBytes(seed);
        rnd.nextBytes(ticket);
        return new C1Output(proof, proofs, fieldElements(rnd, 1), fieldElements(rnd, 1), fieldElements(rnd, 1),
                seed, ticket);
    }

    /** A sealed 2KiB sector's C1 output, with its vanilla proofs: the same one for the same rnd state. */
    public static C1Output sealed2KiB(Random rnd) {
        RegisteredSealProof proof = RegisteredSealProof.STACKED_DRG_2KIB_V1_1;
        byte[] raw = new byte[2048 / 128 * 127];
        rnd.nextBytes(raw);
        byte[] proverId = new byte[32];
        byte[] ticket = new byte[32];
        byte[] seed = new byte[32];
        rnd.nextBytes(proverId);
        rnd.nextBytes(ticket);
        rnd.nextBytes(seed);
        ticket[31] &= 0x3F;
        SealedSector s = Sealer.seal(proof, Fr32.pad(raw), proverId, rnd.nextLong() >>> 1, ticket, null);
        return new C1Output(proof, VanillaProver.prove(s, seed), s.commR(), s.commD(), s.replicaId(), seed, ticket);
    }

    static VanillaProof vanillaProof(SectorShape shape, Random rnd) {
        long challenge = 1 + (long) (rnd.nextDouble() * (shape.nodes() - 1));
        ColumnProof[] drg = new ColumnProof[VanillaProof.DRG_PARENTS];
        ColumnProof[] exp = new ColumnProof[VanillaProof.EXP_PARENTS];
        for (int i = 0; i < drg.length; i++) {
            drg[i] = columnProof(shape, rnd, (long) (rnd.nextDouble() * shape.nodes()));
        }
        for (int i = 0; i < exp.length; i++) {
            exp[i] = columnProof(shape, rnd, (long) (rnd.nextDouble() * shape.nodes()));
        }
        LabelingProof[] labeling = new LabelingProof[shape.layers()];
        for (int l = 0; l < labeling.length; l++) {
            labeling[l] = new LabelingProof(fieldElements(rnd, VanillaProof.LABEL_PARENTS), l + 1, challenge);
        }
        return new VanillaProof(merkleProof(shape.treeD(), rnd, challenge), merkleProof(shape.treeR(), rnd, challenge),
                new ReplicaColumnProof(columnProof(shape, rnd, challenge), drg, exp), labeling,
                new EncodingProof(fieldElements(rnd, VanillaProof.LABEL_PARENTS), shape.layers(), challenge));
    }

    static ColumnProof columnProof(SectorShape shape, Random rnd, long node) {
        return new ColumnProof(node, fieldElements(rnd, shape.layers()), merkleProof(shape.treeR(), rnd, node));
    }

    /** A path to {@code leafIndex} with random root, leaf and siblings. */
    static MerkleProof merkleProof(TreeShape tree, Random rnd, long leafIndex) {
        int[] indices = new int[tree.levels()];
        long rest = leafIndex;
        for (int l = 0; l < indices.length; l++) {
            indices[l] = (int) (rest % tree.arityAt(l));
            rest /= tree.arityAt(l);
        }
        return new MerkleProof(tree, fieldElements(rnd, 1), fieldElements(rnd, 1),
                fieldElements(rnd, tree.siblingCount()), indices);
    }

    /** {@code n} random 32-byte values below 2^254, hence canonical Fr encodings. */
    static byte[] fieldElements(Random rnd, int n) {
        byte[] out = new byte[32 * n];
        rnd.nextBytes(out);
        for (int i = 0; i < n; i++) {
            out[32 * i + 31] &= 0x3F;
        }
        return out;
    }
}
