package io.c2spark.core.porep.circuit;

import io.c2spark.core.field.Fr;
import io.c2spark.core.gadgets.AuthPath;
import io.c2spark.core.gadgets.LabelGadget;
import io.c2spark.core.gadgets.Multipack;
import io.c2spark.core.gadgets.Num;
import io.c2spark.core.gadgets.PorGadget;
import io.c2spark.core.gadgets.PoseidonCircuitHasher;
import io.c2spark.core.gadgets.PoseidonGadget;
import io.c2spark.core.gadgets.Sha256CircuitHasher;
import io.c2spark.core.gadgets.UInt32;
import io.c2spark.core.gadgets.UInt64;
import io.c2spark.core.r1cs.BlockCircuit;
import io.c2spark.core.r1cs.ConstraintSystem;
import io.c2spark.core.porep.SectorShape;
import java.util.ArrayList;
import java.util.List;

/**
 * One PoRep partition's circuit, constraint for constraint as Filecoin's StackedCircuit
 * (storage-proofs-porep stacked/circuit/proof.rs and params.rs): replica_id, comm_d and comm_r as
 * public inputs, comm_r = Poseidon(comm_c, comm_r_last), then per challenge the data leaf's tree_d
 * inclusion, the parents' columns and their tree_c inclusions, the challenge as a public input, the
 * labels of every layer recomputed, the encoding checked against tree_r_last, and the challenged
 * column's hash against tree_c.
 *
 * @param commitments replica_id, comm_d, comm_r, comm_r_last, comm_c: 5 Fr values, 4 limbs each
 */
