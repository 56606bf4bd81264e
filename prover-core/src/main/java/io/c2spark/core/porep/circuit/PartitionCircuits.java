package io.c2spark.core.porep.circuit;

import io.c2spark.core.field.Fr;
import io.c2spark.core.gadgets.AuthPath;
import io.c2spark.core.porep.RegisteredSealProof;
import io.c2spark.core.porep.c1.C1Output;
import io.c2spark.core.porep.vanilla.proof.ColumnProof;
import io.c2spark.core.porep.vanilla.proof.MerkleProof;
import io.c2spark.core.porep.vanilla.proof.TreeShape;
import io.c2spark.core.porep.vanilla.proof.VanillaProof;
import java.util.ArrayList;
import java.util.List;

/**
 * Builds a partition's circuit from a C1 file's vanilla proofs, as upstream's
 * {@code From<VanillaProof> for Proof} and StackedCompound::circuit do: comm_r_last and comm_c are
 * the roots of the first challenge's tree_r_last and tree_c paths.
 */
public final class PartitionCircuits {
    private PartitionCircuits() {
    }

    /** The circuit of one partition of a C1 output. */
    public static StackedCircuit of(C1Output c1, int partition) {
        return of(c1.registeredProof(), c1.replicaId(), c1.commD(), c1.commR(), c1.vanillaProofs()[partition]);
    }

    /** The circuit of one partition from the sector's public values and that partition's vanilla proofs. */
    public static StackedCircuit of(RegisteredSealProof registeredProof, byte[] replicaId, byte[] commD, byte[] commR,
            VanillaProof[] proofs) {
        if (proofs.length == 0) {
            throw new IllegalArgumentException("a partition without challenges");
        }
        int layers = registeredProof.shape().layers();
        long[] commitments = new long[5 * Fr.LIMBS];
        readFr(replicaId, 0, commitments, 0, "replica_id");
        readFr(commD, 0, commitments, Fr.LIMBS, "comm_d");
        readFr(commR, 0, commitments, 2 * Fr.LIMBS, "comm_r");
        readFr(proofs[0].commRLastProof().root(), 0, commitments, 3 * Fr.LIMBS, "comm_r_last");
        readFr(proofs[0].replicaColumnProofs().cX().inclusionProof().root(), 0, commitments, 4 * Fr.LIMBS, "comm_c");
        List<ChallengeWitness> challenges = new ArrayList<>(proofs.length);
        for (VanillaProof p : proofs) {
            challenges.add(challenge(p, layers));
        }
        return new StackedCircuit(layers, commitments, challenges);
    }

    static ChallengeWitness challenge(VanillaProof p, int layers) {
        long[] dataLeaf = new long[Fr.LIMBS];
        readFr(p.commDProofs().leaf(), 0, dataLeaf, 0, "comm_d_proofs.leaf");
        ColumnProof[] drg = p.replicaColumnProofs().drgParents();
        ColumnProof[] exp = p.replicaColumnProofs().expParents();
        long[][] drgColumns = new long[drg.length][];
        AuthPath[] drgPaths = new AuthPath[drg.length];
        for (int i = 0; i < drg.length; i++) {
            drgColumns[i] = column(drg[i], layers);
            drgPaths[i] = path(drg[i].inclusionProof());
        }
        long[][] expColumns = new long[exp.length][];
        AuthPath[] expPaths = new AuthPath[exp.length];
        for (int i = 0; i < exp.length; i++) {
            expColumns[i] = column(exp[i], layers);
            expPaths[i] = path(exp[i].inclusionProof());
        }
        return new ChallengeWitness(dataLeaf, p.labelingProofs()[0].node(), path(p.commDProofs()),
                path(p.commRLastProof()), path(p.replicaColumnProofs().cX().inclusionProof()), drgColumns, drgPaths,
                expColumns, expPaths);
    }

    private static long[] column(ColumnProof c, int layers) {
        if (c.layers() != layers) {
            throw new IllegalArgumentException("column of node " + c.index() + " has " + c.layers() + " rows, expected "
                    + layers);
        }
        long[] out = new long[layers * Fr.LIMBS];
        for (int r = 0; r < layers; r++) {
            readFr(c.rows(), 32 * r, out, r * Fr.LIMBS, "column row " + r);
        }
        return out;
    }

    /** A vanilla Merkle proof as the circuit's path: arities, positions and siblings per level. */
    public static AuthPath path(MerkleProof proof) {
        TreeShape shape = proof.shape();
        int levels = shape.levels();
        int[] arities = new int[levels];
        int[] indices = proof.indices().clone();
        long[][] siblings = new long[levels][];
        byte[] s = proof.siblings();
        for (int l = 0; l < levels; l++) {
            arities[l] = shape.arityAt(l);
            siblings[l] = new long[(arities[l] - 1) * Fr.LIMBS];
            int base = 32 * shape.siblingOffset(l);
            for (int k = 0; k < arities[l] - 1; k++) {
                readFr(s, base + 32 * k, siblings[l], k * Fr.LIMBS, "sibling");
            }
        }
        return new AuthPath(arities, indices, siblings, shape.baseLevels(), shape.subArity() > 0 ? 1 : 0);
    }

    private static void readFr(byte[] src, int off, long[] dst, int dstOff, String what) {
        if (!Fr.FIELD.fromBytesLE(src, off, dst, dstOff)) {
            throw new IllegalArgumentException(what + " is not a canonical field element");
        }
    }
}
