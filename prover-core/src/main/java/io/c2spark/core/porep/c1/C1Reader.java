package io.c2spark.core.porep.c1;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.core.io.JsonEOFException;
import io.c2spark.core.field.Fr;
import io.c2spark.core.input.Excerpt;
import io.c2spark.core.input.JsonProblems;
import io.c2spark.core.porep.RegisteredSealProof;
import io.c2spark.core.porep.SectorShape;
import io.c2spark.core.porep.vanilla.proof.ColumnProof;
import io.c2spark.core.porep.vanilla.proof.EncodingProof;
import io.c2spark.core.porep.vanilla.proof.LabelingProof;
import io.c2spark.core.porep.vanilla.proof.MerkleProof;
import io.c2spark.core.porep.vanilla.proof.ReplicaColumnProof;
import io.c2spark.core.porep.vanilla.proof.TreeShape;
import io.c2spark.core.porep.vanilla.proof.VanillaProof;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;

/**
 * Reads a C1 file (serde JSON of SealCommitPhase1Output) token by token, validating every value as
 * it arrives: JSON types, 32-byte hashes of bytes 0..255, hash values that are field elements below
 * the BLS12-381 scalar modulus, the partition, challenge, layer, parent and path-element counts the
 * sector size demands, path positions below the arity, node indices below the sector's node count.
 * Memory beyond the records it builds is a fixed parser buffer, whatever the file size.
 *
 * <p>Fields may come in any order, as serde accepts them; the sector size is known from
 * registered_proof or from the vanilla_proofs key, whichever comes first, and the two must agree.
 * Unknown and repeated fields are refused. Non-interactive PoRep files are refused (their counts
 * differ). Semantic checks (hashes, labels, challenge derivation) belong to the vanilla verifier.
 */
public final class C1Reader {
    private static final JsonFactory FACTORY = JsonFactory.builder()
            .disable(StreamReadFeature.AUTO_CLOSE_SOURCE)
            .build();

    private static final String[] ROOT_FIELDS =
            {"registered_proof", "vanilla_proofs", "comm_r", "comm_d", "replica_id", "seed", "ticket"};
    private static final String[] PROOF_FIELDS =
            {"comm_d_proofs", "comm_r_last_proof", "replica_column_proofs", "labeling_proofs", "encoding_proof"};
    private static final String[] VARIANT_FIELDS = {"root", "leaf", "path", "base_proof", "sub_proof", "top_proof"};
    private static final int SINGLE_FIELDS = 0b000111;
    private static final int SUB_FIELDS = 0b011011;
    private static final int TOP_FIELDS = 0b111011;
    private static final String[] PATH_ELEMENT_FIELDS = {"hashes", "index"};
    private static final String[] COLUMN_PROOF_FIELDS = {"column", "inclusion_proof"};
    private static final String[] COLUMN_FIELDS = {"index", "rows", "_h"};
    private static final String[] REPLICA_COLUMN_FIELDS = {"c_x", "drg_parents", "exp_parents"};
    private static final String[] LABELING_FIELDS = {"parents", "layer_index", "node"};
    private static final String[] MERKLE_PROOF_FIELDS = {"data"};
    private static final String[] INCLUSION_PATH_FIELDS = {"path"};

    /** The scalar modulus r, little-endian, for the canonical-encoding check. */
    private static final byte[] R_LE = littleEndian32(Fr.MODULUS);
    private static final long U32_MAX = 0xFFFF_FFFFL;

    private final JsonParser p;
    private final String source;
    private final EndTrackingInputStream input;
    private final JsonPathTrail path = new JsonPathTrail();
    private int partition = -1;
    private int challenge = -1;
    private SectorShape shape;
    private RegisteredSealProof registeredProof;

    private C1Reader(JsonParser p, String source, EndTrackingInputStream input) {
        this.p = p;
        this.source = source;
        this.input = input;
    }

    /** Reads and validates the C1 file at {@code file}. */
    public static C1Output read(Path file) throws IOException {
        try (InputStream in = new BufferedInputStream(Files.newInputStream(file), 1 << 16)) {
            return read(in, file.toString());
        }
    }

