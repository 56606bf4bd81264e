package io.c2spark.core.porep.c1;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.StreamWriteFeature;
import io.c2spark.core.porep.SectorShape;
import io.c2spark.core.porep.vanilla.proof.ColumnProof;
import io.c2spark.core.porep.vanilla.proof.EncodingProof;
import io.c2spark.core.porep.vanilla.proof.LabelingProof;
import io.c2spark.core.porep.vanilla.proof.MerkleProof;
import io.c2spark.core.porep.vanilla.proof.ReplicaColumnProof;
import io.c2spark.core.porep.vanilla.proof.TreeShape;
import io.c2spark.core.porep.vanilla.proof.VanillaProof;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Writes a {@link C1Output} as serde_json::to_vec writes SealCommitPhase1Output: compact (no
 * whitespace, no trailing newline), fields in struct declaration order, enums externally tagged
 * ({@code {"StackedDrg2KiBV1": [...]}}, {@code {"Single": {...}}}), 32-byte values as arrays of
 * integers, PhantomData as {@code null}. The output is byte for byte what the Rust API produces for
 * the same values.
 */
public final class C1Writer {
    private static final JsonFactory FACTORY = JsonFactory.builder()
            .disable(StreamWriteFeature.AUTO_CLOSE_TARGET)
            .build();

    private final JsonGenerator g;

    private C1Writer(JsonGenerator g) {
        this.g = g;
    }

