package io.c2spark.core.porep.c1;

import io.c2spark.core.porep.vanilla.proof.ColumnProof;
import io.c2spark.core.porep.vanilla.proof.MerkleProof;
import io.c2spark.core.porep.vanilla.proof.TreeShape;
import io.c2spark.core.porep.vanilla.proof.VanillaProof;

/**
 * A plain string-building rendering of serde_json's output for SealCommitPhase1Output, written
 * straight from the upstream struct declarations (api seal.rs; rfp merkle/proof.rs, stacked/vanilla
 * params.rs, column.rs, column_proof.rs, labeling_proof.rs, encoding_proof.rs), kept beside
 * {@link C1Writer} as the simple reference it is compared with.
 */
final class SerdeJsonReference {
    private SerdeJsonReference() {
    }

    static String render(C1Output c1) {
        StringBuilder s = new StringBuilder();
        s.append("{\"registered_proof\":\"").append(c1.registeredProof().serdeName()).append("\",");
        s.append("\"vanilla_proofs\":{\"").append(c1.registeredProof().shape().vanillaProofKey()).append("\":[");
        for (int k = 0; k < c1.vanillaProofs().length; k++) {
            s.append(k > 0 ? ",[" : "[");
            VanillaProof[] partition = c1.vanillaProofs()[k];
            for (int i = 0; i < partition.length; i++) {
                if (i > 0) {
                    s.append(',');
                }
                proof(s, partition[i]);
            }
            s.append(']');
        }
        s.append("]}");
        s.append(",\"comm_r\":").append(bytes(c1.commR(), 0));
        s.append(",\"comm_d\":").append(bytes(c1.commD(), 0));
        s.append(",\"replica_id\":").append(bytes(c1.replicaId(), 0));
        s.append(",\"seed\":").append(bytes(c1.seed(), 0));
        s.append(",\"ticket\":").append(bytes(c1.ticket(), 0));
        return s.append('}').toString();
    }

    private static void proof(StringBuilder s, VanillaProof v) {
        s.append("{\"comm_d_proofs\":").append(merkle(v.commDProofs()));
        s.append(",\"comm_r_last_proof\":").append(merkle(v.commRLastProof()));
        s.append(",\"replica_column_proofs\":{\"c_x\":").append(column(v.replicaColumnProofs().cX()));
        s.append(",\"drg_parents\":[");
        ColumnProof[] drg = v.replicaColumnProofs().drgParents();
        for (int i = 0; i < drg.length; i++) {
            s.append(i > 0 ? "," : "").append(column(drg[i]));
        }
        s.append("],\"exp_parents\":[");
        ColumnProof[] exp = v.replicaColumnProofs().expParents();
        for (int i = 0; i < exp.length; i++) {
            s.append(i > 0 ? "," : "").append(column(exp[i]));
        }
        s.append("]},\"labeling_proofs\":[");
        for (int l = 0; l < v.labelingProofs().length; l++) {
            var p = v.labelingProofs()[l];
            s.append(l > 0 ? "," : "").append(parents(p.parents(), p.layerIndex(), p.node()));
        }
        s.append("],\"encoding_proof\":")
                .append(parents(v.encodingProof().parents(), v.encodingProof().layerIndex(), v.encodingProof().node()));
        s.append('}');
    }

    private static String parents(byte[] parents, int layer, long node) {
        return "{\"parents\":" + hashes(parents, 0, parents.length / 32) + ",\"layer_index\":" + layer + ",\"node\":"
                + node + "}";
    }

    private static String column(ColumnProof c) {
        return "{\"column\":{\"index\":" + c.index() + ",\"rows\":" + hashes(c.rows(), 0, c.layers())
                + ",\"_h\":null},\"inclusion_proof\":" + merkle(c.inclusionProof()) + "}";
    }

    private static String merkle(MerkleProof m) {
        TreeShape t = m.shape();
        String root = "\"root\":" + bytes(m.root(), 0);
        String leaf = "\"leaf\":" + bytes(m.leaf(), 0);
        String body = switch (t.variant()) {
            case SINGLE -> "{\"Single\":{" + root + "," + leaf + ",\"path\":" + path(m, 0, t.baseLevels()) + "}}";
            case SUB -> "{\"Sub\":{\"base_proof\":" + path(m, 0, t.baseLevels()) + ",\"sub_proof\":"
                    + path(m, t.baseLevels(), 1) + "," + root + "," + leaf + "}}";
            case TOP -> "{\"Top\":{\"base_proof\":" + path(m, 0, t.baseLevels()) + ",\"sub_proof\":"
                    + path(m, t.baseLevels(), 1) + ",\"top_proof\":" + path(m, t.baseLevels() + 1, 1) + "," + root
                    + "," + leaf + "}}";
        };
        return "{\"data\":" + body + "}";
    }

    private static String path(MerkleProof m, int first, int count) {
        StringBuilder s = new StringBuilder("{\"path\":[");
        for (int l = first; l < first + count; l++) {
            s.append(l > first ? "," : "").append("{\"hashes\":")
                    .append(hashes(m.siblings(), 32 * m.shape().siblingOffset(l), m.shape().arityAt(l) - 1))
                    .append(",\"index\":").append(m.indices()[l]).append('}');
        }
        return s.append("]}").toString();
    }

    private static String hashes(byte[] b, int off, int n) {
        StringBuilder s = new StringBuilder("[");
        for (int i = 0; i < n; i++) {
            s.append(i > 0 ? "," : "").append(bytes(b, off + 32 * i));
        }
        return s.append(']').toString();
    }

    private static String bytes(byte[] b, int off) {
        StringBuilder s = new StringBuilder("[");
        for (int j = 0; j < 32; j++) {
            s.append(j > 0 ? "," : "").append(b[off + j] & 0xFF);
        }
        return s.append(']').toString();
    }
}