    /**
     * Reads and validates a C1 document from {@code in} (not closed), naming it {@code source} in
     * errors (a path or URI: any Hadoop file system stream serves).
     */
    public static C1Output read(InputStream in, String source) throws IOException {
        EndTrackingInputStream tracked = new EndTrackingInputStream(in);
        try (JsonParser p = FACTORY.createParser(tracked)) {
            return new C1Reader(p, source, tracked).readDocument();
        }
    }

    private C1Output readDocument() throws IOException {
        C1Output out;
        try {
            if (p.nextToken() == null) {
                throw truncated("the file is empty");
            }
            out = readRoot();
        } catch (JsonEOFException e) {
            throw truncated(JsonProblems.describe(e));
        } catch (JsonProcessingException e) {
            if (input.reachedEnd() && !(e instanceof StreamConstraintsException)
                    && byteOffset(p.currentLocation()) >= input.bytesRead()) {
                // Jackson reports some cuts (a token cut short, such as "nu") as plain parse errors;
                // an error found at the end of the data, after the stream was read to its end, is a cut.
                throw truncated(JsonProblems.describe(e));
            }
            throw new C1FormatException(source, path.toString(), partition, challenge,
                    byteOffset(p.currentLocation()), false, "malformed JSON: " + JsonProblems.describe(e), e);
        }
        // The object is complete: whatever follows, even a cut or unparsable token, is extra data.
        long end = byteOffset(p.currentLocation());
        JsonToken after;
        try {
            after = p.nextToken();
        } catch (JsonProcessingException e) {
            after = JsonToken.NOT_AVAILABLE;
        }
        if (after != null) {
            throw new C1FormatException(source, "", -1, -1, end, false, "trailing data after the C1 object", null);
        }
        return out;
    }

    private C1Output readRoot() throws IOException {
        require(JsonToken.START_OBJECT, "a SealCommitPhase1Output object");
        VanillaProof[][] proofs = null;
        byte[][] values = new byte[ROOT_FIELDS.length][];
        int seen = 0;
        while (next() == JsonToken.FIELD_NAME) {
            int f = field(ROOT_FIELDS, seen);
            seen |= 1 << f;
            next();
            switch (f) {
                case 0 -> readRegisteredProof();
                case 1 -> proofs = readVanillaProofs();
                default -> values[f] = readHash(f <= 4);
            }
            path.pop();
        }
        requireAll(seen, ROOT_FIELDS);
        return new C1Output(registeredProof, proofs, values[2], values[3], values[4], values[5], values[6]);
    }

    private void readRegisteredProof() throws IOException {
        require(JsonToken.VALUE_STRING, "a registered proof name such as \"StackedDrg32GiBV1_1\"");
        String name = p.getText();
        RegisteredSealProof proof = RegisteredSealProof.ofSerdeName(name);
        if (proof == null) {
            throw fail("unknown registered proof " + Excerpt.quoted(name));
        }
        if (proof.version() == RegisteredSealProof.Version.V1_2_NON_INTERACTIVE) {
            throw fail("non-interactive PoRep (" + name + ") is not supported: its partitions and challenges "
                    + "differ from interactive PoRep");
        }
        if (shape != null && proof.shape() != shape) {
            throw fail("registered proof " + name + " is for " + proof.shape().label() + " sectors but vanilla_proofs"
                    + " holds " + shape.vanillaProofKey());
        }
        shape = proof.shape();
        registeredProof = proof;
    }