public record StackedCircuit(int layers, long[] commitments, List<ChallengeWitness> challenges)
        implements BlockCircuit<StackedCircuit.Commitments> {

    /**
     * The prefix's variables every challenge uses: comm_d, comm_c, comm_r_last and replica_id's bits
     * (as {@link Multipack#reverseBitNumbering} gives them).
     */
    public record Commitments(Num commD, Num commC, Num commRLast, long[] replicaIdBits) {
    }

    /** A partition circuit of the sector size's shape with zero values, for the shape and count modes. */
    public static StackedCircuit blank(SectorShape shape, int challenges) {
        List<ChallengeWitness> blank = new ArrayList<>(challenges);
        for (int i = 0; i < challenges; i++) {
            blank.add(ChallengeWitness.blank(shape.layers(), shape.treeD(), shape.treeR()));
        }
        return new StackedCircuit(shape.layers(), new long[5 * Fr.LIMBS], blank);
    }

    @Override
    public Commitments synthesizePrefix(ConstraintSystem cs) {
        Num replicaId = alloc(cs, "replica_id", 0);
        try (var ns = cs.namespace(() -> "replica_id_input")) {
            replicaId.inputize(cs);
        }
        long[] replicaIdBits;
        try (var ns = cs.namespace(() -> "replica_id_bits")) {
            replicaIdBits = Multipack.reverseBitNumbering(replicaId.toBitsLe(cs));
        }
        Num commD = alloc(cs, "comm_d", 1);
        try (var ns = cs.namespace(() -> "comm_d_input")) {
            commD.inputize(cs);
        }
        Num commR = alloc(cs, "comm_r", 2);
        try (var ns = cs.namespace(() -> "comm_r_input")) {
            commR.inputize(cs);
        }
        Num commRLast = alloc(cs, "comm_r_last", 3);
        Num commC = alloc(cs, "comm_c", 4);
        Num hash;
        try (var ns = cs.namespace(() -> "H_comm_c_comm_r_last")) {
            hash = PoseidonGadget.hash(cs, new Num[] {commC, commRLast});
        }
        Num.enforceEqual(cs, "enforce comm_r = H(comm_c || comm_r_last)", commR, hash);
        return new Commitments(commD, commC, commRLast, replicaIdBits);
    }

    @Override
    public int blockCount() {
        return challenges.size();
    }

    @Override
    public void synthesizeBlock(ConstraintSystem cs, Commitments prefix, int k) {
        try (var ns = cs.namespace(() -> "challenge_" + k)) {
            synthesizeChallenge(cs, challenges.get(k), prefix.commD(), prefix.commC(), prefix.commRLast(),
                    prefix.replicaIdBits());
        }
    }

    private Num alloc(ConstraintSystem cs, String name, int index) {
        long[] v = new long[Fr.LIMBS];
        System.arraycopy(commitments, index * Fr.LIMBS, v, 0, Fr.LIMBS);
        try (var ns = cs.namespace(() -> name)) {
            return Num.alloc(cs, v);
        }
    }

    private static Num[] allocColumn(ConstraintSystem cs, long[] column, int layers) {
        Num[] rows = new Num[layers];
        try (var ns = cs.namespace(() -> "column")) {
            for (int r = 0; r < layers; r++) {
                long[] v = new long[Fr.LIMBS];
                System.arraycopy(column, r * Fr.LIMBS, v, 0, Fr.LIMBS);
                int rr = r;
                try (var n = cs.namespace(() -> "column_num_row_" + rr)) {
                    rows[r] = Num.alloc(cs, v);
                }
            }
        }
        return rows;
    }

    private static Num[][] parentColumns(ConstraintSystem cs, String kind, long[][] columns,
            AuthPath[] paths, Num commC, int layers) {
        Num[][] out = new Num[columns.length][];
        for (int i = 0; i < columns.length; i++) {
            int k = i;
            try (var ns = cs.namespace(() -> kind + "_parent_" + k + "_num")) {
                out[i] = allocColumn(cs, columns[i], layers);
            }
            Num colHash;
            try (var ns = cs.namespace(() -> kind + "_parent_" + k + "_constraint")) {
                colHash = PoseidonGadget.hash(cs, out[i]);
            }
            try (var ns = cs.namespace(() -> kind + "_parent_" + k + "_inclusion")) {
                PorGadget.enforceInclusion(cs, PoseidonCircuitHasher.INSTANCE, paths[i], commC, colHash);
            }
        }
        return out;
    }

    private void synthesizeChallenge(ConstraintSystem cs, ChallengeWitness w, Num commD, Num commC, Num commRLast,
            long[] replicaIdBits) {
        Num dataLeaf;
        try (var ns = cs.namespace(() -> "data_leaf")) {
            dataLeaf = Num.alloc(cs, w.dataLeaf());
        }
        try (var ns = cs.namespace(() -> "comm_d_inclusion")) {
            PorGadget.enforceInclusion(cs, Sha256CircuitHasher.INSTANCE, w.commDPath(), commD, dataLeaf);
        }
        Num[][] drg = parentColumns(cs, "drg", w.drgColumns(), w.drgPaths(), commC, layers);
        Num[][] exp = parentColumns(cs, "exp", w.expColumns(), w.expPaths(), commC, layers);

        UInt64 challenge;
        try (var ns = cs.namespace(() -> "challenge")) {
            challenge = UInt64.alloc(cs, w.challenge());
        }
        try (var ns = cs.namespace(() -> "challenge input")) {
            challenge.packIntoInput(cs);
        }
        Num[] columnLabels = new Num[layers];
        for (int layer = 1; layer <= layers; layer++) {
            int l = layer;
            try (var ns = cs.namespace(() -> "labeling_" + l)) {
                int count = layer > 1 ? drg.length + exp.length : drg.length;
                long[][] parents = new long[count][];
                for (int p = 0; p < drg.length; p++) {
                    int pp = p;
                    try (var n = cs.namespace(() -> "drg_parent_" + pp + "_bits")) {
                        parents[p] = Multipack.reverseBitNumbering(drg[p][layer - 1].toBitsLe(cs));
                    }
                }
                if (layer > 1) {
                    for (int p = 0; p < exp.length; p++) {
                        int pp = drg.length + p;
                        try (var n = cs.namespace(() -> "exp_parent_" + pp + "_bits")) {
                            parents[drg.length + p] = Multipack.reverseBitNumbering(exp[p][layer - 2].toBitsLe(cs));
                        }
                    }
                }
                long[][] expanded = expandParents(parents);
                try (var n = cs.namespace(() -> "create_label")) {
                    columnLabels[layer - 1] = LabelGadget.createLabel(cs, replicaIdBits, expanded,
                            UInt32.constant(layer), challenge);
                }
            }
        }
        Num encoded;
        try (var ns = cs.namespace(() -> "encode_node")) {
            try (var n = cs.namespace(() -> "encode_add")) {
                encoded = Num.add(cs, columnLabels[layers - 1], dataLeaf);
            }
        }
        try (var ns = cs.namespace(() -> "comm_r_last_data_inclusion")) {
            PorGadget.enforceInclusion(cs, PoseidonCircuitHasher.INSTANCE, w.commRLastPath(), commRLast, encoded);
        }
        Num columnHash;
        try (var ns = cs.namespace(() -> "c_x_column_hash")) {
            columnHash = PoseidonGadget.hash(cs, columnLabels);
        }
        try (var ns = cs.namespace(() -> "c_x_inclusion")) {
            PorGadget.enforceInclusion(cs, PoseidonCircuitHasher.INSTANCE, w.commCPath(), commC, columnHash);
        }
    }

    /** The 37 parents hashed per label: layer 1 repeats its 6 DRG parents, later layers their 14. */
    static long[][] expandParents(long[][] parents) {
        long[][] out = new long[LabelGadget.TOTAL_PARENTS][];
        for (int i = 0; i < out.length; i++) {
            out[i] = parents[i % parents.length];
        }
        return out;
    }
}