    /** Writes {@code c1} to {@code file}, replacing it. */
    public static void write(C1Output c1, Path file) throws IOException {
        try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(file), 1 << 16)) {
            write(c1, out);
        }
    }

    /** Writes {@code c1} to {@code out} (flushed, not closed). */
    public static void write(C1Output c1, OutputStream out) throws IOException {
        checkCounts(c1);
        try (JsonGenerator g = FACTORY.createGenerator(out)) {
            new C1Writer(g).writeRoot(c1);
        }
    }

    private static void checkCounts(C1Output c1) {
        SectorShape shape = c1.registeredProof().shape();
        if (c1.vanillaProofs().length != shape.partitions()) {
            throw new IllegalArgumentException(shape.label() + " C1 needs " + shape.partitions() + " partitions, got "
                    + c1.vanillaProofs().length);
        }
        for (VanillaProof[] partition : c1.vanillaProofs()) {
            if (partition.length != shape.challengesPerPartition()) {
                throw new IllegalArgumentException(shape.label() + " C1 needs " + shape.challengesPerPartition()
                        + " challenges per partition, got " + partition.length);
            }
        }
    }

    private void writeRoot(C1Output c1) throws IOException {
        g.writeStartObject();
        g.writeStringField("registered_proof", c1.registeredProof().serdeName());
        g.writeFieldName("vanilla_proofs");
        g.writeStartObject();
        g.writeFieldName(c1.registeredProof().shape().vanillaProofKey());
        g.writeStartArray();
        for (VanillaProof[] partition : c1.vanillaProofs()) {
            g.writeStartArray();
            for (VanillaProof proof : partition) {
                writeVanillaProof(proof);
            }
            g.writeEndArray();
        }
        g.writeEndArray();
        g.writeEndObject();
        writeHashField("comm_r", c1.commR());
        writeHashField("comm_d", c1.commD());
        writeHashField("replica_id", c1.replicaId());
        writeHashField("seed", c1.seed());
        writeHashField("ticket", c1.ticket());
        g.writeEndObject();
    }

    private void writeVanillaProof(VanillaProof v) throws IOException {
        g.writeStartObject();
        g.writeFieldName("comm_d_proofs");
        writeMerkleProof(v.commDProofs());
        g.writeFieldName("comm_r_last_proof");
        writeMerkleProof(v.commRLastProof());
        g.writeFieldName("replica_column_proofs");
        writeReplicaColumnProof(v.replicaColumnProofs());
        g.writeFieldName("labeling_proofs");
        g.writeStartArray();
        for (LabelingProof l : v.labelingProofs()) {
            writeParentsObject(l.parents(), l.layerIndex(), l.node());
        }
        g.writeEndArray();
        g.writeFieldName("encoding_proof");
        EncodingProof e = v.encodingProof();
        writeParentsObject(e.parents(), e.layerIndex(), e.node());
        g.writeEndObject();
    }

    private void writeMerkleProof(MerkleProof m) throws IOException {
        TreeShape tree = m.shape();
        g.writeStartObject();
        g.writeFieldName("data");
        g.writeStartObject();
        g.writeFieldName(tree.variant().serdeName());
        g.writeStartObject();
        if (tree.variant() == TreeShape.Variant.SINGLE) {
            writeHashField("root", m.root());
            writeHashField("leaf", m.leaf());
            g.writeFieldName("path");
            writeInclusionPath(m, 0, tree.baseLevels());
        } else {
            g.writeFieldName("base_proof");
            writeInclusionPath(m, 0, tree.baseLevels());
            g.writeFieldName("sub_proof");
            writeInclusionPath(m, tree.baseLevels(), 1);
            if (tree.variant() == TreeShape.Variant.TOP) {
                g.writeFieldName("top_proof");
                writeInclusionPath(m, tree.baseLevels() + 1, 1);
            }
            writeHashField("root", m.root());
            writeHashField("leaf", m.leaf());
        }
        g.writeEndObject();
        g.writeEndObject();
        g.writeEndObject();
    }

    private void writeInclusionPath(MerkleProof m, int firstLevel, int count) throws IOException {
        TreeShape tree = m.shape();
        g.writeStartObject();
        g.writeFieldName("path");
        g.writeStartArray();
        for (int level = firstLevel; level < firstLevel + count; level++) {
            g.writeStartObject();
            g.writeFieldName("hashes");
            writeHashes(m.siblings(), tree.siblingOffset(level) * MerkleProof.HASH_BYTES, tree.arityAt(level) - 1);
            g.writeNumberField("index", m.indices()[level]);
            g.writeEndObject();
        }
        g.writeEndArray();
        g.writeEndObject();
    }

    private void writeReplicaColumnProof(ReplicaColumnProof r) throws IOException {
        g.writeStartObject();
        g.writeFieldName("c_x");
        writeColumnProof(r.cX());
        g.writeFieldName("drg_parents");
        writeColumnProofs(r.drgParents());
        g.writeFieldName("exp_parents");
        writeColumnProofs(r.expParents());
        g.writeEndObject();
    }

    private void writeColumnProofs(ColumnProof[] columns) throws IOException {
        g.writeStartArray();
        for (ColumnProof c : columns) {
            writeColumnProof(c);
        }
        g.writeEndArray();
    }

    private void writeColumnProof(ColumnProof c) throws IOException {
        g.writeStartObject();
        g.writeFieldName("column");
        g.writeStartObject();
        g.writeNumberField("index", c.index());
        g.writeFieldName("rows");
        writeHashes(c.rows(), 0, c.layers());
        g.writeNullField("_h");
        g.writeEndObject();
        g.writeFieldName("inclusion_proof");
        writeMerkleProof(c.inclusionProof());
        g.writeEndObject();
    }

    private void writeParentsObject(byte[] parents, int layerIndex, long node) throws IOException {
        g.writeStartObject();
        g.writeFieldName("parents");
        writeHashes(parents, 0, parents.length / MerkleProof.HASH_BYTES);
        g.writeNumberField("layer_index", layerIndex);
        g.writeNumberField("node", node);
        g.writeEndObject();
    }

    private void writeHashes(byte[] src, int offset, int count) throws IOException {
        g.writeStartArray();
        for (int i = 0; i < count; i++) {
            writeHash(src, offset + i * MerkleProof.HASH_BYTES);
        }
        g.writeEndArray();
    }

    private void writeHashField(String name, byte[] hash) throws IOException {
        g.writeFieldName(name);
        writeHash(hash, 0);
    }

    private void writeHash(byte[] src, int offset) throws IOException {
        g.writeStartArray();
        for (int j = 0; j < MerkleProof.HASH_BYTES; j++) {
            g.writeNumber(src[offset + j] & 0xFF);
        }
        g.writeEndArray();
    }
}