    private VanillaProof[][] readVanillaProofs() throws IOException {
        require(JsonToken.START_OBJECT, "an object with one key naming the sector size, e.g. "
                + "{\"StackedDrg32GiBV1\": [...]}");
        if (next() != JsonToken.FIELD_NAME) {
            throw fail("expected one key such as \"StackedDrg2KiBV1\", found an empty object");
        }
        String key = p.currentName();
        SectorShape keyed = SectorShape.ofVanillaProofKey(key);
        if (keyed == null) {
            throw fail("unknown vanilla proof key " + Excerpt.quoted(key)
                    + " (expected StackedDrg{2KiB,8MiB,512MiB,32GiB,64GiB}V1)");
        }
        if (shape != null && keyed != shape) {
            throw fail("vanilla proof key \"" + key + "\" does not match registered proof "
                    + registeredProof.serdeName() + " (expected \"" + shape.vanillaProofKey() + "\")");
        }
        shape = keyed;
        path.field(key);
        next();
        VanillaProof[][] proofs = readPartitions();
        path.pop();
        if (next() != JsonToken.END_OBJECT) {
            throw fail("expected exactly one key, found a second one " + Excerpt.quoted(p.currentName()));
        }
        return proofs;
    }

    private VanillaProof[][] readPartitions() throws IOException {
        int partitions = shape.partitions();
        require(JsonToken.START_ARRAY, "an array of " + partitions + " partitions");
        VanillaProof[][] out = new VanillaProof[partitions][];
        for (int k = 0; ; k++) {
            if (next() == JsonToken.END_ARRAY) {
                if (k != partitions) {
                    throw fail("expected " + partitions + " partitions for " + shape.label() + ", found " + k);
                }
                return out;
            }
            path.index(k);
            if (k == partitions) {
                throw fail("extra partition: " + shape.label() + " sectors have " + partitions + " partitions");
            }
            partition = k;
            out[k] = readPartition();
            partition = -1;
            path.pop();
        }
    }

    private VanillaProof[] readPartition() throws IOException {
        int challenges = shape.challengesPerPartition();
        require(JsonToken.START_ARRAY, "an array of " + challenges + " challenge proofs");
        VanillaProof[] out = new VanillaProof[challenges];
        for (int i = 0; ; i++) {
            if (next() == JsonToken.END_ARRAY) {
                if (i != challenges) {
                    throw fail("expected " + challenges + " challenges per partition for " + shape.label()
                            + ", found " + i);
                }
                return out;
            }
            path.index(i);
            if (i == challenges) {
                throw fail("extra challenge: " + shape.label() + " partitions have " + challenges + " challenges");
            }
            challenge = i;
            out[i] = readVanillaProof();
            challenge = -1;
            path.pop();
        }
    }

    private VanillaProof readVanillaProof() throws IOException {
        require(JsonToken.START_OBJECT, "a vanilla proof object");
        MerkleProof commD = null;
        MerkleProof commRLast = null;
        ReplicaColumnProof columns = null;
        LabelingProof[] labeling = null;
        EncodingProof encoding = null;
        int seen = 0;
        while (next() == JsonToken.FIELD_NAME) {
            int f = field(PROOF_FIELDS, seen);
            seen |= 1 << f;
            next();
            switch (f) {
                case 0 -> commD = readMerkleProof(shape.treeD());
                case 1 -> commRLast = readMerkleProof(shape.treeR());
                case 2 -> columns = readReplicaColumnProof();
                case 3 -> labeling = readLabelingProofs();
                default -> encoding = readEncodingProof();
            }
            path.pop();
        }
        requireAll(seen, PROOF_FIELDS);
        return new VanillaProof(commD, commRLast, columns, labeling, encoding);
    }

    private MerkleProof readMerkleProof(TreeShape tree) throws IOException {
        String variant = tree.variant().serdeName();
        require(JsonToken.START_OBJECT, "a Merkle proof {\"data\": {\"" + variant + "\": ...}}");
        if (next() != JsonToken.FIELD_NAME) {
            throw fail("missing field \"data\"");
        }
        int f = field(MERKLE_PROOF_FIELDS, 0);
        next();
        require(JsonToken.START_OBJECT, "{\"" + variant + "\": {...}}");
        if (next() != JsonToken.FIELD_NAME) {
            throw fail("expected the " + variant + " proof variant, found an empty object");
        }
        String found = p.currentName();
        if (!found.equals(variant)) {
            throw fail("expected the " + variant + " proof variant for a tree of " + describe(tree) + ", found "
                    + Excerpt.quoted(found));
        }
        path.field(found);
        next();
        MerkleProof proof = readVariantBody(tree);
        path.pop();
        if (next() != JsonToken.END_OBJECT) {
            throw fail("expected exactly one proof variant, found a second one " + Excerpt.quoted(p.currentName()));
        }
        path.pop();
        if (next() != JsonToken.END_OBJECT) {
            field(MERKLE_PROOF_FIELDS, 1 << f);
        }
        return proof;
    }

    private MerkleProof readVariantBody(TreeShape tree) throws IOException {
        require(JsonToken.START_OBJECT, "the " + tree.variant().serdeName() + " proof object");
        int allowed = switch (tree.variant()) {
            case SINGLE -> SINGLE_FIELDS;
            case SUB -> SUB_FIELDS;
            case TOP -> TOP_FIELDS;
        };
        byte[] root = null;
        byte[] leaf = null;
        byte[] siblings = new byte[tree.siblingCount() * MerkleProof.HASH_BYTES];
        int[] indices = new int[tree.levels()];
        int seen = 0;
        while (next() == JsonToken.FIELD_NAME) {
            int f = field(VARIANT_FIELDS, seen);
            if ((allowed & (1 << f)) == 0) {
                throw fail("field \"" + VARIANT_FIELDS[f] + "\" does not belong to a " + tree.variant().serdeName()
                        + " proof");
            }
            seen |= 1 << f;
            next();
            switch (f) {
                case 0 -> root = readHash(true);
                case 1 -> leaf = readHash(true);
                case 2, 3 -> readInclusionPath(tree, 0, tree.baseLevels(), siblings, indices);
                case 4 -> readInclusionPath(tree, tree.baseLevels(), 1, siblings, indices);
                default -> readInclusionPath(tree, tree.baseLevels() + 1, 1, siblings, indices);
            }
            path.pop();
        }
        for (int f = 0; f < VARIANT_FIELDS.length; f++) {
            if ((allowed & (1 << f)) != 0 && (seen & (1 << f)) == 0) {
                throw fail("missing field \"" + VARIANT_FIELDS[f] + "\"");
            }
        }
        return new MerkleProof(tree, root, leaf, siblings, indices);
    }

    private void readInclusionPath(TreeShape tree, int firstLevel, int count, byte[] siblings, int[] indices)
            throws IOException {
        require(JsonToken.START_OBJECT, "an inclusion path {\"path\": [...]}");
        if (next() != JsonToken.FIELD_NAME) {
            throw fail("missing field \"path\"");
        }
        int f = field(INCLUSION_PATH_FIELDS, 0);
        next();
        require(JsonToken.START_ARRAY, "an array of " + count + " path elements");
        for (int e = 0; ; e++) {
            if (next() == JsonToken.END_ARRAY) {
                if (e != count) {
                    throw fail("expected " + count + " path elements for a tree of " + describe(tree) + ", found " + e);
                }
                break;
            }
            path.index(e);
            if (e == count) {
                throw fail("extra path element: expected " + count + " for a tree of " + describe(tree));
            }
            readPathElement(tree, firstLevel + e, siblings, indices);
            path.pop();
        }
        path.pop();
        if (next() != JsonToken.END_OBJECT) {
            field(INCLUSION_PATH_FIELDS, 1 << f);
        }
    }

    private void readPathElement(TreeShape tree, int level, byte[] siblings, int[] indices) throws IOException {
        require(JsonToken.START_OBJECT, "a path element {\"hashes\": [...], \"index\": n}");
        int arity = tree.arityAt(level);
        int seen = 0;
        while (next() == JsonToken.FIELD_NAME) {
            int f = field(PATH_ELEMENT_FIELDS, seen);
            seen |= 1 << f;
            next();
            if (f == 0) {
                readHashes(siblings, tree.siblingOffset(level) * MerkleProof.HASH_BYTES, arity - 1,
                        "sibling hashes (arity " + arity + ")");
            } else {
                indices[level] = (int) readUnsigned(arity - 1, "a child position 0.." + (arity - 1));
            }
            path.pop();
        }
        requireAll(seen, PATH_ELEMENT_FIELDS);
    }

    private ReplicaColumnProof readReplicaColumnProof() throws IOException {
        require(JsonToken.START_OBJECT, "a replica column proof object");
        ColumnProof cX = null;
        ColumnProof[] drg = null;
        ColumnProof[] exp = null;
        int seen = 0;
        while (next() == JsonToken.FIELD_NAME) {
            int f = field(REPLICA_COLUMN_FIELDS, seen);
            seen |= 1 << f;
            next();
            switch (f) {
                case 0 -> cX = readColumnProof();
                case 1 -> drg = readColumnProofs(VanillaProof.DRG_PARENTS, "DRG parent columns");
                default -> exp = readColumnProofs(VanillaProof.EXP_PARENTS, "expander parent columns");
            }
            path.pop();
        }
        requireAll(seen, REPLICA_COLUMN_FIELDS);
        return new ReplicaColumnProof(cX, drg, exp);
    }

    private ColumnProof[] readColumnProofs(int count, String what) throws IOException {
        require(JsonToken.START_ARRAY, "an array of " + count + " " + what);
        ColumnProof[] out = new ColumnProof[count];
        for (int i = 0; ; i++) {
            if (next() == JsonToken.END_ARRAY) {
                if (i != count) {
                    throw fail("expected " + count + " " + what + ", found " + i);
                }
                return out;
            }
            path.index(i);
            if (i == count) {
                throw fail("expected " + count + " " + what + ", found more");
            }
            out[i] = readColumnProof();
            path.pop();
        }
    }

    private ColumnProof readColumnProof() throws IOException {
        require(JsonToken.START_OBJECT, "a column proof {\"column\": ..., \"inclusion_proof\": ...}");
        long[] index = new long[1];
        byte[] rows = null;
        MerkleProof inclusion = null;
        int seen = 0;
        while (next() == JsonToken.FIELD_NAME) {
            int f = field(COLUMN_PROOF_FIELDS, seen);
            seen |= 1 << f;
            next();
            if (f == 0) {
                rows = readColumn(index);
            } else {
                inclusion = readMerkleProof(shape.treeR());
            }
            path.pop();
        }
        requireAll(seen, COLUMN_PROOF_FIELDS);
        return new ColumnProof(index[0], rows, inclusion);
    }

    /** Reads a Column object, returning its rows and storing its node index in {@code index[0]}. */
    private byte[] readColumn(long[] index) throws IOException {
        require(JsonToken.START_OBJECT, "a column {\"index\": n, \"rows\": [...], \"_h\": null}");
        byte[] rows = null;
        int seen = 0;
        while (next() == JsonToken.FIELD_NAME) {
            int f = field(COLUMN_FIELDS, seen);
            seen |= 1 << f;
            next();
            switch (f) {
                case 0 -> index[0] = readUnsigned(shape.nodes() - 1, "a node index below " + shape.nodes());
                case 1 -> {
                    rows = new byte[shape.layers() * MerkleProof.HASH_BYTES];
                    readHashes(rows, 0, shape.layers(), "rows (one label per layer)");
                }
                default -> require(JsonToken.VALUE_NULL, "null (serde's PhantomData)");
            }
            path.pop();
        }
        requireAll(seen, COLUMN_FIELDS);
        return rows;
    }

    private LabelingProof[] readLabelingProofs() throws IOException {
        int layers = shape.layers();
        require(JsonToken.START_ARRAY, "an array of " + layers + " labeling proofs");
        LabelingProof[] out = new LabelingProof[layers];
        for (int l = 0; ; l++) {
            if (next() == JsonToken.END_ARRAY) {
                if (l != layers) {
                    throw fail("expected " + layers + " labeling proofs (one per layer), found " + l);
                }
                return out;
            }
            path.index(l);
            if (l == layers) {
                throw fail("expected " + layers + " labeling proofs (one per layer), found more");
            }
            byte[] parents = new byte[VanillaProof.LABEL_PARENTS * MerkleProof.HASH_BYTES];
            long[] layerAndNode = readParentsObject(parents, l + 1);
            out[l] = new LabelingProof(parents, (int) layerAndNode[0], layerAndNode[1]);
            path.pop();
        }
    }

    private EncodingProof readEncodingProof() throws IOException {
        byte[] parents = new byte[VanillaProof.LABEL_PARENTS * MerkleProof.HASH_BYTES];
        long[] layerAndNode = readParentsObject(parents, shape.layers());
        return new EncodingProof(parents, (int) layerAndNode[0], layerAndNode[1]);
    }

    /** Reads {"parents", "layer_index", "node"}, requiring the layer index {@code layer}. */
    private long[] readParentsObject(byte[] parents, int layer) throws IOException {
        require(JsonToken.START_OBJECT, "an object {\"parents\": [...], \"layer_index\": n, \"node\": n}");
        long[] layerAndNode = new long[2];
        int seen = 0;
        while (next() == JsonToken.FIELD_NAME) {
            int f = field(LABELING_FIELDS, seen);
            seen |= 1 << f;
            next();
            switch (f) {
                case 0 -> readHashes(parents, 0, VanillaProof.LABEL_PARENTS, "parent labels");
                case 1 -> {
                    layerAndNode[0] = readUnsigned(U32_MAX, "a layer index (u32)");
                    if (layerAndNode[0] != layer) {
                        throw fail("expected layer_index " + layer + ", found " + layerAndNode[0]);
                    }
                }
                default -> layerAndNode[1] = readUnsigned(shape.nodes() - 1, "a node index below " + shape.nodes());
            }
            path.pop();
        }
        requireAll(seen, LABELING_FIELDS);
        return layerAndNode;
    }

    private void readHashes(byte[] dst, int offset, int count, String what) throws IOException {
        require(JsonToken.START_ARRAY, "an array of " + count + " " + what);
        for (int i = 0; ; i++) {
            if (next() == JsonToken.END_ARRAY) {
                if (i != count) {
                    throw fail("expected " + count + " " + what + ", found " + i);
                }
                return;
            }
            path.index(i);
            if (i == count) {
                throw fail("expected " + count + " " + what + ", found more");
            }
            readHashInto(dst, offset + i * MerkleProof.HASH_BYTES, true);
            path.pop();
        }
    }

    private byte[] readHash(boolean fieldElement) throws IOException {
        byte[] out = new byte[MerkleProof.HASH_BYTES];
        readHashInto(out, 0, fieldElement);
        return out;
    }

    /** Reads a 32-byte array; a field element must also be the canonical encoding (below r). */
    private void readHashInto(byte[] dst, int offset, boolean fieldElement) throws IOException {
        require(JsonToken.START_ARRAY, "a 32-byte array");
        for (int j = 0; ; j++) {
            JsonToken t = next();
            if (t == JsonToken.VALUE_NUMBER_INT && j < MerkleProof.HASH_BYTES
                    && p.getNumberType() == JsonParser.NumberType.INT) {
                int v = p.getIntValue();
                if ((v & ~0xFF) == 0) {
                    dst[offset + j] = (byte) v;
                    continue;
                }
            }
            if (t == JsonToken.END_ARRAY) {
                if (j != MerkleProof.HASH_BYTES) {
                    throw fail("expected 32 bytes, found " + j);
                }
                break;
            }
            if (j == MerkleProof.HASH_BYTES) {
                throw fail("expected 32 bytes, found more");
            }
            path.index(j);
            throw fail("expected a byte 0..255, found "
                    + (t == JsonToken.VALUE_NUMBER_INT ? Excerpt.plain(p.getText()) : describe(t)));
        }
        if (fieldElement && !belowModulus(dst, offset)) {
            throw fail("not a canonical field element: " + HexFormat.of().formatHex(dst, offset, offset + 32)
                    + " (little-endian) is not below the BLS12-381 scalar modulus");
        }
    }

    private long readUnsigned(long max, String what) throws IOException {
        JsonToken t = p.currentToken();
        if (t != JsonToken.VALUE_NUMBER_INT) {
            throw fail("expected " + what + ", found " + describe(t));
        }
        if (p.getNumberType() == JsonParser.NumberType.BIG_INTEGER) {
            throw fail("expected " + what + ", found " + Excerpt.plain(p.getText()));
        }
        long v = p.getLongValue();
        if (v < 0 || v > max) {
            throw fail("expected " + what + ", found " + v);
        }
        return v;
    }

    private static boolean belowModulus(byte[] v, int offset) {
        for (int i = 31; i >= 0; i--) {
            int a = v[offset + i] & 0xFF;
            int b = R_LE[i] & 0xFF;
            if (a != b) {
                return a < b;
            }
        }
        return false;
    }

    private JsonToken next() throws IOException {
        JsonToken t = p.nextToken();
        if (t == null) {
            throw truncated("the file ends before the document does");
        }
        return t;
    }

    private void require(JsonToken want, String what) throws IOException {
        JsonToken t = p.currentToken();
        if (t != want) {
            throw fail("expected " + what + ", found " + describe(t));
        }
    }

    /** Current token is a field name: returns its index in {@code names}, pushing it on the path. */
    private int field(String[] names, int seen) throws IOException {
        String name = p.currentName();
        for (int f = 0; f < names.length; f++) {
            if (names[f].equals(name)) {
                if ((seen & (1 << f)) != 0) {
                    throw fail("field " + Excerpt.quoted(name) + " appears twice");
                }
                path.field(name);
                return f;
            }
        }
        throw fail("unexpected field " + Excerpt.quoted(name) + " (expected " + String.join(", ", names) + ")");
    }

    private void requireAll(int seen, String[] names) throws C1FormatException {
        for (int f = 0; f < names.length; f++) {
            if ((seen & (1 << f)) == 0) {
                throw fail("missing field \"" + names[f] + "\"");
            }
        }
    }

    /**
     * The token in words. A string's text is read only here, and a file cut inside it fails here,
     * as the truncation it is.
     */
    private String describe(JsonToken t) throws IOException {
        if (t == null) {
            return "end of file";
        }
        return switch (t) {
            case START_OBJECT -> "an object";
            case START_ARRAY -> "an array";
            case END_OBJECT -> "the end of an object";
            case END_ARRAY -> "the end of an array";
            case FIELD_NAME -> "field " + Excerpt.quoted(p.currentName());
            case VALUE_STRING -> "string " + Excerpt.quoted(p.getText());
            case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> "number " + Excerpt.plain(p.getText());
            case VALUE_TRUE -> "true";
            case VALUE_FALSE -> "false";
            case VALUE_NULL -> "null";
            default -> "a value";
        };
    }

    private static String describe(TreeShape tree) {
        StringBuilder s = new StringBuilder("arity ").append(tree.baseArity()).append(", ")
                .append(tree.baseLevels()).append(" base levels");
        if (tree.subArity() > 0) {
            s.append(", sub arity ").append(tree.subArity());
        }
        if (tree.topArity() > 0) {
            s.append(", top arity ").append(tree.topArity());
        }
        return s.toString();
    }

    private C1FormatException fail(String problem) {
        return new C1FormatException(source, path.toString(), partition, challenge,
                byteOffset(p.currentTokenLocation()), false, problem, null);
    }

    private C1FormatException truncated(String detail) {
        return new C1FormatException(source, path.toString(), partition, challenge,
                byteOffset(p.currentLocation()), true, detail, null);
    }

    private static long byteOffset(JsonLocation at) {
        long b = at.getByteOffset();
        return b >= 0 ? b : at.getCharOffset();
    }

    private static byte[] littleEndian32(java.math.BigInteger v) {
        byte[] be = v.toByteArray();
        byte[] le = new byte[32];
        for (int i = 0; i < 32 && i < be.length; i++) {
            le[i] = be[be.length - 1 - i];
        }
        return le;
    }
}
